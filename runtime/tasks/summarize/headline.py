"""One-line summaries: the most central early sentence, compressed to a headline.

Headlines and titles (LCSTS's Weibo summaries, CSL's paper titles, a slide's
title line) are a fraction of a sentence long.  A whole lead sentence is
mostly words the headline leaves out, so the chosen sentence is compressed:
a leading discourse marker ("目的：", "日前，", "据新华社报道，") is dropped,
then whole clauses are kept from the front while they fit the budget.  Cutting
only at clause boundaries keeps every kept phrase as the source wrote it.
"""

from __future__ import annotations

import re

from .segment import split_clauses

#: budgets (characters) when the caller gives none.  Chinese: 40, the best of
#: 20/30/40/60 on the even rows of sum-lcsts and sum-csl-title (the odd rows
#: were kept for reporting).  English: 150, about one 23-word XSum sentence;
#: clause compression does not pay in English (XSum even rows, ROUGE-1:
#: 100 -> 14.2, 150 -> 16.0, 300 -> 17.3, the whole lead sentence 17.4)
DEFAULT_CHARS = {"zh": 40, "en": 150}

# markers that open a sentence without carrying its content
_ZH_MARKER = re.compile(
    r"^(?:(?:目的|方法|结果|结论|背景|摘要|目标|意义)\s*[:：]\s*"
    r"|(?:日前|近日|昨日|今日|昨天|今天|目前|近期|此前)[，,]\s*"
    r"|(?:北京时间|当地时间)?(?:\d{4}年)?\d{1,2}月\d{1,2}日(?:[上中下]午|凌晨|早间?|晚间?)?"
    r"(?:\d{1,2}[时点](?:\d{1,2}分)?(?:左右|许)?)?[，,]\s*"
    r"|据[^，,。:：]{0,15}?(?:报道|消息|介绍|了解|透露)[，,:：]\s*"
    r"|[^，,。:：]{0,12}?记者[^，,。:：]{0,12}?(?:获悉|了解到)[，,:：]\s*)"
)
_EN_MARKER = re.compile(r"^(?:\([A-Z]{2,10}\)\s*(?:--|—|-)\s*|[A-Z][A-Z ,.]{1,30}\s(?:--|—)\s*)")
_TRAIL = " ，,、；;：:。.！!？?"


# A headline must stand alone.  A line that opens by pointing back (a pronoun,
# "but", "also", a passive 被 without its subject: "近日被当地警方抓获") or that
# stops where its content was about to start ("某某表示", "X said:", a list cut
# at "、") is a fragment of the story, not a clause that tells it.
_ZH_OPENS_FRAGMENT = re.compile(
    r"^(?:(?:日前|近日|昨日|今日|目前|近期|此前|随后|后来|当天|当日|之后|最终|同时)?被"
    r"|(?:但是?|而且?|并且?|然而|因此|所以|于是|此外|另外|其中|对此|为此|同时|随后|然后|之后|此后"
    r"|他们?|她们?|它们?|其|并|也|还|又|却|就|才|则|即|亦)"
    r")"
)
# a cut line that is one clause opening with a preposition is only the setting
# ("在之后的论著中", "为克服…现象"): the clause that says what happened was cut
_ZH_SETTING = re.compile(r"^(?:在|为了?|随着|对于|由于|通过|根据|按照|针对|基于|作为|经过)[^，,；;：:]*$")
_ZH_ENDS_FRAGMENT = re.compile(
    r"(?:表示|称|说|指出|认为|介绍|透露|强调|坦言|回应|显示|发现|宣布|获悉|了解到|报道|消息|"
    r"的|在|对|从|为|与|和|及|或|被|把|将|因|由于|根据|按照|通过)$"
)
_EN_OPENS_FRAGMENT = re.compile(
    r"^(?:[a-z]|[\"“‘'(]|(?:He|She|It|They|We|I|You|His|Her|Its|Their|This|These|Those|That|"
    r"But|And|Or|So|However|Also|Meanwhile|Instead|Still|Yet|Then|Nor)\b)"
)
_EN_ENDS_FRAGMENT = re.compile(
    r"(?:\b(?:said|says|told|added|according to|the|a|an|of|to|and|or|with|for|in|on|by|that)"
    r"|[:;])$", re.I)


