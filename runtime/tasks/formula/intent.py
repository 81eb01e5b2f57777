"""The typed intent: what a request asks for, compiled by code into Excel syntax.

Small models write broken formulas but can fill a small JSON form; code then
writes the formula, so ranges, quoting, argument order and the choice between
SUMIF and SUMIFS are always right.  The JSON schema here is also the grammar
the constrained decoder follows.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import TaskError
from .schema import Column, SheetSchema

OPERATIONS = ("sum", "average", "count", "counta", "max", "min", "median", "lookup")
COMPARATORS = ("=", "<>", ">", ">=", "<", "<=", "contains", "starts_with", "ends_with")

#: JSON schema of an intent (draft 2020-12); ``enum`` lists of columns are
#: added per sheet by :func:`json_schema`
INTENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["operation", "value_column", "conditions"],
    "additionalProperties": False,
    "properties": {
        "operation": {"enum": list(OPERATIONS)},
        "value_column": {"type": "string"},
        "conditions": {
            "type": "array",
            "maxItems": 4,
            "items": {
                "type": "object",
                "required": ["column", "op", "value"],
                "additionalProperties": False,
                "properties": {
                    "column": {"type": "string"},
                    "op": {"enum": list(COMPARATORS)},
                    "value": {"type": ["string", "number"]},
                },
            },
        },
        "round": {"type": ["integer", "null"]},
    },
}


@dataclass(frozen=True)
class Condition:
    column: str
    op: str
    value: str | float


@dataclass(frozen=True)
class Intent:
    """Aggregate (or look up) ``value_column`` over the rows meeting ``conditions``."""

    operation: str
    value_column: str
    conditions: tuple[Condition, ...] = field(default_factory=tuple)
    round: int | None = None

    @classmethod
    def from_dict(cls, doc: Any) -> Intent:
        if not isinstance(doc, dict):
            raise TaskError("the intent is not a JSON object", code="task.intent")
        op = doc.get("operation")
        if op not in OPERATIONS:
            raise TaskError(f"unknown operation {op!r}", code="task.intent")
        conds = []
        for i, c in enumerate(doc.get("conditions") or []):
            if not isinstance(c, dict) or c.get("op") not in COMPARATORS or "column" not in c:
                raise TaskError(f"condition {i} is malformed: {c!r}", code="task.intent")
            conds.append(Condition(str(c["column"]), c["op"], c.get("value", "")))
        conds = list(dict.fromkeys(conds))  # the same filter twice adds nothing
        eq_cols = [c.column for c in conds if c.op == "="]
        clash = next((c for c in eq_cols if eq_cols.count(c) > 1), None)
        if clash is not None:
            raise TaskError(f"the intent asks {clash} to equal two values at once (no row can match)",
                            code="task.intent")
        rnd = doc.get("round")
        return cls(op, str(doc.get("value_column", "")), tuple(conds),
                   rnd if isinstance(rnd, int) else None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "value_column": self.value_column,
            "conditions": [{"column": c.column, "op": c.op, "value": c.value} for c in self.conditions],
            "round": self.round,
        }


def json_schema(schema: SheetSchema) -> dict[str, Any]:
    """The intent schema with column names restricted to this sheet's headers."""
    import copy

    doc = copy.deepcopy(INTENT_SCHEMA)
    names = [c.header for c in schema.columns]
    doc["properties"]["value_column"]["enum"] = names
    doc["properties"]["conditions"]["items"]["properties"]["column"]["enum"] = names
    return doc


def _column(schema: SheetSchema, name: str) -> Column:
    col = schema.column(name)
    if col is None:
        known = ", ".join(f"{c.letter} ({c.header})" for c in schema.columns)
        raise TaskError(f"the sheet has no column {name!r} (columns: {known})", code="task.column")
    return col


def _quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")


