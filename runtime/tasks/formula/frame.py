"""The frame around a request: on which sheet the answer goes, and words that only ask nicely.

"Prices tab, col E: cost of one game ...", "on the Prices sheet add what a full lane pays ...",
"在区域价目表上加一列：会员价便宜了多少", "charge per ticket pls": the sheet named as the place the
answer is written (the sheet the request is asked on already) and the politeness or lead-in
around it say nothing the formula computes, nor do the forum's lead-ins ("I need a formula that
…", "how do I …", 帮我写个公式, 怎么统计, "… 用什么函数"); "sum X if Y is Z" says "where".
:func:`unframed` cuts them (and reads that "if" as "where"), so that every family
reader (per-row, one-cell) reads the request itself; ``__init__._generate`` asks again with it
when the request as said is refused.  Vocabulary: ``lexicon/placement.json`` (sheet_place, lead_in).
"""

from __future__ import annotations

import re

from .rowbase import is_zh, lexicon
from .schema import SheetSchema


def _sheet_names(schema: SheetSchema) -> list[str]:
    """How a request names the sheet: its name, and a Chinese name's last two characters (价目)."""
    name = schema.sheet.strip()
    names = [name]
    if is_zh(name) and len(name) > 2:
        names.append(name[-2:])
    return [n for n in names if n]


def _cut(text: str, m: re.Match[str]) -> str:
    """``text`` without the span ``m`` matched, joined so no two words run together."""
    head, tail = text[:m.start()].rstrip(" ,，、;；"), text[m.end():].lstrip(" ,，、;；")
    cjk = re.compile(r"[\u4e00-\u9fff]")
    join = "" if not head or not tail or cjk.match(head[-1]) and cjk.match(tail[0]) else " "
    return (head + join + tail).strip()


def unframed(request: str, schema: SheetSchema) -> str:
    """``request`` without the sheet named as the answer's place and without lead-in words
    ("pls", "add what ...", a colon left where a placement was cut); the request itself when
    it has none of them."""
    words = lexicon("placement")
    text = request
    for name in _sheet_names(schema):
        for pattern in words["sheet_place"]:
            m = re.search(pattern.replace("{sheet}", re.escape(name)), text, re.IGNORECASE)
            if m:
                text = _cut(text, m)
    changed = True
    while changed:
        changed = False
        for pattern in words["lead_in"]:
            m = re.search(pattern, text, re.IGNORECASE)
            if m and m.group(0):
                cut = _cut(text, m)
                if cut and cut != text:
                    text, changed = cut, True
    return _aggregate_if(_functions_said(text))


def _functions_said(text: str) -> str:
    """"countif Region = East", "vlookup Bo's Amount", 用sumif算…: the function the user names
    said as the operation it performs; the readers write (and the checks judge) the formula."""
    words = lexicon("placement")
    for pattern, said in words["functions_said"]:
        m = re.search(pattern, text, re.IGNORECASE)
        if m and not said and re.search(words["aggregate_if"]["ops"], text.lower()) \
                and re.search(r"(?i)lookup|match", m.group(0)):
            return text  # "average amount using VLOOKUP": the function named does not do what is asked
        if m:
            text = re.sub(r"\s{2,}", " ", (text[:m.start()] + said + text[m.end():])).strip()
    return text


def _aggregate_if(text: str) -> str:
    """"sum the Amount if the Region is East" -> "... where the Region is East": an "if" after an
    aggregate's operation word names the rows, as SUMIF/COUNTIF do; a request that writes
    outcomes ("Over" if …, otherwise "OK") is an IF label and stays as said."""
    words = lexicon("placement")["aggregate_if"]
    low = text.lower()
    if re.search(words["not_with"], low):
        return text
    op = re.search(words["ops"], low)
    m = re.search(words["if"], low[op.end():]) if op else None
    if m is None:
        return text
    at = op.end() + m.start()
    return text[:at] + "where" + text[at + 2:]


def figures(request: str, schema: SheetSchema) -> str:
    """``request`` with numbers said in words written as figures: "两百块以上" -> "200块以上",
    "金额的三成" -> "金额的30%", "收入的一半" -> "收入的50%", "百分之15" -> "15%".  A word that is a
    text value of the sheet (a dish called 一百五) stays as it is."""
    from .phrases import ZH_DIGITS, zh_number
    words = lexicon("placement")
    values = [v for c in schema.columns for v in c.distinct if isinstance(v, str)]

    def figure(m: re.Match[str]) -> str:
        n = zh_number(m.group(1))
        if n is None or any(m.group(1) in v for v in values):
            return m.group(0)
        return str(n)

    # a number word starts with a digit word or 十 and holds 十/百/千/万; never the 万 of "50万"
    text = re.sub(r"(?<![零一二两三四五六七八九十百千万\d.])((?=[零一二两三四五六七八九十百千万]*[十百千万])"
                  r"[零一二两三四五六七八九十][零一二两三四五六七八九十百千万]*)"
                  rf"(?=(?:{words['zh_number_after']}))", figure, request)
    for pattern, said in words["shares"]:
        def share(m: re.Match[str], said: str = said) -> str:
            if m.lastindex:
                g = m.group(1)
                return said.replace("{n}", str(ZH_DIGITS.get(g, g)))
            return said
        text = re.sub(pattern, share, text)
    return text
