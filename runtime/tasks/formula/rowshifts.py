"""Worked time on a timesheet row: the hours between two clock times, less a break, over a
threshold (overtime), or paid at an hourly rate.

People who keep a timesheet ask "hours worked after break", "out - in - break mins", "OT over 8
hrs", "扣除午休后的工时", "工资 = 工时 × 时薪".  ``rowdates._times`` reads the span between the two
time columns; this module reads what is done to it: a break taken off (a column of minutes or
hours, or a length said in the request), the part over N hours (``MAX(0, hours-N)``) and the
pay at a rate column.  A break said without a word that takes it off ("including the break") is
not guessed: the reading gives up.  Vocabulary: ``lexicon/dates.json`` shifts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .rowbase import lexicon, ref, values
from .schema import Column, SheetSchema


class Unread(Exception):
    """The request speaks of a break or an overtime this module cannot read for sure."""


@dataclass
class Shift:
    """What the request does to the span: the break taken off, the threshold, the rate."""

    less: str = ""  # "-G3/60", "-30/60", "-1"
    over: float | None = None  # hours above which time is overtime
    rate: Column | None = None
    used_columns: list[Column] = field(default_factory=list)
    used_numbers: list[float] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    step: int = 0  # rounded to the nearest 1/step of an hour (4: a quarter)
    aside: list[Column] = field(default_factory=list)  # a break column set aside for a length said

    def hours(self, span: str) -> str:
        """The worked hours from ``span`` (already in hours): break off, overtime, pay."""
        body = f"{span}{self.less}"
        if self.over is not None:
            body = f"MAX(0,{body}-{_num(self.over)})"
        if self.rate is not None:
            body = f"({body})*{ref(self.rate)}" if self.less and self.over is None else f"{body}*{ref(self.rate)}"
        if self.step:
            body = f"ROUND(({body})*{self.step},0)/{self.step}" if self.less or self.rate else f"ROUND({body}*{self.step},0)/{self.step}"
        return body

    def explain(self, span: str) -> str:
        """The explanation: the span, then what was done to it."""
        out = span
        if self.less:
            out += f", less the break ({self.less.lstrip('-')} h)"
        if self.over is not None:
            out += f", the part over {_num(self.over)} hours (0 when none)"
        if self.rate is not None:
            out += f", times {self.rate.header}"
        if self.step:
            out += f", rounded to the nearest 1/{self.step} hour"
        return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _header_says(col: Column, words: list[str]) -> bool:
    head = col.header.lower()
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", head) if w.isascii() else w in head for w in words)


def _break_column(schema: SheetSchema, sl: dict) -> Column | None:
    cols = [c for c in schema.columns if c.type == "number" and _header_says(c, sl["break_words"])]
    return cols[0] if len(cols) == 1 else None


def _in_minutes(col: Column, text: str, schema: SheetSchema, sl: dict) -> bool | None:
    """Whether a break column holds minutes (True), hours (False), or None when nothing tells."""
    if _header_says(col, sl["minute_words"]):
        return True
    if _header_says(col, sl["hour_words"]):
        return False
    if re.search(sl["break_in_minutes"], text):
        return True
    if re.search(sl["break_in_hours"], text):
        return False
    vals = [v for v in values(schema, col) if isinstance(v, (int, float))]
    if vals and all(v >= 5 for v in vals if v):  # a break of five hours or more is no break
        return True
    return None


def _said_break(text: str, sl: dict) -> tuple[str, float | None, str] | None:
    """A break said as a length next to the word break ("a 30 min break", "午休1小时", "lunch is half
    an hour"): (the term taken off, the number said, the words); None when no length stands by it."""
    for w in sl["half_hour"]:
        at = text.find(w)
        if at >= 0 and (re.search(sl["break_gap"], text[at + len(w):at + len(w) + 24])
                        or re.search(sl["break_gap"], text[max(0, at - 16):at])):
            return "-0.5", None, w
    for m in re.finditer(sl["said_number"], text):
        after, before = text[m.end():m.end() + 24], text[max(0, m.start() - 16):m.start()]
        if not (re.match(sl["break_gap"], after) or re.search(sl["break_gap"], before)):
            continue
        raw = m.group("n")
        n = float(sl["zh_numbers"].get(raw, raw) if not raw[0].isdigit() else raw)
        if re.match(sl["hour_unit"], m.group("unit")):
            return f"-{_num(n)}", n if raw[0].isdigit() else None, m.group(0)
        return f"-{_num(n)}/60", n if raw[0].isdigit() else None, m.group(0)
    return None


def read_shift(request: str, text: str, schema: SheetSchema, lex: dict) -> Shift:
    """What is done to the worked span; raises Unread when a break or overtime is said but not read."""
    sl = lex["shifts"]
    out = Shift()
    if re.search(sl["break_said"], text):
        if not re.search(sl["break_off"], text) or re.search(sl["break_kept"], text):
            raise Unread("a break said without taking it off")
        said = _said_break(text, sl)
        col = _break_column(schema, sl)
        if said is not None:
            out.less, n, w = said
            out.used_numbers += [n] if n is not None else []
            out.words.append(w)
            out.aside += [col] if col is not None else []
        elif col is not None:
            minutes = _in_minutes(col, text, schema, sl)
            if minutes is None:
                raise Unread("a break column in unknown units")
            out.less = f"-{ref(col)}/60" if minutes else f"-{ref(col)}"
            out.used_columns.append(col)
        else:
            raise Unread("a break with no length")
    m = re.search(sl["over_hours"], text)
    if m is not None:
        from .rowlabels import _slash_pair

        if re.search(sl["label_said"], request) or _slash_pair(request) is not None:
            raise Unread("overtime as a label")  # "LONG/SHORT column - over 3 hrs is LONG"
        if not out.less and _break_column(schema, sl) is not None:
            raise Unread("overtime on a sheet with a break column the request does not take off")
        out.over = float(m.group("n"))
        out.used_numbers.append(out.over)
        out.used_numbers += [0.0] if re.search(sl["zero_said"], text) else []  # "or 0 if none": MAX(0, ...)
    elif re.search(sl["overtime_said"], text):
        raise Unread("overtime without its threshold")
    for pattern, step in sl["step_round"]:
        if (m := re.search(pattern, text)) is not None:
            out.step = step
            out.used_numbers += [float(x) for x in re.findall(r"\d+(?:\.\d+)?|\.\d+", m.group(0))]
            break
    if re.search(sl["pay_said"], text):
        rates = [c for c in schema.columns if c.type == "number" and _header_says(c, sl["rate_headers"])]
        if len(rates) != 1:
            raise Unread("pay without one rate column")
        out.rate = rates[0]
        out.used_columns.append(rates[0])
    return out


_WORKED = re.compile(r"\)\*24(?![\d.])")


def said_spans(text: str, template: str) -> list[tuple[int, int]]:
    """The spans of ``text`` this module reads (the break, the word that takes it off, the
    overtime threshold, the pay), when ``template`` is a worked span it wrote; else none."""
    if not _WORKED.search(template):
        return []
    sl = lexicon("dates")["shifts"]
    pats = [sl[k] for k in ("break_said", "break_off", "over_hours", "overtime_said", "pay_said", "said_number",
                            "worked_said")]
    pats += [p for p, _ in sl["step_round"]] + [re.escape(w) for w in sl["half_hour"]]
    if re.search(r"^=MAX\(0,", template):
        pats.append(sl["zero_said"])
    return [m.span() for p in pats for m in re.finditer(p, text) if m.end() > m.start()]
