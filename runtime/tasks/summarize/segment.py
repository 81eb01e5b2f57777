"""Language detection and sentence segmentation for English and Chinese.

Extractive summaries are made of whole sentences, so the splitter decides what
a user reads: it must not cut "Dr. Smith" or "3.5 million" in two, and it must
know that Chinese ends sentences with full-width punctuation and no space.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ...errors import TaskError, UsageError

LANGS = ("en", "zh")

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002a6df]")
_LATIN = re.compile(r"[A-Za-z]")

# Chinese sentence ends: 。！？ (and ASCII !? used inside Chinese text), the
# ellipsis, and semicolons; closing quotes/brackets stay with their sentence.
# Text typed with half-width punctuation (common in scientific abstracts) ends
# sentences with "." right after a Chinese character, a bracket or "%"; a "."
# between digits is a decimal point and never matches.
_ZH_END = re.compile(
    r"([。！？!?；;]|……|…|(?<=[\u3400-\u9fff\uf900-\ufaff）)%])\.(?!\d))([”’」』）)\]】》\"']*)"
)
# English candidate ends: . ! ? followed by optional closers, then space.
_EN_END = re.compile(r"([.!?]+)([\"'”’)\]]*)(\s+)")
_ABBREV = {
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "inc", "ltd", "co",
    "corp", "gen", "gov", "sen", "rep", "rev", "lt", "col", "capt", "sgt", "no", "fig",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "mt", "ft", "al", "e.g", "i.e", "u.s", "u.k", "u.n", "a.m", "p.m",
}


@dataclass(frozen=True)
class Sentence:
    """One sentence and where it came from (its order in the document)."""

    index: int
    text: str
    paragraph: int


_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff]")
_WORDS = re.compile(r"[a-zà-ÿ]+")
# frequent function words: English ones against those of the other languages
# written in Latin script that a user is most likely to paste
_EN_FUNCTION = frozenset("the of and to in is that for it was on with as are this be by".split())
_OTHER_FUNCTION = {
    "French": frozenset("le la les des est une du et dans pour qui sur avec pas au aux ce".split()),
    "German": frozenset("der die das und ist nicht mit von den dem zu ein eine auf für sich".split()),
    "Spanish": frozenset("el los las del que es por una con para como se su lo y".split()),
    "Portuguese": frozenset("os as do da que não uma com para em por se um ao".split()),
    "Italian": frozenset("il di che della non per una con sono gli nel si lo".split()),
    "Dutch": frozenset("de het een van en niet met op zijn voor dat ook aan".split()),
}


def _latin_language(text: str) -> str | None:
    """The other language a Latin-script text is clearly written in, if any."""
    words = _WORDS.findall(text.lower())
    if len(words) < 8:
        return None
    english = sum(w in _EN_FUNCTION for w in words)
    best, hits = None, 0
    for name, vocab in _OTHER_FUNCTION.items():
        n = sum(w in vocab for w in words)
        if n > hits:
            best, hits = name, n
    return best if hits >= 3 and hits >= 2 * max(english, 1) else None


def _unsupported(name: str) -> TaskError:
    return TaskError(
        f"the text looks like {name}, which o3-local cannot summarize yet (supported: "
        "English, Chinese); give the language (--lang en, or lang='en' in Python) to "
        "summarize it anyway",
        code="task.language",
    )


def detect_language(text: str) -> str:
    """Return ``"zh"`` or ``"en"`` by script and function words; raise :class:`TaskError` otherwise."""
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN.findall(text))
    letters = sum(1 for ch in text if unicodedata.category(ch).startswith("L"))
    if letters == 0:
        raise TaskError("the text has no words to summarize", code="task.empty")
    if len(_KANA.findall(text)) >= 0.1 * letters:
        raise _unsupported("Japanese")  # kanji alone would pass for Chinese
    if cjk >= 0.2 * letters or (cjk and cjk * 3 >= latin):
        return "zh"
    if latin >= 0.5 * letters:
        other = _latin_language(text)
        if other:
            raise _unsupported(other)
        return "en"
    raise TaskError(
        "cannot tell the language of the text (supported: English, Chinese)",
        code="task.language",
    )


def resolve_language(text: str, lang: str) -> str:
    """Validate the ``lang`` argument, detecting it when it is ``"auto"``."""
    if lang == "auto":
        return detect_language(text)
    if lang not in LANGS:
        raise UsageError(f"unknown language {lang!r} (use auto, en or zh)", code="usage.lang")
    return lang


def _split_zh(paragraph: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _ZH_END.finditer(paragraph):
        end = m.end()
        piece = paragraph[start:end].strip()
        if piece:
            out.append(piece)
        start = end
    tail = paragraph[start:].strip()
    if tail:
        out.append(tail)
    return _split_en_runs(out)


def _split_en_runs(pieces: list[str]) -> list[str]:
    """Chinese text often embeds English sentences; split those on ``. `` too."""
    out: list[str] = []
    for piece in pieces:
        if _CJK.search(piece):
            out.append(piece)
        else:
            out.extend(_split_en(piece))
    return out


_LIST_NUMBER = re.compile(r"\s*(?:\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,6})")


def _is_abbreviation(before: str) -> bool:
    word = re.search(r"([A-Za-z][A-Za-z.]*)$", before)
    if not word:
        return False
    token = word.group(1).lower().rstrip(".")
    return token in _ABBREV or len(token) == 1  # initials: "J. K. Rowling"


def _split_en(paragraph: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _EN_END.finditer(paragraph):
        before = paragraph[start : m.start()]
        after = paragraph[m.end() : m.end() + 1]
        if m.group(1) == "." and not _CJK.match(after) \
                and (_is_abbreviation(before) or _LIST_NUMBER.fullmatch(before)):
            continue  # "Dr. Lee", or "1. Introduction" (a numbered heading or item)
        if after and not (after.isupper() or after.isdigit() or after in "\"'“‘([" or _CJK.match(after)):
            # ("... 25% R&D. 本轮融资1,600万美元。": a bilingual text's Chinese sentence starts here)
            continue  # "e.g. the" or "3. million": no new sentence starts here
        piece = paragraph[start : m.end()].strip()
        if piece:
            out.append(piece)
        start = m.end()
    tail = paragraph[start:].strip()
    if tail:
        out.append(tail)
    return out


def split_sentences(text: str, lang: str) -> list[Sentence]:
    """Split ``text`` into sentences; blank lines and list items also end one."""
    sentences: list[Sentence] = []
    paragraphs = [p for p in re.split(r"\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)", text) if p.strip()]
    for p_index, paragraph in enumerate(paragraphs):
        flat = paragraph.strip()
        if lang == "zh":  # a line break inside Chinese text is no space
            flat = re.sub(r"(?<=[\u3000-\u9fff\uff00-\uffef])\s*\n\s*", "", flat)
        flat = re.sub(r"\s*\n\s*", " ", flat)
        pieces = _split_zh(flat) if lang == "zh" else _split_en(flat)
        for piece in pieces:
            if any(ch.isalnum() for ch in piece):
                sentences.append(Sentence(len(sentences), piece, p_index))
    return sentences


def split_clauses(sentence: str, lang: str) -> list[str]:
    """Split a sentence at commas (，、, ;) so over-long ones can be shortened."""
    pattern = r"(?<=[，、,：:])" if lang == "zh" else r"(?<=[,;:])\s+"
    return [c for c in re.split(pattern, sentence) if c.strip()]
