"""Data problems a person can act on: one per column of a table, naming its cells.

A workbook whose ``单价`` column is missing fails ``required`` on every row;
reported raw that is thirty JSON-schema errors sorted as text (``/rows/0``,
``/rows/1``, ``/rows/10`` ...).  Here the schema errors that fall on the rows
of a table read from a .xlsx or CSV file (see
:class:`~o3local.bind.table.TableOrigin`) are grouped per column and
keyword into one problem naming the column and its cells (``G5:G34``) or CSV
lines, and every problem is sorted by row number, not by the text of its
pointer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import Location, Problem
from .table import TableData, TableOrigin

#: most cells one problem lists before "and N more"
MAX_CELLS_SHOWN = 8


def keyword_code(keyword: str) -> str:
    """``data.schema_<keyword>`` in snake_case: ``uniqueItems`` -> ``data.schema_unique_items``."""
    return "data.schema_" + re.sub(r"(?<!^)(?=[A-Z])", "_", keyword.lstrip("$")).lower()


def pointer(path: Iterable[Any]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _order(path: Iterable[Any]) -> tuple[tuple[int, int, str], ...]:
    """Sort key of a path: indexes by number (``/rows/2`` before ``/rows/10``)."""
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in path)


@dataclass
class _Group:
    origin: TableOrigin
    prefix: tuple[str, ...]
    column: str
    keyword: str
    rows: list[int] = field(default_factory=list)
    errors: list[Any] = field(default_factory=list)


def _what(value: Any) -> str:
    if value is None:
        return "is empty"
    if isinstance(value, bool):
        return "has true/false"
    if isinstance(value, (int, float)):
        return "has a number"
    if isinstance(value, str):
        return "has text"
    return "has a list" if isinstance(value, list) else "has an object"


def _places(group: _Group) -> str:
    """``G5:G34`` for a run of consecutive sheet rows, else ``C7, C9``; ``lines 3, 8`` for CSV."""
    origin, col = group.origin, group.column
    numbers = [origin.numbers[i] for i in group.rows]
    cells = origin.kind == "xlsx" and col in origin.letters
    noun = "line" if origin.kind == "csv" else "row"
    consecutive = all(b == a + 1 for a, b in zip(numbers, numbers[1:], strict=False))
    if len(numbers) > 2 and consecutive:
        if cells:
            return f"{origin.letters[col]}{numbers[0]}:{origin.letters[col]}{numbers[-1]}"
        return f"{noun}s {numbers[0]}-{numbers[-1]}"
    shown = [f"{origin.letters[col]}{n}" if cells else str(n) for n in numbers[:MAX_CELLS_SHOWN]]
    more = len(numbers) - len(shown)
    text = ", ".join(shown) + (f" and {more} more" if more else "")
    return text if cells else f"{noun}{'s' if len(numbers) > 1 else ''} {text}"


def _message(group: _Group) -> str:
    col, where = group.column, _places(group)
    at = ("on " if group.origin.kind == "csv" else "in ") + where
    sheet = f" of sheet {group.origin.sheet!r}" if group.origin.sheet and group.prefix[0] == "sheets" else ""
    first = group.errors[0]
    if group.keyword == "required":
        at = (f"row {group.origin.header} of sheet {group.origin.sheet!r}" if group.origin.kind == "xlsx"
              else f"line {group.origin.header}")
        return f"required column {col!r} is not in the header ({at}); {where} need it"
    if group.keyword == "type":
        found = sorted({_what(e.instance) for e in group.errors})
        expected = first.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else str(expected)
        return f"column {col!r}{sheet} {' / '.join(found)} {at} (expected {expected})"
    rule = f"{group.keyword} {first.validator_value!r}" if not isinstance(first.validator_value, (dict, list)) \
        else group.keyword
    return f"column {col!r}{sheet} breaks {rule} {at} (first: {first.message})"


def _table_of(data: Any, path: tuple[Any, ...]) -> tuple[tuple[str, ...], TableOrigin] | None:
    if not isinstance(data, TableData):
        return None
    for prefix, origin in data.origins.items():
        n = len(prefix)
        if tuple(path[:n]) == prefix and len(path) > n and isinstance(path[n], int) \
                and path[n] < len(origin.numbers):
            return prefix, origin
    return None


def data_problems(errors: Iterable[Any], data: Any, *, file: str | None,
                  prefix: str = "") -> list[Problem]:
    """Problems for jsonschema ``errors`` of ``data``: per column for tables read from files.

    ``prefix`` starts each message (the sample check says which file it was).
    """
    groups: dict[tuple[Any, ...], _Group] = {}
    single: list[tuple[tuple[Any, ...], Problem]] = []
    for err in errors:
        path = tuple(err.absolute_path)
        found = _table_of(data, path)
        if found is not None:
            table, origin = found
            n = len(table)
            row = path[n]
            keyword = str(err.validator)
            if len(path) == n + 1 and keyword == "required" and isinstance(err.instance, dict):
                columns = [c for c in err.validator_value if c not in err.instance]
            elif len(path) > n + 1:
                columns = [str(path[n + 1])]
            else:
                columns = []
            for col in columns:
                key = (table, col, keyword)
                group = groups.setdefault(key, _Group(origin, table, col, keyword))
                if row not in group.rows:
                    group.rows.append(row)
                    group.errors.append(err)
            if columns:
                continue
        single.append((_order(path), Problem(
            code=keyword_code(str(err.validator)), message=prefix + err.message,
            where=Location(file=file, pointer=pointer(path)))))
    out: list[tuple[tuple[Any, ...], Problem]] = list(single)
    for group in groups.values():
        group.rows.sort()
        first_row = group.rows[0]
        path = (*group.prefix, first_row) + (() if group.keyword == "required" else (group.column,))
        line = group.origin.numbers[first_row]
        out.append((_order((*group.prefix, first_row, group.column)), Problem(
            code=keyword_code(group.keyword), message=prefix + _message(group),
            where=Location(file=file, pointer=pointer(path), line=line))))
    out.sort(key=lambda item: (item[0], item[1].code, item[1].message))
    return [p for _, p in out]
