"""What a superlative lookup compares when the request names no column for it.

"最近一次出差是谁", "最早的一笔借款是谁借的", "which job came in most recently", "who did the
shortest trip", "who watched for the longest": the row with the largest / smallest value of a
column the request only implies.  ``lookups._read`` reads the rest (the answer column, the
leftover words); this module says which column is compared:

- a date word (最近, 最后, latest, most recent) on a sheet of several date columns compares the
  row's own date: the date column whose header shares a word with the request (借款 -> 借款日期,
  还款 -> 还款日期), else the first date column of the sheet (a log's row is dated by the
  event it records, 出发日期 before 返回日期, Opened before Closed), never a date of birth;
- "longest" / "shortest" compare a length: the one column of the groups the lexicon lists
  (minutes, distance, hours), refused where the sheet has none or several;
- a row's date is not guessed beside a column of times of day (最晚一次用印 beside 用印日期 and
  用印时间: ``lookups._read`` refuses);
- the compared column may end a few rows above the answer column (the last rows left blank):
  both are read over the same rows.
"""

from __future__ import annotations

import dataclasses
import re

from .rowbase import group_of, lexicon
from .schema import Column, SheetSchema

_LEX = lexicon("lookups")


def row_date_word(text: str, word: str) -> bool:
    """Whether ``word`` (a superlative said in ``text``) compares the row's own date."""
    return word in _LEX["row_date_words"]


def row_date(text: str, schema: SheetSchema, dates: list[Column]) -> Column | None:
    """The date column a date superlative compares on a sheet of several (see the module)."""
    if len(dates) < 2:
        return dates[0] if dates else None
    shared = [c for c in dates if _shares_a_word(text, c.header)]
    if len(shared) == 1:
        return shared[0]
    if shared:
        return None
    born = group_of(schema, "birth date")
    first = dates[0]
    return None if first is born or re.search(_LEX["not_row_dates"], first.header.lower()) else first


def _shares_a_word(text: str, header: str) -> bool:
    head = header.lower()
    zh = re.findall(r"[\u4e00-\u9fff]+", head)
    if any(w[i:i + 2] in text for w in zh for i in range(len(w) - 1)
           if w[i:i + 2] not in _LEX["date_header_words"]):
        return True
    return any(re.search(rf"(?<![a-z]){re.escape(w[:5])}", text)
               for w in re.findall(r"[a-z]{4,}", head) if w not in _LEX["date_header_words"])


def implied_measure(schema: SheetSchema, groups: str | list[str] | None) -> str | None:
    """The one group of ``groups`` the sheet has a number column for ("longest": minutes or
    distance); a plain group name is returned as it is."""
    if groups is None or isinstance(groups, str):
        return groups
    from .lookups import _implied_column

    found = [g for g in groups if (c := _implied_column(schema, g)) is not None and c.type == "number"]
    cols = {_implied_column(schema, g).letter for g in found}
    return found[0] if len(cols) == 1 else None


def aligned(by: Column, answer: Column) -> tuple[Column, Column] | None:
    """``by`` and ``answer`` over the same rows: one table (the same first row), the shorter one
    read down to the longer one's last row (its last rows are blank); None for two tables."""
    if by.first_row != answer.first_row:
        return None
    last = max(by.last_row, answer.last_row)
    return dataclasses.replace(by, last_row=last), dataclasses.replace(answer, last_row=last)