# the same in English: a cut line that is one opening clause ("In this paper", "As an
# example", "Since their invention", "According to … theory") sets the scene for a main
# clause that was cut off
_EN_SETTING = re.compile(
    r"^(?:In|As|Since|According to|To|For|With|By|When|While|Although|Though|If|Because|"
    r"After|Before|Despite|Unlike|Given|Under|Through|Following|Moreover|Furthermore|"
    r"Finally|Specifically|More precisely|Perhaps|Recently|Here|Thus|Hence)\b[^,;:]*$")
#: "We …", "I …", "You …" open a fragment only where they may go on a quote; in a text
#: without quote marks (an abstract, a report) they are the author's own voice
_EN_VOICE_OPENS = re.compile(r"^(?:We|I|You)\b")


def is_fragment(line: str, lang: str, cut: bool = False, authored: bool = False) -> bool:
    """Whether ``line`` cannot stand alone as a headline (``cut``: the sentence went on after it;
    ``authored``: the text has no quote marks, so "We …" is its author speaking)."""
    text = line.strip()
    if lang == "zh":
        return bool(_ZH_OPENS_FRAGMENT.match(text) or (cut and (
            _ZH_ENDS_FRAGMENT.search(text) or _ZH_SETTING.match(text))))
    opens = _EN_OPENS_FRAGMENT.match(text) and not (authored and _EN_VOICE_OPENS.match(text))
    return bool(opens or (cut and (_EN_ENDS_FRAGMENT.search(text) or _EN_SETTING.match(text))))


def strip_marker(sentence: str, lang: str) -> str:
    marker = _ZH_MARKER if lang == "zh" else _EN_MARKER
    rest = marker.sub("", sentence, count=1)
    return rest if rest.strip() else sentence


def compress(sentence: str, lang: str, max_chars: int, whole: bool = False,
             authored: bool = False) -> str | None:
    """``sentence`` cut to whole clauses within ``max_chars``; None if no clause fits.

    With ``whole``, None also when the kept clauses are a fragment
    (:func:`is_fragment`, ``authored`` as there): a cut list, a "…表示" without what was said.
    """
    text = strip_marker(sentence.strip(), lang)
    out = ""
    for clause in split_clauses(text, lang):
        piece = clause if lang == "zh" or not out else " " + clause
        if len((out + piece).rstrip(_TRAIL)) > max_chars:
            break
        out += piece
    cut = len(out.strip()) < len(text.strip())
    if whole and cut and out.rstrip().endswith("、") and lang == "zh":
        return None  # a list cut in the middle
    out = out.rstrip(_TRAIL)
    if whole and out and is_fragment(out, lang, cut, authored):
        return None
    return out or None


#: a later clause that leans on the one before it ("and their owners …", "which …"): a
#: lead headline never starts there (a lower-case "the plant …" after "said that" may)
_EN_JOINS = re.compile(r"^(?:and|but|or|so|yet|nor|then|because|which|who|whose|where|while|"
                       r"whereas|although|though)\b", re.I)


def lead(sentence: str, lang: str, max_chars: int, skip: int = 2) -> str | None:
    """The lead headline: ``sentence`` (the first) cut at clauses to ``max_chars``, from
    the first clause whose cut does not stop where its content was about to start
    ("…发言人表示", "the council said on Monday that"): up to ``skip`` such leading clauses
    are passed over.  None if not even one clause fits."""
    clauses = split_clauses(strip_marker(sentence.strip(), lang), lang)
    sep = "" if lang == "zh" else " "
    ends = _ZH_ENDS_FRAGMENT if lang == "zh" else _EN_ENDS_FRAGMENT
    for start in range(min(skip + 1, len(clauses))):
        rest = sep.join(clauses[start:])
        line = compress(rest, lang, max_chars)
        if line and start and (is_fragment(line, lang) if lang == "zh" else _EN_JOINS.match(line)):
            continue  # "and their owners start work …": a later clause that cannot open a line
        if line and not (len(line) < len(rest.rstrip(_TRAIL)) and ends.search(line)):
            return line
    return compress(sentence, lang, max_chars)
