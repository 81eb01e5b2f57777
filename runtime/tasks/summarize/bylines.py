"""Bylines and datelines: the agency, place and reporter a news text opens with.

"新浪体育讯　北京时间…", "新华社北京3月5日电（记者 王明）", "本报讯（记者 李华）",
"(CNN) -- …", "LONDON (Reuters) - …", "WASHINGTON — …" say who wrote the
story and where, not what happened: in a summary or a headline they are
noise.  The rules are about the form, not any outlet's name: a short run of
letters ending in 讯 or 电 (with an optional date) before a space, bracket or
mark; a reporter credit in brackets; an upper-case place and/or a bracketed
agency before a dash; a "By …" line.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .segment import Sentence

# a short name (2-16 letters, no punctuation) and 讯, or a name, place and
# date and 电 (a wire), then a space, bracket or colon: "新浪体育讯　",
# "本报讯：", "新华社北京3月5日电 ", "中新网上海3月5日电（记者 李华）"; words that
# end in 电 or 讯 (发电, 通讯) are followed by text or a comma instead
_ZH_DATELINE = re.compile(
    r"^[\u4e00-\u9fffA-Za-z]{2,16}(?:讯|\d{1,2}月\d{1,2}日电)(?=[\s\u3000（(【\[：:])"
)
_ZH_CREDIT = re.compile(r"^\s*[（(【\[](?:[^（()）【】\[\]]{0,12}?(?:记者|通讯员|编辑|作者|实习生)"
                        r"[^（()）【】\[\]]{0,30})[）)】\]]")
_ZH_TRAIL = re.compile(r"^[\s\u3000：:，,]+")
# "(CNN) --", "(Reuters) -", "LONDON (Reuters) -", "NEW YORK, N.Y. (AP) —",
# "WASHINGTON —": an upper-case place and/or a bracketed agency, then a dash
_EN_DATELINE = re.compile(
    r"^(?:[A-Z][A-Z.'-]+(?:[ ,]+[A-Z][A-Za-z.'-]*){0,4}\s*)?"
    r"(?:\((?:[A-Z][A-Za-z.]*)(?:[ -][A-Z][A-Za-z.]*){0,3}\)\s*)?(?:--|—|–|-)\s+"
)
_EN_PLACE_ONLY = re.compile(r"^[A-Z][A-Z.'-]+")
# "(CNN)The ferry…", "London (CNN)A photo…", "(The Hollywood Reporter)Melissa…": a bracketed
# agency of capitalised words, after an optional capitalised place ("Naypyidaw, Myanmar"),
# run straight into the story's first word (text copied from a web page loses the space
# and dash); a bracket followed by a space is an ordinary aside ("Apple (AAPL) rose")
_EN_GLUED = re.compile(
    r"^(?:[A-Z][\w.'-]*(?:,?\s+[A-Z][\w.'-]*){0,3}\s+)?"
    r"\((?:[A-Z][\w.&'-]*)(?:\s+[A-Z][\w.&'-]*){0,3}\)(?=[A-Z0-9\"'“‘])"
)
# "March 19, 2015 ." / "Last updated 5 May 2014": a sentence that is only a date
_EN_DATE_ONLY = re.compile(
    r"^(?:(?:Last\s+)?(?:updated|published)\s*:?\s*)?(?:\d{1,2}\s+)?"
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December)\s+(?:\d{1,2},?\s+)?(?:19|20)\d\d\s*\.?$", re.IGNORECASE)
# "By Jane Smith." / "By . Daily Mail Reporter ." / "PUBLISHED: . 08:14 EST, 1 May 2013 ."
_EN_CREDIT = re.compile(
    r"^(?:By\s+(?:\.\s*)?[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,4}\s*(?:\.|$)"
    r"|(?:PUBLISHED|UPDATED|Last updated)\b[^|]{0,60}?\b(?:19|20)\d\d\b\s*\.?)"
)


def strip(text: str, lang: str) -> str:
    """``text`` without the byline or dateline it opens with ('' when that is all it is)."""
    out = text
    if lang == "zh" or re.match(r"^[\u4e00-\u9fff]", text):
        for _ in range(3):
            before = out
            out = _ZH_DATELINE.sub("", out, count=1)
            out = _ZH_CREDIT.sub("", out, count=1)
            out = _ZH_TRAIL.sub("", out, count=1)
            if out == before:
                break
    else:
        glued = _EN_GLUED.match(out)
        if glued:
            out = out[glued.end():]
        m = _EN_DATELINE.match(out)
        # a dash after a capitalised word alone is an ordinary sentence
        # ("Smith - who …"): the place must be upper-case or the agency bracketed
        if m and ("(" in m.group(0) or _EN_PLACE_ONLY.match(m.group(0)) and
                  m.group(0).split()[0].isupper() and len(m.group(0).split()[0]) > 2):
            out = out[m.end():]
        for _ in range(4):
            m = _EN_CREDIT.match(out)
            if not m:
                break
            out = out[m.end():].lstrip(" .|")
    return out.strip()


def clean(sentences: list[Sentence], lang: str) -> list[Sentence]:
    """The sentences with the opening byline/dateline of each paragraph removed, renumbered.

    A sentence that was nothing but a byline is dropped.
    """
    out: list[Sentence] = []
    first_of: set[int] = set()
    for s in sentences:
        text = s.text
        if s.paragraph not in first_of:
            first_of.add(s.paragraph)
            text = strip(text, lang)
        elif lang == "en" and _EN_CREDIT.match(text):
            text = strip(text, lang)
        if lang == "en" and _EN_DATE_ONLY.match(text.strip()):
            continue  # a dateline on its own: no fact to summarize
        if any(ch.isalnum() for ch in text):
            out.append(replace(s, index=len(out), text=text))
    return out or sentences


def strip_text(text: str, lang: str) -> str:
    """``text`` with the byline or dateline opening each paragraph removed (what a model reads)."""
    out = []
    for para in text.split("\n\n"):
        head = para.lstrip()
        stripped = strip(head, lang) if head else head
        out.append(stripped if stripped else para)
    return "\n\n".join(out)