def _literal(value: str | float, col: Column) -> tuple[str, bool]:
    """The criterion value as Excel text; second item: is it an expression (DATE())."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (str(int(value)) if float(value).is_integer() else repr(float(value))), False
    text = str(value)
    m = _ISO_DATE.match(text.strip())
    if m and col.type in ("date", "mixed"):
        y, mo, d = (int(x) for x in m.groups())
        dt.date(y, mo, d)  # raises ValueError for 2024-02-31
        return f"DATE({y},{mo},{d})", True
    return text, False


def criterion(cond: Condition, col: Column) -> str:
    """A SUMIFS-style criterion argument: "East", ">100", ">="&DATE(2024,3,1)."""
    try:
        lit, is_expr = _literal(cond.value, col)
    except ValueError:
        raise TaskError(f"invalid date {cond.value!r}", code="task.intent") from None
    if cond.op in ("contains", "starts_with", "ends_with"):
        pattern = {"contains": "*{}*", "starts_with": "{}*", "ends_with": "*{}"}[cond.op]
        return _quote(pattern.format(lit))
    prefix = "" if cond.op == "=" else cond.op
    if is_expr:
        return (_quote(prefix) + "&" if prefix else "") + lit
    if cond.op == "=" and isinstance(cond.value, str):
        return _quote(lit)
    return _quote(prefix + lit)


_PLAIN = {"sum": "SUM", "average": "AVERAGE", "count": "COUNT", "counta": "COUNTA",
          "max": "MAX", "min": "MIN", "median": "MEDIAN"}
_IFS = {"sum": "SUMIFS", "average": "AVERAGEIFS", "max": "MAXIFS", "min": "MINIFS"}
_IF1 = {"sum": "SUMIF", "average": "AVERAGEIF"}


def compile_intent(intent: Intent, schema: SheetSchema) -> str:
    """Write the Excel formula for ``intent`` over the sheet's data rows."""
    value = _column(schema, intent.value_column) if intent.value_column else None
    conds = [(c, _column(schema, c.column)) for c in intent.conditions]
    if conds:  # ranges of one table read side by side end on one row (a 备注 column empty at the bottom)
        cols = [col for _c, col in conds] + ([value] if value is not None else [])
        if len({col.first_row for col in cols}) == 1 and len({col.last_row for col in cols}) > 1:
            last = max(col.last_row for col in cols)
            value = replace(value, last_row=last) if value is not None else None
            conds = [(c, replace(col, last_row=last)) for c, col in conds]
    op = intent.operation
    if op == "lookup":
        if value is None or len(conds) != 1 or conds[0][0].op != "=":
            raise TaskError("a lookup needs a value column and one key = value condition",
                            code="task.intent")
        cond, key = conds[0]
        lit, is_expr = _literal(cond.value, key)
        needle = lit if is_expr or not isinstance(cond.value, str) else _quote(lit)
        formula = f'IFERROR(INDEX({value.range},MATCH({needle},{key.range},0)),"not found")'
    elif not conds:
        if value is None:
            raise TaskError("the request names no column to work on", code="task.intent")
        formula = f"{_PLAIN[op]}({value.range})"
    elif op in ("count", "counta"):
        args = ",".join(f"{col.range},{criterion(c, col)}" for c, col in conds)
        formula = f"COUNTIF({args})" if len(conds) == 1 else f"COUNTIFS({args})"
    elif op == "median":
        if value is None:
            raise TaskError("median needs a value column", code="task.intent")
        masks = "*".join(f"({_mask(c, col)})" for c, col in conds)
        formula = f"MEDIAN(IF({masks},{value.range}))"
    else:
        if value is None:
            raise TaskError(f"{op} needs a value column", code="task.intent")
        if len(conds) == 1 and op in _IF1:
            c, col = conds[0]
            formula = f"{_IF1[op]}({col.range},{criterion(c, col)},{value.range})"
        else:
            args = ",".join(f"{col.range},{criterion(c, col)}" for c, col in conds)
            formula = f"{_IFS[op]}({value.range},{args})"
    if intent.round is not None:
        formula = f"ROUND({formula},{intent.round})"
    return "=" + formula


def _mask(cond: Condition, col: Column) -> str:
    lit, is_expr = _literal(cond.value, col)
    if cond.op in ("contains", "starts_with", "ends_with"):
        return f"ISNUMBER(SEARCH({_quote(lit)},{col.range}))"
    rhs = lit if is_expr or not isinstance(cond.value, str) else _quote(lit)
    return f"{col.range}{cond.op}{rhs}"


def explain(intent: Intent, lang: str = "en") -> str:
    """One line saying what the formula computes."""
    where = " and ".join(f"{c.column} {c.op.replace('_', ' ')} {c.value}" for c in intent.conditions)
    what = f"{intent.operation} of {intent.value_column}" if intent.value_column else intent.operation
    if intent.operation == "lookup":
        return f"looks up {intent.value_column} where {where}"
    text = what + (f" where {where}" if where else " over all rows")
    if intent.round is not None:
        text += f", rounded to {intent.round} decimals"
    return text
