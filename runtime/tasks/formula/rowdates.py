"""Dates and Chinese ID numbers per row (issue 16 item 1).

Dates: year / month / day / weekday / month name / month end, N days or
months later (EDATE), days since, age and years of service (DATEDIF) as of a
date the request gives (TODAY() when it gives none).  ID numbers: an
18-character 身份证号 column (recognised by its values, not its header) gives
the birth date, the sex (17th digit odd = 男) and the age.  Vocabulary:
``lexicon/dates.json``.
"""

from __future__ import annotations

import re

from .rowbase import (
    RowReading,
    date_formula,
    date_in,
    group_of,
    has,
    is_zh,
    lexicon,
    mentions,
    numbers,
    ref,
    values,
)
from .schema import Column, SheetSchema

_ID = re.compile(r"\d{17}[\dXx]")


def _id_column(schema: SheetSchema) -> Column | None:
    cols = [c for c in schema.columns if c.type in ("text", "mixed")
            and (vals := [v for v in values(schema, c) if v is not None])
            and all(isinstance(v, str) and _ID.fullmatch(v.strip()) for v in vals)]
    return cols[0] if len(cols) == 1 else None


def _date_column(text: str, schema: SheetSchema, prefer: str | None = None) -> Column | None:
    named = {c.letter: c for _, c in mentions(text, schema) if c.type == "date"}
    if len(named) == 1:
        return next(iter(named.values()))
    if named:
        return None
    if prefer is not None and (c := group_of(schema, prefer)) is not None and c.type == "date":
        return c
    every = [c for c in schema.columns if c.type == "date"]
    return every[0] if len(every) == 1 else None


def _id_reading(text: str, request: str, schema: SheetSchema, c: Column, lex: dict,
                as_of: str) -> RowReading | None:
    r = ref(c)
    birth = f"DATE(MID({r},7,4),MID({r},11,2),MID({r},13,2))"
    zh = is_zh(request)
    used = [17.0] if re.search(r"第?17位|17th", text) else []
    if has(text, lex["sex"]):
        labels = ('"男","女"') if zh else ('"Male","Female"')
        return RowReading(f"=IF(MOD(MID({r},17,1),2)=1,{labels})",
                          "身份证第17位奇数为男，偶数为女" if zh else "17th digit odd = male", used)
    if has(text, lex["age"]):
        return RowReading(f'=DATEDIF({birth},{as_of},"Y")', f"age on {as_of} from {c.header}", used)
    if has(text, lex["birth_year"]):
        return RowReading(f"=VALUE(MID({r},7,4))", f"birth year from {c.header}", used)
    if has(text, lex["birth"]):
        rest = text
        for w in sorted(lex["birth"] + lex["id_words"] + [c.header.lower()], key=len, reverse=True):
            rest = rest.replace(w, " ")
        for pattern, template, what in lex["parts"]:  # 出生月份: the month of the birth date
            if re.search(pattern, rest):
                return RowReading("=" + template.replace("{d}", birth), what.replace("{h}", "birth date"),
                                  used)
        return RowReading(f"={birth}", f"birth date from {c.header}", used)
    return None


def read(request: str, schema: SheetSchema) -> RowReading | None:
    text = request.lower()
    lex = lexicon("dates")
    found = date_in(request)
    as_of = date_formula(found[0]) if found else "TODAY()"
    ident = _id_column(schema)
    birthish = has(text, lex["birth"] + lex["birth_year"] + lex["sex"] + lex["age"] + ["出生", "born"])
    if ident is not None and (has(text, lex["id_words"]) or birthish
                              or any(c is ident for _, c in mentions(text, schema))):
        if group_of(schema, "birth date") is None or has(text, lex["id_words"]):
            return _id_reading(text, request, schema, ident, lex, as_of)
    nums = numbers(request)
    plain = [v for v, unit, _ in nums if not unit]
    if has(text, lex["age"]) and not plain:
        d = _date_column(text, schema, "birth date")
        if d is not None and d is group_of(schema, "birth date"):
            return RowReading(f'=DATEDIF({ref(d)},{as_of},"Y")', f"age on {as_of} from {d.header}")
        return None
    if has(text, lex["service"]) and not plain:
        d = _date_column(text, schema, "hire date")
        if d is not None and d is group_of(schema, "hire date"):
            return RowReading(f'=DATEDIF({ref(d)},{as_of},"Y")',
                              f"whole years from {d.header} to {as_of}")
        return None
    d = _date_column(text, schema)
    if d is None or birthish and d is not group_of(schema, "birth date"):
        return None  # "出生年份" on a sheet whose one date is the hire date
    if has(text, lex["days_since"]) and not plain and found:
        return RowReading(f"={as_of}-{ref(d)}", f"days from {d.header} to {as_of}")
    if len(plain) == 1 and len(nums) == 1:
        n = plain[0]
        if has(text, lex["after_days"]) or re.search(rf"\b{n:g} days\b|{n:g}天", text):
            if has(text, lex["after_days"]) and n.is_integer():
                return RowReading(f"={ref(d)}+{n:g}", f"{d.header} + {n:g} days", [n])
        if has(text, lex["after_months"]) and n.is_integer() and (
                re.search(r"after|later|后|转正|到期|due|expire|end", text)):
            return RowReading(f"=EDATE({ref(d)},{n:g})", f"{d.header} + {n:g} months", [n])
        monday = re.search(r"monday\s*(?:=|is)\s*1|周一(?:为|是|=)\s*1|星期一(?:为|是|=)\s*1", text)
        if not monday:
            return None
    elif nums:
        return None
    if found or has(text, lex["relative"]):
        return None  # "birthday this year": not a part of the date
    for pattern, template, what in lex["parts"]:
        if re.search(pattern, text):
            other = [c for _, c in mentions(text, schema) if c.type != "date"]
            if any(c.type == "number" for c in other):
                return None
            return RowReading("=" + template.replace("{d}", ref(d)), what.replace("{h}", d.header),
                              [1.0] if "WEEKDAY" in template and nums else [])
    return None
