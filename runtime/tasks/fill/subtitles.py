"""A video's subtitles (SubRip ``.srt``, WebVTT) read as the text that is spoken.

Captions saved as text hold, per cue, its number, its timecodes ("00:00:24,700 --> 00:00:29,900")
and one or two lines of what is said, a sentence often cut across two cues ("we're at 3.1
million" / "dollars in annual recurring revenue"; "二〇二五年，锦岫实现营业收入" / "三点六亿元，…").
Read as they stand, the cue numbers and times pass for figures and a figure's words fall in two
paragraphs. Here the cues' text is joined back into sentences (a line per sentence, a speaker's
"JUDGE:" turn on a line of its own); sound tags ("[MUSIC]", "（音乐）") are no text; a first cue
with no sentence in it ("《一片叶子的旅程》", a film's caption) stands on its own line as the title.
"""

from __future__ import annotations

import re

__all__ = ["subtitle_text"]

#: a cue's timing line: "00:00:24,700 --> 00:00:29,900" (SubRip) or "00:24.700 --> 00:29.900" (WebVTT)
_TIMING = re.compile(r"^[ \t]*(?:\d{1,2}:)?\d{1,2}:\d{2}[,.]\d{1,3}[ \t]+-->[ \t]+(?:\d{1,2}:)?\d{1,2}:\d{2}[,.]\d{1,3}.*$")
#: a sound or music tag standing for no words: "[MUSIC]", "(applause)", "（音乐）", "♪"
_SOUND = re.compile(r"^\s*(?:[\[(（【][^\])）】]{1,20}[\])）】]|♪+[^\n]*)\s*$")
#: where a sentence ends (the cue after it starts a new line)
_ENDS = re.compile(r"[.!?。！？…\"”’»)）]\s*$")
#: a speaker's turn at a cue's start ("JUDGE: How do you win?", "RAVI: …", "主持人：…")
_SPEAKER = re.compile(r"^(?:[A-Z][A-Za-z.'-]{0,20}(?: [A-Z][A-Za-z.'-]{0,20}){0,2}|[\u4e00-\u9fff]{2,4})[:：]\s")
#: a sentence's marks: a cue without them holds no sentence
_CLAUSE_MARK = re.compile(r"[.!?,;。！？，；、]")


def _cues(raw: str) -> list[str] | None:
    """The text of each cue, its lines joined; None unless ``raw`` is three cues or more and
    (a WebVTT header and notes aside) nothing else."""
    text = raw.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    blocks = [b for b in re.split(r"\n[ \t]*\n", text.strip()) if b.strip()]
    if blocks and blocks[0].strip().upper().startswith("WEBVTT"):
        blocks = blocks[1:]
    cues: list[str] = []
    for b in blocks:
        lines = [x.strip() for x in b.split("\n")]
        if lines and re.fullmatch(r"\d{1,5}", lines[0]):
            lines = lines[1:]  # the cue's number
        if not lines or not _TIMING.match(lines[0]):
            if lines and lines[0].upper().startswith(("NOTE", "STYLE")):
                continue  # a WebVTT comment or style block
            return None
        said = [re.sub(r"</?[a-z][^>]*>", "", x) for x in lines[1:] if x]  # (<i>…</i>, <v Ravi>)
        cjk = any(re.search(r"[\u4e00-\u9fff]", x) for x in said)
        cues.append(("" if cjk else " ").join(said).strip())
    return cues if len(cues) >= 3 else None


def subtitle_text(raw: str) -> str | None:
    """The spoken text of a subtitle file (a line per sentence), or None when ``raw`` is none."""
    cues = _cues(raw)
    if cues is None:
        return None
    out: list[str] = []
    buf = ""
    for i, cue in enumerate(c for c in cues if c and not _SOUND.match(c)):
        if i == 0 and len(cue) <= 40 and not _CLAUSE_MARK.search(cue):
            out += [cue, ""]  # the film's caption: its title
            continue
        if buf and _SPEAKER.match(cue):
            out.append(buf)  # a new speaker's turn
            buf = ""
        # (Chinese goes on with no space: "…实现营业收入" / "三点六亿元，…")
        wide = bool(buf) and (not buf[-1].isascii() and not cue[0].isascii() or re.search(r"[\u3000-\u9fff\uff00-\uffef]$", buf)
                              and re.match(r"[\u3000-\u9fff\uff00-\uffef\d]", cue))
        buf = f"{buf}{'' if wide or not buf else ' '}{cue}"
        if _ENDS.search(cue):
            out.append(buf)
            buf = ""
    if buf:
        out.append(buf)
    return "\n\n".join(out) + "\n"
