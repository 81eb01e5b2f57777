"""Dates and Chinese ID numbers per row (issue 16 item 1).

Dates: year / month / day / weekday / month name / month end, N days or
months later (EDATE), days since, age and years of service (DATEDIF) as of a
date the request gives (TODAY() when it gives none).  ID numbers: an
18-character 身份证号 column (recognised by its values, not its header) gives
the birth date, the sex (17th digit odd = 男) and the age.  Vocabulary:
``lexicon/dates.json``.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from . import rowcountdown
from .rowbase import (
    RowReading,
    date_formula,
    date_in,
    group_of,
    has,
    is_zh,
    lexicon,
    mentions,
    names_the_row,
    numbers,
    ref,
    row_pairs,
    values,
)
from .rowshifts import Shift, Unread, read_shift
from .schema import Column, SheetSchema

_ID = re.compile(r"\d{17}[\dXx]")


def _id_column(schema: SheetSchema) -> Column | None:
    cols = [c for c in schema.columns if c.type in ("text", "mixed")
            and (vals := [v for v in values(schema, c) if v is not None])
            and all(isinstance(v, str) and _ID.fullmatch(v.strip()) for v in vals)]
    return cols[0] if len(cols) == 1 else None


def _date_column(text: str, schema: SheetSchema, prefer: str | None = None) -> Column | None:
    named = {c.letter: c for _, c in mentions(text, schema) if c.type == "date"}
    if len(named) == 1 and all(c.letter in named for c in _event_dates(text, schema)):
        return next(iter(named.values()))
    if named:
        return None
    if prefer is not None and (c := group_of(schema, prefer)) is not None and c.type == "date":
        return c
    said = _event_dates(text, schema)
    if len(said) == 1:  # "the month the task starts" -> Start Date, "the day it shipped" -> Ship Date
        return said[0]
    every = [c for c in schema.columns if c.type == "date"]
    return every[0] if len(every) == 1 else None


def _event_dates(text: str, schema: SheetSchema) -> list[Column]:
    """English "<Event> Date" columns whose event word the request says, in any form."""
    out = []
    for c in schema.columns:
        words = c.header.lower().split()
        if c.type == "date" and len(words) == 2 and words[1] == "date" and len(words[0]) >= 3 \
                and re.search(rf"\b{re.escape(words[0])}(?:s|es|ed|ped|ted|ing|ping|ting)?\b", text):
            out.append(c)
    return out


def _age_at(text: str, schema: SheetSchema) -> Column | None:
    """The one date column, other than the birth date, an age request is measured at.

    Named as usual ("起租日期", "起租时"), or, for an English header "<Event> Date", by its
    first word after "at the" / "on the" / "when" ("age at the visit" -> Visit Date).
    """
    birth = group_of(schema, "birth date")
    named = {c.letter: c for _, c in mentions(text, schema) if c.type == "date" and c is not birth}
    for c in schema.columns:
        words = c.header.lower().split()
        if c.type == "date" and c is not birth and len(words) == 2 and words[1] == "date" \
                and re.search(rf"\b(?:at|on|of|when)\s+(?:the|their|his|her)?\s*{re.escape(words[0])}\b", text):
            named[c.letter] = c
    others = [c for c in schema.columns if c.type == "date" and c is not birth]
    if not named and birth is not None and len(others) == 1:
        # "age at appointment", "how old when they came in": the day the row records, on a sheet
        # whose one other date column is that day (lexicon/dates.json age_events)
        events = "|".join(re.escape(w) for w in sorted(lexicon("dates")["age_events"], key=len, reverse=True))
        if re.search(rf"\b(?:at|on|of|when)\s+(?:the\s+|their\s+|his\s+|her\s+)?(?:{events})\b", text):
            return others[0]
    if not named and len(others) == 1 and re.search(lexicon("dates")["age_event_zh"], text):
        # "看病时多大了", "配眼镜那天几周岁": the day the row records, said by what happened on it,
        # on a sheet with one date column (besides a birth date)
        return others[0]
    return next(iter(named.values())) if len(named) == 1 else None


def _id_reading(text: str, request: str, schema: SheetSchema, c: Column, lex: dict,
                as_of: str) -> RowReading | None:
    r = ref(c)
    birth = f"DATE(MID({r},7,4),MID({r},11,2),MID({r},13,2))"
    zh = is_zh(request)
    used = [17.0] if re.search(r"第?17位|17th", text) else []
    used += [7.0] if re.search(r"第7位(?:开始|起)", text) else []  # "从身份证号第7位开始取": where the birth date starts
    if has(text, lex["sex"]):
        labels = ('"男","女"') if zh else ('"Male","Female"')
        return RowReading(f"=IF(MOD(MID({r},17,1),2)=1,{labels})",
                          "身份证第17位奇数为男，偶数为女" if zh else "17th digit odd = male", used)
    year = _pinned_year(request, lex)
    if year is not None and (has(text, lex["age"]) or re.search(
            r"减去?[^，,；;。]{0,6}出生(?:年|的年)|minus (?:the )?(?:birth year|year of birth)", text)):
        times = sum(1 for v, unit, _ in numbers(request) if v == year and not unit)
        return RowReading(f"={year}-MID({r},7,4)", f"age in {year}: {year} minus the birth year in {c.header}",
                          used + [float(year)] * times)
    if has(text, lex["age"]):
        return RowReading(f'=DATEDIF({birth},{as_of},"Y")', f"age on {as_of} from {c.header}", used)
    if has(text, lex["birth_year"]) or re.search(r"出生(?:的)?年(?![月龄纪])", text):  # 出生年, not 出生年月
        return RowReading(f"=VALUE(MID({r},7,4))", f"birth year from {c.header}", used)
    if has(text, lex["birth"]):
        rest = text
        for w in sorted(lex["birth"] + lex["id_words"] + [c.header.lower()], key=len, reverse=True):
            rest = rest.replace(w, " ")
        part = _part(rest, lex["parts"], zh)  # 出生月份: the month of the birth date
        if part is not None:
            return RowReading("=" + part[1].replace("{d}", birth), part[2].replace("{h}", "birth date"), used)
        return RowReading(f"={birth}", f"birth date from {c.header}", used)
    return None


def _pinned_year(request: str, lex: dict) -> int | None:
    """The one year an age is counted in ("按2026年算", "2026减出生年", "as of 2026"), or None."""
    years = {int(m.group("y")) for p in lex["pinned_year"] for m in re.finditer(p, request.lower())}
    return years.pop() if len(years) == 1 and date_in(request) is None else None


#: "1-12", "(1 to 12)", "1到12": the range a date part's number falls in (lexicon/dates.json result_ranges)
_RESULT_RANGE = re.compile(r"[(（]?(?<![\d/.:])1\s*(?:-|–|~|～|to|thru|through|至|到)\s*(12|31|4)(?![\d/.:])[)）]?", re.I)


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """A date reading; when it reads one date column that is empty on some rows and the request
    says those rows stay blank ("没缴的空着", "blank if not returned yet"), ``IF(G2="","",…)``.
    A range the part's number falls in ("the month of the Event date, 1-12") is said of the
    result: the rest is read, and must be that part."""
    ranged = _RESULT_RANGE.search(request)
    if ranged is not None and len(_RESULT_RANGE.findall(request)) == 1:
        rest = request[:ranged.start()] + " " + request[ranged.end():]
        reading = _read_blank(rest, schema)
        top = ranged.group(1)
        if reading is None or not re.search(lexicon("dates")["result_ranges"][top], reading.template):
            return None
        return RowReading(reading.template, reading.explanation, [*reading.consumed, 1.0, float(top)])
    return _read_blank(request, schema)


def _read_blank(request: str, schema: SheetSchema) -> RowReading | None:
    """:func:`read` once a result range is set apart."""
    reading = _read(request, schema)
    end = re.search(lexicon("dates")["year_end"], request.lower()) if reading is not None else None
    if end is not None and f"DATE({end.group(1) or end.group(2)},12,31)" in reading.template:
        year = float(end.group(1) or end.group(2))  # "截至2026年底": its year is the date's
        reading = RowReading(reading.template, reading.explanation, [*reading.consumed, year])
    if reading is None or reading.template.startswith("=IF("):
        return reading
    text = request.lower()
    if not has(text, lexicon("labels")["blank"] + lexicon("dates")["blank_rows"]):
        return reading
    letters = set(re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", reading.template))
    empty = {c.letter: sum(v is None for v in values(schema, c)) for c in schema.columns}
    least = min(empty.values(), default=0)  # (a blank row every column shares is no gap)
    gaps = [c for c in schema.columns if c.letter in letters and c.type == "date" and empty[c.letter] > least]
    if len(gaps) != 1:
        return reading
    g = gaps[0]
    return RowReading(f'=IF({ref(g)}="","",{reading.template[1:]})',
                      f"blank while {g.header} is blank, else {reading.explanation}", reading.consumed)


def _read(request: str, schema: SheetSchema) -> RowReading | None:
    lex = lexicon("dates")
    for phrase, said in lex["same_day_later"].items():  # "same day next year": 1 year later
        request = re.sub(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", said, request, flags=re.I)
    text = request.lower()
    found = date_in(request)
    end = None if found else re.search(lex["year_end"], text)
    if end is not None:  # "截至2026年底", "at the end of 2026": the last day of that year
        found = dt.date(int(end.group(1) or end.group(2)), 12, 31), end.start(), end.end()
        request = request[:end.start()] + " " * (end.end() - end.start()) + request[end.end():]
    as_of = date_formula(found[0]) if found else "TODAY()"
    if found is None and has(text, lex["age"]):
        at = _age_at(text, schema)
        as_of = ref(at) if at is not None else as_of  # "age at the visit", "起租时多大年纪"
    ident = _id_column(schema)
    birthish = has(text, lex["birth"] + lex["birth_year"] + lex["sex"] + lex["age"] + ["出生", "born"])
    if ident is not None and (has(text, lex["id_words"]) or birthish
                              or any(c is ident for _, c in mentions(text, schema))):
        if group_of(schema, "birth date") is None or has(text, lex["id_words"]):
            return _id_reading(text, request, schema, ident, lex, as_of)
    nums = numbers(request)
    plain = [v for v, unit, _ in nums if not unit]
    if (has(text, lex["age"]) or has(text, lex["thing_age"])) and found is None and len(plain) == 1 \
            and 1900 <= plain[0] <= 2100 \
            and plain[0].is_integer():
        # "how old is each runner in 2026" on Birth Year, "age of each car (2026 minus year)" on Year:
        # the year said less the one column of whole years whose header says year
        # (a header that says year, or the event the year is of: Opened, Founded, Built)
        cols = [c for c in schema.columns if c.type == "number"
                and re.search(r"\byear\b|年份|年|^[a-z]{3,}ed$|\bsince\b", c.header.lower().strip())
                and (vs := [v for v in values(schema, c) if v is not None])
                and all(isinstance(v, (int, float)) and float(v).is_integer() and 1900 <= v <= plain[0] for v in vs)]
        if len(cols) == 1:
            y = int(plain[0])
            return RowReading(f"={y}-{ref(cols[0])}", f"{y} - {cols[0].header}", [plain[0]])
        return None
    if has(text, lex["age"]) and not plain:
        d = _date_column(text, schema, "birth date")
        if d is not None and d is group_of(schema, "birth date"):
            return RowReading(f'=DATEDIF({ref(d)},{as_of},"Y")', f"age on {as_of} from {d.header}")
        return None
    tenure = has(text, lex["tenure"]) and re.search(lex["tenure_years"], text) is not None
    if (has(text, lex["service"]) or tenure) and not plain:
        # "how many full years has each person been a member", "注册满几年": the hire-date column,
        # or the one date column the request names (注册日期)
        d = _date_column(text, schema, "hire date")
        named = [c for _, c in mentions(text, schema) if c.type == "date"]
        starts = [c for c in schema.columns if c.type == "date" and c.header.lower().strip() in lex["tenure_start"]]
        named_start = starts[0] if not named and group_of(schema, "hire date") is None and len(starts) == 1 else None
        if d is None and named_start is not None:
            d = named_start  # "full years each horse has been on the yard" on Arrived
        if d is not None and (d is group_of(schema, "hire date") or named == [d] or d is named_start):
            return RowReading(f'=DATEDIF({ref(d)},{as_of},"Y")',
                              f"whole years from {d.header} to {as_of}")
        return None
    counted = rowcountdown.read(request, schema)  # "days until the wedding", 逾期天数
    if counted is not None or rowcountdown.asks_overdue(request):
        return counted
    timed = _times(request, text, schema, lex)
    if timed is not None:
        return timed
    ended = _span_end(request, text, schema, lex)
    if ended is not None:
        return ended
    between = _open_end(request, text, schema, lex) or _between_columns(text, schema, lex)
    if between is not None:
        return between
    d = _date_column(text, schema)
    if d is None or birthish and d is not group_of(schema, "birth date"):
        return None  # "出生年份" on a sheet whose one date is the hire date
    if has(text, lex["days_since"]) and not plain and (found or re.search(r"\btoday\b|\bnow\b|今天|至今|距今", text)):
        return RowReading(f"={as_of}-{ref(d)}", f"days from {d.header} to {as_of}")
    weekend = _weekend_label(request, text, d, lex)
    if weekend is not None:
        return weekend
    worded = _worded_count(text, lex)
    specific = [x for x in lex["parts"] if (len(x) < 4 or x[3] == "one") and re.search(x[0], text)]
    if worded is not None and not nums and not specific:  # "加一个月", "two weeks after"; not "最后一天"
        said = text[:worded[2]] + f"{worded[1]}" + text[worded[3]:]
        shifted = _shift(said, float(worded[1]), d, schema, lex)
        if shifted is not None:
            return RowReading(shifted.template, shifted.explanation, [])
    distinct = sorted(set(plain))
    one = any(re.search(x[0], text) for x in lex["parts"] if x[3:] == ["one"])
    if one and distinct == [1.0, 7.0] and len(plain) == len(nums):
        pass  # "周几，用数字1-7表示": the weekday numbered from Monday, read below
    elif len(distinct) == 1 and len(plain) == len(nums):
        n = distinct[0]
        shifted = _shift(text, n, d, schema, lex)
        if shifted is not None:
            return shifted
        if not one:  # "周一=1", "周日算1": the WEEKDAY reading below
            shown = _example_format(request, d, lex)
            return shown
    elif nums:
        return _example_format(request, d, lex)
    shown = _example_format(request, d, lex)
    if shown is not None:
        return shown
    if found or has(text, lex["relative"]):
        return None  # "birthday this year": not a part of the date
    other = [c for _, c in mentions(text, schema) if c.type != "date"]
    if any(c.type == "number" for c in other):
        return None
    part = _part(text, lex["parts"], is_zh(request))
    if part is not None and _period_is_a_column(text, part, schema):
        return None
    if part is not None and re.search(r"\bweek (?:of|number)|\bweeknum|周数|第几周|周次", text) \
            and "WEEKDAY" not in part[1]:
        return None  # "week of the year": not the year, and which week numbering is not said
    if part is not None:
        _, template, what = part[:3]
        return RowReading("=" + template.replace("{d}", ref(d)), what.replace("{h}", d.header),
                          sorted(set(plain)) if "WEEKDAY" in template and nums else [])
    return None


def _period_is_a_column(text: str, part: list[str], schema: SheetSchema) -> bool:
    """Whether the period word that asked for a date part names columns instead: "Q3 on-time %"
    beside Q3 Orders / Q3 On time, "四个季度平均编制" beside 一季度..四季度 columns.  The quarter or
    month of a date is then no answer (=ROUNDUP(MONTH(I3)/3,0) was one)."""
    from .rows import _period_columns

    if not re.search(r"MONTH\(", part[1]):
        return False
    if _period_columns(schema):
        return True
    m = re.search(part[0], text)
    said = m.group(0).strip().lower() if m else ""
    return bool(said) and any(c.type == "number" and said != c.header.strip().lower()
                              and re.search(rf"(?<![a-z0-9]){re.escape(said)}(?![a-z0-9])", c.header.lower())
                              for c in schema.columns)


def _part(text: str, parts: list[list[str]], zh: bool) -> list[str] | None:
    """The part of a date the request asks for.

    A named form (month name, month end, weekday name) wins in list order; among the
    plain parts (year, month, day, weekday, quarter) the head of the phrase wins: the
    one said first in English ("day of the month"), last in Chinese ("日期中的日").
    """
    heads = []
    for i, part in enumerate(parts):
        m = re.search(part[0], text)
        if m is None:
            continue
        if len(part) < 4 or part[3] != "head":
            return part
        heads.append((-m.start() if zh else m.start(), i, part, m.span()))
    for a in heads:
        for b in heads:
            if a[2][1] != b[2][1] and (a[3][1] <= b[3][0] or b[3][1] <= a[3][0]):
                return None  # "几月几号", "month and day": two parts asked, not one of them
    return min(heads)[2] if heads else None


def _shift(text: str, n: float, d: Column, schema: SheetSchema, lex: dict) -> RowReading | None:
    """A date N days / weeks / months / years later or earlier: ``D2+30``, ``EDATE(D2,3)``."""
    if not n.is_integer() or any(c.type == "number" for _, c in mentions(text, schema)):
        return None
    asked = re.sub(r"^\s*when\s+(?:is|are|was|were|does|do|did|will|should)\b", " ", text)  # "when is ... due": a question
    if has(f" {asked} ", lexicon("rows")["condition"]):
        return None  # "Veteran if hired more than 10 years ago": a test on the date, the labels' to read
    k = f"{n:g}"
    unit = None
    for pattern, name in lex["units"]:
        if re.search(rf"(?<![\d.]){k}\s*-?\s*(?:{pattern})(?![a-z])", text):
            unit = name
            break
    if unit is None or unit == "years" and n > 100:
        return None
    later = has(text, lex["shift_words"]["later"])
    earlier = has(text, lex["shift_words"]["earlier"])
    if later == earlier:
        return None  # no direction, or both
    sign = "" if later else "-"
    r = ref(d)
    formula, what = {
        "days": (f"{r}{'+' if later else '-'}{k}", f"{d.header} {'+' if later else '-'} {k} days"),
        "weeks": (f"{r}{'+' if later else '-'}7*{k}", f"{d.header} {'+' if later else '-'} {k} weeks"),
        "months": (f"EDATE({r},{sign}{k})", f"{d.header} {'+' if later else '-'} {k} months"),
        "years": (f"EDATE({r},{sign}12*{k})", f"{d.header} {'+' if later else '-'} {k} years"),
    }[unit]
    return RowReading("=" + formula, what, [n])


def _length_unit(header: str, lex: dict) -> str | None:
    """The unit of a column holding a length of time ("Nights", "No. of nights", "Term (months)",
    "Loan days"): nights, days, weeks or months; None for any other header ("Visits per week")."""
    words = re.findall(r"[a-z.]+", header.lower().replace("(", " ").replace(")", " "))
    units = [u for u, said in lex["span_end"]["units"].items() for w in words if w in said]
    if len(units) != 1 or any(w not in lex["span_end"]["header_words"]
                              and not any(w in said for said in lex["span_end"]["units"].values()) for w in words):
        return None
    return units[0]


def _span_end(request: str, text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """"departure date for each booking", "when does everyone check out", "arrive + nights": the
    day a stay, loan or contract ends, its one start date plus its one length column (``B2+C2``,
    ``B2+7*C2``, ``EDATE(B2,C2)``; ``lexicon/dates.json`` span_end).  A length in days is read
    only when the request asks when it is due back or left (an event of 3 days may end on its
    third day), or adds the two itself.  A number said, another number column named, or not
    one date column and one length column: no answer."""
    words = lex["span_end"]
    plus = re.search(r"\+|\bplus\b|\badd(?:ed)?\b", text) is not None
    calendar = [w for w in lex["times"]["end_not"] if w != "end date"]
    if numbers(request) or has(text, calendar) or not (plus or has(text, words["asks"])):
        return None
    named = [c for _, c in mentions(text, schema)]
    lengths = [(c, u) for c in schema.columns if c.type == "number"
               for u in [_length_unit(c.header, lex)] if u is not None]
    said = [(c, u) for c, u in lengths if c in named]
    lengths = said or lengths
    dates = [c for c in named if c.type == "date"] or _first_dates(schema)
    if len(lengths) != 1 or len(dates) != 1 or any(c.type == "number" and c is not lengths[0][0] for c in named):
        return None
    (n, unit), d = lengths[0], dates[0]
    if unit == "days" and not plus and not has(text, words["due_asks"]):
        return None
    body = {"nights": f"{ref(d)}+{ref(n)}", "days": f"{ref(d)}+{ref(n)}", "weeks": f"{ref(d)}+7*{ref(n)}",
            "months": f"EDATE({ref(d)},{ref(n)})"}[unit]
    return RowReading("=" + body, f"{d.header} plus {n.header}")


def _first_dates(schema: SheetSchema) -> list[Column]:
    """The sheet's date columns, or, of several, the one that comes first on every row where the
    others are filled (Check-in before Collected): the start a length is added to."""
    every = [c for c in schema.columns if c.type == "date"]
    if len(every) < 2:
        return every
    first = [c for c in every if all(row_pairs(schema, c, o) and all(x <= y for x, y in row_pairs(schema, c, o))
                                     for o in every if o is not c)]
    return first if len(first) == 1 else every


def _time_columns(schema: SheetSchema) -> list[Column]:
    """Columns of times of day (08:30), or of date-times with a time in them."""
    out = []
    for c in schema.columns:
        vals = [v for v in values(schema, c) if v is not None]
        if vals and (all(isinstance(v, dt.time) for v in vals) or all(isinstance(v, dt.datetime) for v in vals)
                     and any(v.time() != dt.time(0) for v in vals)):
            out.append(c)
    return out


def _times(request: str, text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """Times of day per row: the hour or minute of a time (``HOUR(C2)``), the hours between
    two times (``(E2-D2)*24``, rounded when asked), a start plus a number of hours
    (``G2+H2/24``).  Vocabulary: ``lexicon/dates.json`` times."""
    from .rows import _round

    times = _time_columns(schema)
    if not times:
        return None
    tl = lex["times"]
    named = [c for p, c in mentions(text, schema) if not names_the_row(text, p)]  # not "each call-out"
    said = [c for c in times if c in named]
    others = [c for c in named if c not in times and c.type in ("number", "date")]  # a text column is the row's noun
    nums = [v for v, unit, _ in numbers(request)]
    clock = _clock_part(request, text, times, said, others, tl)
    if clock is not None:
        return clock
    if has(text, tl["end"]) and not has(text, tl["end_not"]) and len(said) < 2:
        # "end time (start + hours)", "结束时间"; not "结束时间减开始时间": both times are the sheet's
        start = said if said else times
        spans = [c for c in schema.columns if c.type == "number" and has(c.header.lower(), tl["hour_headers"] + tl["minute_headers"])
                 and not has(c.header.lower(), tl["span_not"])]  # "Mins left" is no length of the session
        spans = [c for c in spans if c in others] or spans
        fixed = _said_duration(text)
        if len(start) == 1 and not others and fixed is not None and not (spans and set(spans) & set(named)):
            h, mins, n = fixed  # "end time per booking (start + 1 hr)", "they last an hour"
            return RowReading(f"={ref(start[0])}+TIME({h},{mins},0)", f"{start[0].header} plus {h}:{mins:02d}",
                              [n] if n is not None else [])
        if len(start) != 1 or len(spans) != 1 or nums or any(c not in spans for c in others):
            return None
        per = "24" if has(spans[0].header.lower(), tl["hour_headers"]) else "1440"
        return RowReading(f"={ref(start[0])}+{ref(spans[0])}/{per}", f"{start[0].header} plus {spans[0].header}")
    pair = said if len(said) == 2 else times if len(times) == 2 and not said else None
    if pair is None and len(said) == 1 and len(times) == 2 \
            and re.search(r"\bhours\b|\bhrs\b|\bhow long\b|小时|钟头|时长|多久|用时|\bminutes\b|\bmins\b|分钟", text) \
            and not any(re.search(pattern, text) for pattern, _ in tl["parts"]):
        pair = times  # "how many hrs is each horse turned out for": from the one said to the other
    shift = Shift()
    if pair is not None and has(text, tl["hours"] + tl["minutes"]):
        try:
            shift = read_shift(request, text, schema, lex)  # less the break, overtime, pay
        except Unread:
            return None
        others = [c for c in others if c not in shift.used_columns + shift.aside]
    if pair is not None and has(text, tl["hours"] + tl["minutes"]) and not others:
        a, b = pair
        rows_ = row_pairs(schema, a, b)
        if not rows_:
            return None
        overnight = not all(y >= x for x, y in rows_) and not all(x >= y for x, y in rows_)
        if not overnight:
            early, late = (a, b) if all(y >= x for x, y in rows_) else (b, a)
        else:
            # some rows go past midnight (a 22:28 start, a 00:52 finish): the headers say which
            # column starts the span, and its length is taken modulo a day, MOD(finish - start, 1)
            order = _start_end(a, b, tl)
            if order is None:
                return None
            early, late = order
        k = "1440" if has(text, tl["minutes"]) and not has(text, tl["hours"]) else "24"
        span = f"MOD({ref(late)}-{ref(early)},1)" if overnight else f"({ref(late)}-{ref(early)})"
        if shift != Shift():
            if k != "24":
                return None  # a break or a pay on a span asked in minutes: not read
            body, used = (shift.hours(f"{span}*24"), []) if shift.step else _round(text, shift.hours(f"{span}*24"))
            return RowReading("=" + body, shift.explain(f"hours from {early.header} to {late.header}"),
                              used + shift.used_numbers)
        body, used = _round(text, f"{span}*{k}")
        return RowReading("=" + body, f"{'minutes' if k == '1440' else 'hours'} from {early.header} to {late.header}", used)
    one = said if said else times if len(times) == 1 else []
    if len(one) == 1 and not others and not nums:
        for pattern, fn in tl["parts"]:
            if re.search(pattern, text):
                return RowReading(f"={fn}({ref(one[0])})", f"{fn.lower()} of {one[0].header}")
    return None


#: an example of the answer ("(e.g. 21)", "like 9"), said beside an ask, is no operand
_EXAMPLE = re.compile(r"[(（]?\s*(?:e\.g\.?|eg|for example|for instance|like|say)\s*:?\s*\d{1,2}(?::\d\d)?\s*[)）]?", re.I)


def _clock_part(request: str, text: str, times: list[Column], said: list[Column], others: list[Column],
                tl: dict) -> RowReading | None:
    """The hour (or minute) one time of the row reads: "just the hour each job started", "start hour
    as a number", "what hour did each backup kick off" (HOUR(D2)); never a length between two
    times (``span_said``).  The time is the one named, else the one a start / end verb says (by
    the headers, ``start_headers``), else the only one; an example ("e.g. 21") is no operand."""
    fn = next((f for pattern, f in tl["clock_part"] if re.search(pattern, text)), None)
    if fn is None or others or len(said) > 1 or re.search(tl["span_said"], text):
        return None
    if numbers(_EXAMPLE.sub(" ", request)):
        return None
    one = said
    if not one and len(times) == 2 and (order := _start_end(*times, tl)) is not None:
        starts, ends = has(text, tl["start_said"]), has(text, tl["end_said"])
        one = [order[0]] if starts and not ends else [order[1]] if ends and not starts else []
    one = one or (times if len(times) == 1 else [])
    if len(one) != 1:
        return None
    return RowReading(f"={fn}({ref(one[0])})", f"the {fn.lower()} of {one[0].header}")


def _start_end(a: Column, b: Column, tl: dict) -> tuple[Column, Column] | None:
    """(start, end) of two time columns by their headers (上机时间 / 下机时间, Departs / Arrives),
    or None when the headers do not tell."""
    def says(col: Column, words: list[str]) -> bool:
        head = col.header.lower()
        return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", head) if w.isascii() else w in head
                   for w in words)

    starts = [c for c in (a, b) if says(c, tl["start_headers"]) and not says(c, tl["end_headers"])]
    ends = [c for c in (a, b) if says(c, tl["end_headers"]) and not says(c, tl["start_headers"])]
    if len(starts) == 1 and len(ends) == 1 and starts[0] is not ends[0]:
        return starts[0], ends[0]
    return None


def _said_duration(text: str) -> tuple[int, int, float | None] | None:
    """A length of time said in the request ("60 minutes", "1 hr", "an hour", "1.5 hours"): (hours,
    minutes, the number said), whole minutes under a day only; None when none is said."""
    m = re.search(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?)\b", text)
    if m is not None:
        n = float(m.group(1))
        total = n * 60 if m.group(2).startswith("h") else n
        said: float | None = n
    elif (w := re.search(r"\b(?:an|one) hour\b|\bhalf an hour\b", text)) is not None:
        total, said = (30.0 if w.group(0).startswith("half") else 60.0), None
    else:
        return None
    if not total.is_integer() or not 0 < total < 1440:
        return None
    return int(total) // 60, int(total) % 60, said


@lru_cache(maxsize=1)
def _day_names() -> tuple[re.Pattern, dict[str, int]]:
    """The weekday names of ``lexicon/values.json`` weekdays (the one list the aggregates read
    too), an English name also by its first three letters ("fri"), each -> its WEEKDAY(d,2)
    number (Monday = 1)."""
    number: dict[str, int] = {}
    for n, group in enumerate(lexicon("values")["weekdays"], start=1):
        for w in group:
            number[w] = n
            if w.isascii():
                number[w[:3]] = n
    alts = [re.escape(w) if not w.isascii() else rf"\b{re.escape(w)}s?\b"
            for w in sorted(number, key=len, reverse=True)]
    return re.compile("|".join(alts)), number


def _day_of(m: re.Match, number: dict[str, int]) -> int:
    word = m.group(0).lower()
    return number[word] if word in number else number[word[:-1]]  # "fridays"


def _weekend_label(request: str, text: str, d: Column, lex: dict) -> RowReading | None:
    """A label for the rows on a Saturday or Sunday ("周六或周日的写周末", 'mark "WKND" on
    weekends, blank otherwise'): ``IF(WEEKDAY(A2,2)>5,"周末","")``, or on the days the request
    names ("周五或周六入住的标“周末”": ``IF(OR(WEEKDAY(A2,2)=5,WEEKDAY(A2,2)=6),…)``; the label's own
    words name no day); a second quoted label is the other rows'.  Vocabulary:
    ``lexicon/dates.json`` weekend."""
    wl = lex["weekend"]
    quoted = re.findall(r'["“「]([^"”」]{1,20})["”」]', request)
    m = re.search(wl["label_after"], request, re.I)
    if m is not None and m.group(1).isascii() and not m.group(1).isupper():
        m = None  # "mark weekends with ...": an English label is quoted or in capitals
    labels = quoted or ([m.group(1)] if m else [])
    other_m = re.search(wl["else_after"], request) if not quoted and m is not None else None
    if other_m is not None and other_m.start() > m.end() and other_m.group(1) != m.group(1):
        labels = [m.group(1), other_m.group(1)]  # "周六周日写周末，其他写工作日": both unquoted
    if not labels or len(labels) > 2:
        return None
    said = re.sub(r'["“「][^"”」]{1,20}["”」]', " ", text)
    if not quoted and m is not None:
        for lab in labels:
            said = said.replace(lab.lower(), " ")
    names, number = _day_names()
    named = list(names.finditer(said))
    days = sorted({_day_of(x, number) for x in named})
    for a, b in zip(named, named[1:], strict=False):
        if re.fullmatch(r"\s*(?:至|到|~|～|-|–|—|through|thru|to)\s*", said[a.end():b.start()]):
            lo, hi = (_day_of(x, number) for x in (a, b))
            days = sorted(set(days) | set(range(lo, hi + 1)))  # "周一至周五", "mon-fri": a span
    if days == [6, 7] or (not days and re.search(wl["said"], said)):
        test = f"WEEKDAY({ref(d)},2)>5"
    elif days and len(days) <= 3 or days == [1, 2, 3, 4, 5]:
        tests = [f"WEEKDAY({ref(d)},2)={n}" for n in days]
        test = (f"WEEKDAY({ref(d)},2)<6" if days == [1, 2, 3, 4, 5]
                else tests[0] if len(tests) == 1 else f"OR({','.join(tests)})")
    else:
        return None
    other = labels[1] if len(labels) == 2 else ""
    if len(labels) == 1 and has(text, lexicon("labels")["else"]) and not has(text, lexicon("labels")["blank"]):
        return None  # an else branch this reader cannot name
    on = "a Saturday or Sunday" if test.endswith(">5") else "Monday to Friday" if test.endswith("<6") else " or ".join(
        ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")[n - 1] for n in days)
    return RowReading(f'=IF({test},"{labels[0]}","{other}")',
                      f'"{labels[0]}" on {on} of {d.header}' + (f', else "{other}"' if other else ""))


def _open_end(request: str, text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """Days between a sheet's two date columns when the later one is blank on some rows
    (not collected, not checked out yet) and the request says what a blank end means: a
    cut-off date ("算到2026年11月30日", "as of 30 Nov 2026") -> ``IF(I2="",DATE(..),I2)-D2``,
    or a blank result ("blank if not collected", "没退的留空") -> ``IF(I2="","",I2-D2)``.
    """
    every = [c for c in schema.columns if c.type == "date"]
    if len(every) != 2 or not has(text, lex["duration_words"] + lex["between_words"]):
        return None
    if any(c.type == "number" for _, c in mentions(text, schema)):
        return None
    a, b = every
    pairs = row_pairs(schema, a, b)
    if not pairs or not (all(y >= x for x, y in pairs) or all(x >= y for x, y in pairs)):
        return None
    early, late = (a, b) if all(y >= x for x, y in pairs) else (b, a)
    ea, la = values(schema, early), values(schema, late)
    shift = late.first_row - early.first_row
    open_rows = [i for i, v in enumerate(ea) if v is not None
                 and (not 0 <= i - shift < len(la) or la[i - shift] is None)]
    if not open_rows or len(open_rows) == len(ea):
        return None
    e, t = ref(early), ref(late)
    found = date_in(request)
    if found is not None:
        if numbers(request):
            return None
        cut = date_formula(found[0])
        return RowReading(f'=IF({t}="",{cut},{t})-{e}',
                          f"days from {early.header} to {late.header}, or to {found[0]} when it is blank")
    if has(text, lexicon("labels")["blank"]) and not numbers(request) \
            and not re.search(r"\btoday\b|\bnow\b|今天|至今|距今", text):
        return RowReading(f'=IF({t}="","",{t}-{e})',
                          f"days from {early.header} to {late.header}, blank while {late.header} is blank")
    return None


def _between_columns(text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """Days (months, years) between two date columns: the later column minus the earlier."""
    dates = []
    for _, c in mentions(text, schema):
        if c.type == "date" and c not in dates:
            dates.append(c)
    every = [c for c in schema.columns if c.type == "date"]
    if len(dates) < 2 and len(every) == 2 and all(c in every for c in dates) \
            and not re.search(r"\btoday\b|\bnow\b|今天|至今|距今|截至|截止|\d", text) \
            and has(text, lex["duration_words"]) \
            and not any(c.type == "number" for _, c in mentions(text, schema)):  # "nights times nightly rate"
        dates = every  # "transit days", "到货用了几天": a sheet with two dates, the gap between them
    if len(dates) == 2 and not has(text, lex["between_words"]):
        # "实际完成减计划完成", "returned minus checked out": one date less the other, as said
        pos = {c.letter: p for p, c in mentions(text, schema)}
        a, b = sorted(dates, key=lambda c: pos[c.letter])
        minus = [w.strip() for w in lexicon("rows")["minus"]]
        gap = text[pos[a.letter]:pos[b.letter]]
        if any(w and (w in gap if not w.isascii() else re.search(rf"\b{re.escape(w)}\b", gap)) for w in minus) \
                and not re.search(r"[+*/×÷]|\d", text):
            return RowReading(f"={ref(a)}-{ref(b)}", f"days from {b.header} to {a.header}")
        return None
    if len(dates) != 2:
        return None
    a, b = dates
    pairs = row_pairs(schema, a, b)
    if not pairs or not (all(y >= x for x, y in pairs) or all(x >= y for x, y in pairs)):
        return None  # which one is later is not the same on every row
    early, late = (a, b) if all(y >= x for x, y in pairs) else (b, a)
    if re.search(r"\bmonths\b|月数|几个月|多少个月", text):
        return RowReading(f'=DATEDIF({ref(early)},{ref(late)},"M")', f"whole months from {early.header} to {late.header}")
    if re.search(r"\byears\b|年数|几年|多少年", text):
        return RowReading(f'=DATEDIF({ref(early)},{ref(late)},"Y")', f"whole years from {early.header} to {late.header}")
    return RowReading(f"={ref(late)}-{ref(early)}", f"days from {early.header} to {late.header}")


_EX_TOKEN = re.compile(r"\d{4}|\d{1,2}|[a-z]{3,9}\.?|[-/.,年月日号 ]+", re.I)


def _example_format(request: str, d: Column, lex: dict) -> RowReading | None:
    """A date shown like the request's example ("显示成2025年1月", "like Jan-2025"): ``TEXT(D2,"...")``."""
    from .rowbase import _MONTHS

    words = sorted((w for w in lex["format_words"]), key=len, reverse=True)
    said = request
    request = _PLACEHOLDER.sub(lambda p: "2000" if p.group(2) == "年" or len(p.group(1)) == 4
                               else "01" if len(p.group(1)) == 2 else "1", request)
    pat = "|".join(re.escape(w) if not w.isalpha() or not w.isascii() else rf"\b{re.escape(w)}\b" for w in words)
    m = re.search(rf"(?:{pat})\s*[\"“'「]?\s*((?:\d{{1,4}}|[A-Za-z]{{3,9}}\.?)(?:[-/., 年月日号]*(?:\d{{1,4}}|[A-Za-z]{{3,9}}\.?|[年月日号]))+)",
                  request, re.I)
    if m is None:
        return _format_code(request, d, pat)
    example = m.group(1).strip()
    if re.match(r"[\u4e00-\u9fffA-Za-z]", request[m.end():]) and not re.match(_EXAMPLE_END, request[m.end():], re.I):
        return None  # "像12-01花卷这样": the example shows more than the date
    tokens = _EX_TOKEN.findall(example)
    if "".join(tokens) != example:
        return None
    days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    out, nums, kinds = [], [], []
    for t in tokens:
        low = t.lower().rstrip(".")
        if t.isdigit():
            nums.append(t)
            kinds.append(len(out))
            out.append(t)
        elif low in _MONTHS:
            out.append("mmmm")
        elif len(low) == 3 and any(x.startswith(low) for x in _MONTHS):
            out.append("mmm")
        elif low in days:
            out.append("dddd")
        elif len(low) == 3 and any(x.startswith(low) for x in days):
            out.append("ddd")
        elif low.isalpha() and low.isascii():
            return None
        else:
            out.append(t)
    numeric = [out[i] for i in kinds]
    years = [i for i, t in enumerate(numeric) if len(t) == 4]
    if len(years) > 1 or not numeric and "mmmm" not in out and "mmm" not in out:
        return None
    rest = [i for i in range(len(numeric)) if i not in years]
    has_month_word = any(t in ("mmmm", "mmm") for t in out)
    if has_month_word:
        roles = ["d"] * len(rest)
    elif years and years[0] == 0 or not years:
        roles = ["m", "d"][:len(rest)]
    elif len(rest) == 1:
        roles = ["m"]
    else:
        a, b = (int(numeric[i]) for i in rest[:2])
        roles = ["d", "m"] if a > 12 >= b else ["m", "d"] if b > 12 >= a else []
    if len(roles) != len(rest) or len(rest) > 2:
        return None
    padded = any(len(numeric[i]) == 2 and numeric[i].startswith("0") for i in rest)
    for i, role in zip(rest, roles, strict=True):
        t = numeric[i]
        if role == "m" and not 1 <= int(t) <= 12 or role == "d" and not 1 <= int(t) <= 31:
            return None
        numeric[i] = role * 2 if len(t) == 2 and padded else role
    for i in years:
        numeric[i] = "yyyy"
    for j, i in enumerate(kinds):
        out[i] = numeric[j]
    fmt = "".join(out)
    if fmt.count("m") == 0 and fmt.count("d") == 0 and "yyyy" not in fmt:
        return None
    return RowReading(f'=TEXT({ref(d)},"{fmt}")', f"{d.header} shown as {example}",
                      [float(x) for x in nums] if said == request else [])


#: what may follow an example that is only the date ("比如10月这样", "like Jan-2025 format")
_EXAMPLE_END = r"这样|那样|这种|那种|的|格式|样式|形式|之类|等|format|style|for\b|in\b|from\b|on\b|please|pls|each|every|per"

#: "写成X月", "XXXX年XX月": a number of the example written as a placeholder; its unit says its part
_PLACEHOLDER = re.compile(r"(?<![A-Za-z])([Xx]{1,4})(?=([年月日号]))")

_CODE = r"(?:yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d)"
_FORMAT_CODE = re.compile(rf"[\"“'「]?\s*({_CODE}(?:[-/. ]?(?:年|月|日)?{_CODE})*(?:年|月|日|号)?)\s*[\"”'」]?(?![a-z])", re.I)


def _format_code(request: str, d: Column, pat: str) -> RowReading | None:
    """A date shown in a format code the request writes ("转成"mm-dd"格式的文本", "as yyyy/mm/dd"):
    ``TEXT(D2,"mm-dd")``.  The code must have a separator or a long part (yyyy, mmm): "as d"
    is no format."""
    for m in re.finditer(rf"(?:{pat})\s*", request, re.I):
        code = _FORMAT_CODE.match(request, m.end())
        if code is None:
            continue
        fmt = code.group(1).lower()
        if re.search(r"[-/. 年月日号]", fmt) or re.fullmatch(r"yyyy|mmmm|mmm|dddd|ddd", fmt):
            return RowReading(f'=TEXT({ref(d)},"{fmt}")', f"{d.header} shown as {fmt}", [])
    return None


def _worded_count(text: str, lex: dict) -> tuple[str, int, int, int] | None:
    """A small count written as a word before a unit ("一个月", "two weeks", "a year later"):
    (the word, its value, where the word starts and ends)."""
    from .rowbase import count_word

    m = re.search(r"(?<![\u4e00-\u9fff])([一二两三四五六七八九十])(?=\s*(?:个月|天|周|年|星期))"
                  r"|([一二两三四五六七八九十])(?=\s*(?:个月|天|周|星期))"
                  r"|\b(one|two|three|four|five|six)(?=\s+(?:days?|weeks?|months?|years?)\b)"
                  r"|\b(an?)(?=\s+(?:day|week|month|year)\s+(?:later|after|on|from)\b)", text)
    if m is None:
        return None
    word = m.group(1) or m.group(2) or m.group(3) or m.group(4)
    n = 1 if m.group(4) else count_word(word)
    return (word, n, m.start(), m.end()) if n else None
