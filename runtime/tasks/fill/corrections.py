"""Figures a document corrects later: the later figure wins.

Chats, e-mail threads and minutes often give a figure and correct it further down ("10月营收1.2亿"
… "更正一下：1.2亿是含税口径，不含税是1.08亿"; "ARR is $2.4M" … "sorry, typo: $2.1M, not $2.4M").
After a correction word (``cues.json``), to the end of its line (or the next line, when the word
stands alone: "Correction:"), each figure that repeats one from before the word (or that "not" /
不是 sets aside) is the corrected one, paired with the new figure of the same kind (a percentage,
an amount with or without its currency, a count of one unit).  With nothing repeated, a strong
correction word (更正, 应为, correction, typo, the correct figure ...) right before a new figure
corrects the nearest figure of its kind in the lines just before it (one new figure of each kind);
a field skips such a guess when the correction's line names another figure and not the field
(``extract._corrected``).  The corrected figure is no candidate for any field; the correction takes
its place (its score and its being named for the field), so it wins even where its own sentence
does not name the field again.  Times ("10:20") and dates are no figures here.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from .document import Document, Mention, zh_count

__all__ = ["corrections"]

_CUES = json.loads((Path(__file__).with_name("cues.json")).read_text(encoding="utf-8"))


def _words(en: str, zh: str) -> re.Pattern[str]:
    en_words = sorted(_CUES[en], key=len, reverse=True)
    zh_words = sorted(_CUES[zh], key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in en_words) + r")\b|"
                      + "|".join(map(re.escape, zh_words)), re.I)


_CORRECTION = _words("correction_en", "correction_zh")
#: words before a figure that give it as what an earlier version said ("previously reported as
#: $7.9M"), or an earlier version of the document saying it ("The November pack showed $7.9M")
_FORMERLY = re.compile(r"(?:\b(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(
    _CUES["formerly_en"], key=len, reverse=True)) + r")|\b(?:pack|deck|draft|version|report|update|memo|one-pager|"
    r"filing|release|edition|slide|model|forecast)\s+(?:had\s+)?(?:showed|shown|said|gave|given|stated|listed|"
    r"reported|put it)(?:\s+(?:it|arr|revenue|the figure))?)\s*(?:as\s+|at\s+)?(?:US\$|USD\s?|[$€£])?$", re.I)
#: the same in Chinese: "初版误报为27,160万元", "原报5,200万元" (an earlier version's figure)
_FORMERLY_ZH = re.compile(r"(?:" + "|".join(map(re.escape, sorted(_CUES["formerly_zh"], key=len, reverse=True)))
                          + r")\s*(?:人民币)?$")
#: a line that opens on newer figures ("Updated (28 Nov): $1.85M ARR ...", "- EDIT: 640 clinics")
_UPDATE = re.compile(r"^[ \t]*(?:[-*•>][ \t]*)?(?:\*\*|__)?(?:" + "|".join(
    re.escape(w).replace(r"\ ", r"\s+") for w in sorted(_CUES["update_en"], key=len, reverse=True))
    + r")\b[^:\n\d$€£%]{0,30}(?:\([^()\n]{1,20}\))?[^:\n\d$€£%]{0,10}:", re.I | re.M)
#: a footnote's mark at a line's start, and the same mark glued to a figure ("$7.4M¹" / "¹ Restated.")
_NOTE_MARK = re.compile(r"[ \t]*([¹²³⁴⁵⁶⁷⁸⁹*†‡]+)")
_CORRECTS = _words("corrects_en", "corrects_zh")
_REJECTED = _words("rejected_en", "rejected_zh")
#: how far before a correction line the figure it corrects may stand (its own line or the ones
#: just before: a chat's previous message)
_REACH = 400


_SCALE_LETTER = re.compile(r"[\d,.]+\s?(?:k|m|b|mn|bn|mm)", re.I)


def _kind(m: Mention) -> tuple[bool, bool, str]:
    """A percentage, an amount (with or without its currency: "1.72M" is corrected by "$1.84M"),
    or a count of a unit ("48 customers", a bare number)."""
    # ("8.6万人" is a count scaled by 万, corrected by "8.2万人", not by "300万元")
    money = bool(m.currency or (m.scaled and not zh_count(m)) or _SCALE_LETTER.fullmatch(m.raw))
    return bool(m.percent), money, "" if (money or m.percent) else m.unit


def _same(a: Mention, b: Mention) -> bool:
    return _kind(a) == _kind(b) and abs(a.value - b.value) <= 1e-9 * max(1.0, abs(a.value))


_LABEL_END = re.compile(r"(?:\s*(?:是|为|达|达到|约|is|was|are|were|of|at|about|around|now|today|to|:|：))+\s*$", re.I)


def _label(text: str, m: Mention) -> str:
    """The words a figure is given for, back to the clause's start ("10月营业收入是1.28亿元" ->
    "10月营业收入", "同比增长9.4%" -> "同比增长")."""
    head = re.split(r"[，,。；;：:\n!?！？—–]|\s-\s", text[max(0, m.start - 24):m.start])[-1]
    return _LABEL_END.sub("", head).strip().lower()


#: words a correction puts between a figure's label and the figure ("外卖调整为675万元",
#: "营业收入应为2,285万元"): not part of what the figure is for
_AMENDING = re.compile(r"(?:应该|应|调整|更改|改|更正|修正|下调|上调|revised|restated|corrected|amended)+$", re.I)


def _is_subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def _same_label(a: str, b: str) -> bool:
    a, b = _AMENDING.sub("", a).strip(), _AMENDING.sub("", b).strip()
    short = min(len(a), len(b))
    if short < 2 or not re.search(r"[a-z\u4e00-\u9fff]", a):
        return False
    if a.endswith(b) or b.endswith(a):
        return True
    # "11月营业收入" for "11月全品牌营业收入": the shorter label's words in order in the longer
    # one, ending the same way (not "药品收入" for "营业收入")
    s, longer = (a, b) if len(a) <= len(b) else (b, a)
    return len(s) >= 4 and s[-2:] == longer[-2:] and s[:2] == longer[:2] and _is_subsequence(s, longer)


def _bare(m: Mention) -> bool:
    return not (m.percent or m.currency or m.scaled or m.unit or _SCALE_LETTER.fullmatch(m.raw))


def _said_bare(m: Mention, e: Mention) -> bool:
    """"The 2.6 includes …" after "ARR is 2.6 million dollars": the earlier figure said again
    without its scale or currency."""
    if not _bare(m) or _bare(e) or e.percent:
        return False
    lead = re.match(r"[\d,.]+", e.raw.lstrip("$€£¥ "))
    try:
        return lead is not None and abs(float(lead.group(0).replace(",", "")) - m.value) < 1e-9 \
            and abs(e.value - m.value) > 1e-9
    except ValueError:
        return False


#: the words between a figure and the correction word right after it ('"2,150家"系误记', "1.2亿是口误")
_JUST_BEFORE = re.compile(r"[\u4e00-\u9fff]{0,2}?[\"“”'‘’「」『』]*\s*(?:系|是|属|纯属|实属|为)?\s*")


def _named_before(text: str, mentions: list[Mention], lo: int, at: int, line: list[Mention],
                  earlier: list[Mention]) -> list[tuple[list[Mention], Mention, bool]]:
    """A figure named right before the correction word of its line, and the one new figure of its
    kind after that word ("评委丙意见中的“2,150家”系误记，经与项目方核对为1,215家"): the figure after
    replaces the one named (and its earlier mentions), even when it repeats a figure given before
    (1,215家 in another judge's line)."""
    out = []
    for o in (m for m in mentions if lo <= m.start < at and _JUST_BEFORE.fullmatch(text, m.end, at)):
        mates = [n for n in line if _kind(n) == _kind(o) and abs(n.value - o.value) > 1e-9 * abs(o.value)]
        if len(mates) == 1:
            out.append(([o] + [e for e in earlier if e is not o and _same(o, e)], mates[0], False))
    return out


#: a rounded figure's exact value in brackets right after it ("突破1.2亿元（具体为1.26亿元）")
_EXACT_AFTER = re.compile(r"\s*[（(]\s*(?:具体|准确|精确|确切)(?:为|是|数字为|数字是|地说|说)?\s*[:：]?\s*")


def _exact_in_brackets(text: str, mentions: list[Mention]) -> list[tuple[list[Mention], Mention, bool]]:
    """(the rounded figure, its exact value) for every figure followed by its exact value in brackets:
    the exact one replaces it, as a correction does."""
    out = []
    for a, b in zip(mentions, mentions[1:], strict=False):
        gap = _EXACT_AFTER.match(text, a.end)
        # (the rounded figure's unit may stand between it and the bracket: "1.2亿元（…")
        if gap is None:
            gap = re.compile(r"[\u4e00-\u9fff]{1,2}").match(text, a.end)
            gap = gap and _EXACT_AFTER.match(text, gap.end())
        if gap is not None and gap.end() == b.start and _kind(a) == _kind(b) and a.value != b.value:
            out.append(([a], b, False))
    return out


def _authoritative(text: str, mentions: list[Mention]) -> list[tuple[list[Mention], Mention, bool]]:
    """(the other figures of its kind in its sentence, the figure) for a figure the document names as the
    one that holds ("此前写的是超500家，财务核对后为486家，以486家为准"): it replaces them (and their
    earlier mentions)."""
    out = []
    for n in mentions:
        if not (re.search(r"以\s*$", text[max(0, n.start - 2):n.start])
                and re.match(r"\s*[\u4e00-\u9fff]{0,2}?为准", text[n.end:n.end + 6])):
            continue
        lo = max(text.rfind(c, 0, n.start) for c in "。！？\n") + 1
        for o in (m for m in mentions if lo <= m.start < n.start and _kind(m) == _kind(n) and not _same(m, n)):
            out.append(([o] + [e for e in mentions if e.start < o.start and _same(o, e)], n, False))
    return out


def _set_aside(text: str, lo: int, line: list[Mention], mentions: list[Mention]
               ) -> tuple[list[tuple[list[Mention], Mention, bool]], list[Mention]]:
    """(pairs, figures done with) for a correction line that gives an earlier version's figure
    ("¹ Restated. The November pack showed $7.9M; … The $7.4M is the figure of record."): that
    figure (and its earlier mentions) gives way to the line's other figure of its kind, else to
    the figure the line's footnote mark is glued to ("ARR; $7.4M¹"); it is never the new one."""
    former = [m for m in line if _FORMERLY.search(text, max(lo, m.start - 60), m.start)
              or _FORMERLY_ZH.search(text, max(lo, m.start - 20), m.start)]
    pairs: list[tuple[list[Mention], Mention, bool]] = []
    done: list[Mention] = list(former)
    mark = _NOTE_MARK.match(text, lo)
    for f in former:
        holds = [m for m in line if m not in former and _kind(m) == _kind(f) and not _same(m, f)]
        if len({m.value for m in holds}) != 1 and mark:
            holds = [m for m in mentions if m.start < lo and _kind(m) == _kind(f)
                     and text.startswith(mark.group(1), m.end)]
        if len({m.value for m in holds}) == 1:
            pairs.append(([f] + [e for e in mentions if e.start < f.start and _same(e, f)], holds[-1], False))
            done += holds
    return pairs, done


def _after_word(text: str, m: Mention) -> str:
    """The word right after a figure ("$1.6M ARR at …" -> "arr"), "" for none or a small word."""
    w = re.match(r"\s*([A-Za-z][A-Za-z-]+)", text[m.end:m.end + 30])
    word = w.group(1).lower() if w else ""
    return "" if word in ("and", "or", "of", "in", "on", "at", "to", "for", "a", "the", "by", "from", "with") else word


def _updates(text: str, mentions: list[Mention]) -> list[tuple[list[Mention], Mention, bool]]:
    """(the earlier figure, the newer one) for each figure of a line that opens on an update word
    ("- Answer (3 Oct): $1.6M ARR …, up 90% YoY." / "- Updated (28 Nov): $1.85M ARR …, up 105%
    YoY."): the newer figure replaces the nearest one before of its kind given for the same
    words (the label before it, or the word after it)."""
    out = []
    for u in _UPDATE.finditer(text):
        hi = text.find("\n", u.end())
        hi = len(text) if hi < 0 else hi
        earlier = [m for m in mentions if u.start() - _REACH <= m.start < u.start()]
        for n in (m for m in mentions if u.end() <= m.start < hi):
            after = _after_word(text, n)
            was = [e for e in earlier if _kind(e) == _kind(n) and not _same(e, n) and (
                _same_label(_label(text, n), _label(text, e)) or (after and _after_word(text, e) == after))]
            if was:
                out.append(([was[-1]], n, False))
    return out


def corrections(doc: Document) -> list[tuple[list[Mention], Mention, bool]]:
    """(the corrected mentions, the correcting one, whether the corrected one was only the nearest
    of its kind) for every correction in ``doc``."""
    cached = getattr(doc, "_corrections", None)
    if cached is not None:
        return cached
    out: list[tuple[list[Mention], Mention, bool]] = []
    text = doc.text
    dates = [(d.start, d.end) for d in doc.dates]
    # not a date's numbers, nor a time's ("财务-李娜 10:20": a chat's sender line)
    mentions = [m for m in doc.mentions if not any(a <= m.start < b for a, b in dates)
                and not re.match(r":\d\d\b", text[m.end:m.end + 3]) and not re.search(r"\d:$", text[:m.start])
                # "11月营收是2,796万元" correcting "11月门店总营收2,860万元": the month named again is
                # no corrected figure
                and not (m.unit in ("月", "月份") and m.value == int(m.value) and 1 <= m.value <= 12)]
    for cue in _CORRECTION.finditer(text):
        lo = text.rfind("\n", 0, cue.start()) + 1
        if re.fullmatch(r"[^\d\n()]{1,40}[(（]\s*", text[lo:cue.start()]) and re.match(r"\s*[)）]", text[cue.end():]):
            # "ARR (restated); $3.2M; $4.6M": a row's label says its figures are the restated ones,
            # no correction of the figures before it
            continue
        hi = text.find("\n", cue.end())
        hi = len(text) if hi < 0 else hi
        if re.fullmatch(r"[\s:：,，.。!！-]*", text[cue.end():hi]):
            # "Correction:" / "更正：" alone on its line: the correction is the next line
            nxt = re.match(r"\s*\n", text[hi:]) and re.search(r"\S[^\n]*", text[hi:])
            if nxt:
                hi = hi + nxt.end()
        # the figures after the correction word, to the end of its line; "earlier": before it
        line = [m for m in mentions if cue.start() <= m.start < hi]
        earlier = [m for m in mentions if m.start < cue.start()]
        aside, done = _set_aside(text, lo, line, mentions)
        out += [p for p in aside if p not in out]
        line = [m for m in line if m not in done]
        old = [m for m in line if any(_same(m, e) for e in earlier)
               or _REJECTED.search(text[max(lo, m.start - 14):m.start])]
        # "ARR is 2.6 million dollars" … "sorry — it's 2.4. The 2.6 includes …": the bare 2.6 is the
        # earlier figure again, and the bare 2.4 its correction at the earlier one's scale
        loose = {id(m): e for m in line if m not in old
                 for e in earlier[::-1] if e.start >= cue.start() - _REACH and _said_bare(m, e)}
        old += [m for m in line if id(m) in loose]
        new = [m for m in line if m not in old and not any(_same(m, e) for e in earlier)]
        pairs: list[tuple[list[Mention], Mention, bool]] = []
        if doc.lang == "zh":
            pairs += _named_before(text, mentions, lo, cue.start(), line, earlier)
        for o in old:
            # (a bare figure said again, "3.1 includes the pilot … Use $2.85M", takes a new figure
            # of the kind it was first said in)
            mates = [n for n in new if _kind(n) in (_kind(o), _kind(loose[id(o)]) if id(o) in loose else None)]
            was = [loose[id(o)]] if id(o) in loose else [e for e in earlier if _same(o, e)]
            if len(mates) > 1 and was:
                # "刚才说的1.36亿元含了代收运费0.08亿元，…10月营业收入是1.28亿元": the new figure
                # given for the same words as the old one
                same = [n for n in mates if _same_label(_label(text, n), _label(text, was[-1]))]
                mates = same if len(same) == 1 else mates
            if len(mates) == 1 or (mates and len(old) == len(new)):
                n = min(mates, key=lambda n: abs(n.start - o.start))
                if id(o) in loose and _bare(n):
                    e = loose[id(o)]
                    n = replace(n, value=n.value * e.value / o.value, currency=e.currency, scaled=e.scaled)
                pairs.append(([o] + was, n, False))
        paired = {id(p[1]) for p in pairs} | {p[1].start for p in pairs}
        for n in new if old else ():
            # the same correction's other figures, each for the same words as an earlier one
            # ("…同比增长9.4%" after "同比增长11%")
            if n.start in paired:
                continue
            was = [e for e in earlier if _kind(e) == _kind(n) and e.start >= cue.start() - _REACH
                   and _same_label(_label(text, n), _label(text, e))]
            if was and not any(n.start == p[1].start for p in pairs):
                pairs.append(([was[-1]], n, True))
        strong = _CORRECTS.match(text, cue.start())
        kinds = [_kind(n) for n in new]
        for n in new if not old and strong else ():
            # "更正一下昨天的数：…营业收入应为2,285万元，同比增长11.1%，外卖调整为675万元" with nothing
            # repeated: a new figure given for the same words as one figure of its kind just
            # before corrects that one, however many figures of its kind the line has
            named = [e for e in earlier if _kind(e) == _kind(n) and e.start >= cue.start() - _REACH
                     and _same_label(_label(text, n), _label(text, e))]
            if len({e.value for e in named}) == 1:
                pairs.append(([named[-1]], n, True))
                continue
            # "Correction: it was $2.1M", "更正：应为1.08亿", "写错了，应为6,250万元，同比增长也应为8%" with
            # nothing repeated: each new figure (one of its kind, right after its own correction
            # word) replaces the nearest figure of its kind in the lines just before
            if kinds.count(_kind(n)) > 1 or n.start - strong.end() > 30 and not any(
                    0 <= n.start - c.end() <= 30 for c in _CORRECTS.finditer(text, strong.end(), n.start)):
                continue
            near = [e for e in earlier if _kind(e) == _kind(n) and e.start >= cue.start() - _REACH]
            if near:
                pairs.append(([near[-1]], n, True))
        out += [p for p in pairs if p not in out]
    if doc.lang == "zh":
        out += [p for p in _exact_in_brackets(text, mentions) + _authoritative(text, mentions) if p not in out]
    else:
        out += [p for p in _updates(text, mentions) if p not in out]
    doc._corrections = out  # type: ignore[attr-defined]
    return out
