"""What a user says about a column of numbers stored as text, beside the ask, read as notes.

"(数量那列好像是文本)", "(they're stored as text)", "the price col is text btw": the user tells
us why a plain SUM gave 0.  "The Fee column won't add up (SUM gives 0) - how do I get the
total?", "金额那列求和出来是0，怎么算合计", "AVERAGE on the Staff column gives #DIV/0! - how do I
get the average staff score?": the complaint names the column and the function that failed, and
the question after it asks for that column's total (or average).  Every formula the rules write
converts such a column already (textnumbers.py), so the notes ask for nothing more: they are
taken out, the column a complaint names stands where the complaint stood (unless the rest names
it again), and "how do I get the …" / "怎么算…" is left as the ask it wraps.

A note is read only on a sheet that holds a column of numbers stored as text and, where it names
a column, only when that column is one of them; otherwise it stays and the readers see its words
(and refuse them).  Vocabulary: ``lexicon/textnote.json``.
"""

from __future__ import annotations

import re

from .rowbase import header_forms, is_zh, lexicon, mentions
from .schema import Column, SheetSchema

_WORDS = lexicon("textnote")
_EN = _WORDS["stored_en"]
_STORED_EN = re.compile(
    _EN["lead"] + r"(?P<who>(?!(?:" + "|".join(map(re.escape, _EN["verbs"] + _EN["stored"])) + r")\b)"
    + _EN["who"] + r")?" + _EN["col"]
    + r"(?P<how>(?:\s*(?:" + "|".join(re.escape(v).replace(r"\ ", r"\s+") for v in _EN["verbs"]) + r")(?![a-z']))*"
    + r"\s*(?:(?:" + "|".join(re.escape(v).replace(r"\ ", r"\s+") for v in _EN["stored"]) + r")\s+)?)"
    + _EN["tail"], re.I)
_PRONOUNS = frozenset(_EN["pronouns"])
_NOTES: list[tuple[re.Pattern[str], str]] = [
    *((re.compile(p, re.I), "zero") for p in _WORDS["zero_zh"] + _WORDS["zero_en"]),
    *((re.compile(p, re.I), "wont") for p in _WORDS["wont_en"]),
    *((re.compile(p, re.I), "stored") for p in _WORDS["stored_zh"]),
    (_STORED_EN, "stored"),
]
_ASK_EN = [(re.compile(p, re.I), to) for p, to in _WORDS["ask_en"]]
_ASK_ZH = [(re.compile(p), to) for p, to in _WORDS["ask_zh"]]
_OPS_EN = re.compile(_WORDS["ops_en"], re.I)
_OPS_ZH = re.compile(_WORDS["ops_zh"])
_CUT = "\x01"  # where a note was taken out
_SEAM = re.compile(r"[\s,，;；:：\-–—.。!！?？]*\x01(?:[\s,，;；:：\-–—.。!！?？\x01]*\x01)?[\s,，;；:：\-–—.。!！?？]*")
#: a column stands in for its complaint as "\x00<letter>\x00" until the rest is known
_STAND_IN = re.compile(r"\x00([A-Z]+)\x00")


def _named(who: str | None, schema: SheetSchema) -> Column | None | bool:
    """The column a note's subject names, None for none ("they", "those numbers", no subject),
    False where the subject is no column of numbers stored as text (the note is then no note)."""
    who = re.sub(r"^(?:the|my|our)\s+", "", (who or "").strip().lower()).strip()
    if not who or who in _PRONOUNS:
        return None
    said = {who, re.sub(r"(?<=[a-z])e?s$", "", who), who.removesuffix("s")}
    for col in schema.columns:
        if said & {*header_forms(col.header), col.header.lower().strip()}:
            return col if col.text_numbers else False
    return False


def _opens(text: str, m: re.Match) -> bool:
    """Whether a note without a subject stands on its own: at the start, in brackets, or after a
    mark ("total (stored as text)"), not the tail of a clause about something else ("the fees
    came in as text": the note is about fees, which may be no column)."""
    return bool(re.match(r"\s*[(\[（,，;；.。:：\-–—]", m.group(0))) \
        or not text[:m.start()].strip() or bool(re.search(r"[(\[（,，;；.。:：\-–—!?？\x01]\s*$", text[:m.start()]))


def _take_notes(request: str, schema: SheetSchema) -> tuple[str, list[str]]:
    """``request`` with each note cut out (a complaint's column left as its stand-in) and the
    operations the notes' functions say ("SUM gives 0": total)."""
    text, ops = request, []
    for pat, kind in _NOTES:
        pos = 0
        while pos <= len(text) and (m := pat.search(text, pos)) is not None:
            col = _named(m.groupdict().get("who"), schema)
            fn = (m.groupdict().get("fn") or "").lower()
            if col is False or (kind == "wont" and col is None) or not m.group(0).strip() \
                    or (kind == "stored" and "how" in m.groupdict() and m["who"] and not m["how"].strip()) \
                    or (fn == "total" and (m.groupdict().get("verb") or "").lower() in ("is", "=", "equals")) \
                    or (col is None and not m.groupdict().get("who") and not _opens(text, m)):
                pos = m.start() + 1
                continue
            # the column a note names stands in its place ("金额是文本格式，怎么求和": 金额 asked)
            said = _CUT if col is None else f"{_CUT}\x00{col.letter}\x00{_CUT}"
            text = text[:m.start()] + said + text[m.end():]
            ops.append("wont" if kind == "wont" else fn)
            pos = m.start() + len(said)
    return text, ops


def without_text_note(request: str, schema: SheetSchema) -> str:
    """``request`` less what it says about a column of numbers stored as text, where it does."""
    if not any(c.text_numbers for c in schema.columns):
        return request
    text, ops = _take_notes(request, schema)
    if _CUT not in text:
        return request
    zh = is_zh(request)
    for pat, to in _ASK_ZH if zh else _ASK_EN:
        text = pat.sub(to, text)
    text = _SEAM.sub("" if zh else " ", text).strip(" ,，;；:：-–—")
    bare = _STAND_IN.sub(" ", text)
    letters = list(dict.fromkeys(_STAND_IN.findall(text)))
    said = {c.letter for _, c in mentions(bare, schema)}
    if letters and letters[0] not in said:  # the complaint's column is the one asked about
        head = next(c.header for c in schema.columns if c.letter == letters[0])
        op = re.sub(r"\s+", " ", bare).strip(" ,，;；:：-–—.。!！?？")
        if (_OPS_ZH if zh else _OPS_EN).fullmatch(op):  # "… how do I total it": "total Price"
            return f"{head}{op}" if zh else f"{op} {head}"
        text = _STAND_IN.sub(head, text, count=1)
    text = re.sub(r"\s+", " ", _STAND_IN.sub("", text)).strip(" ,，;；:：-–—")
    if not text:
        return request
    if not (_OPS_ZH.search(text) if zh else _OPS_EN.search(text)):
        op = next((_WORDS["op_zh" if zh else "op_en"].get(o) for o in ops if o), None)
        if op is not None:  # "the Fee column won't add up": its total
            text = f"{text}{op}" if zh else f"{op} {text}"
    return text
