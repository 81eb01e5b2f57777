"""The phrase composer's rule families: every rule's own examples, its order, and its failures.

Each rule in ``runtime/tasks/formula/families/`` carries ``examples=``: (sheet,
request, formula) triples; the sheets are in ``formula_rule_sheets.json``
beside this file.  An example passes when the composer reads the request into
exactly that formula on that sheet, the rule among those that rewrote a
phrase, and the formula computes a value there.  A rule that raises fails its
example (the reader refuses with ``task.rule_failed`` rather than reading the
raise as "no match").
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import compose, formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.families import EXAMPLES, registered, rule_name
from o3local.tasks.formula.families.base import rule
from o3local.tasks.formula.schema import SheetSchema, build_schema, schema_from_rows

SHEETS = json.loads(Path(__file__).with_name("formula_rule_sheets.json").read_text(encoding="utf-8"))
#: rules with no example yet (the list may only shrink).  conditions._or pairs two conditions
#: with "or", and no rule reads such a pair into a formula yet (an aggregate over it would
#: need SUM of COUNTIFs, not COUNTIFS): it only keeps "A or B" from being read as "A and B"
WITHOUT_EXAMPLES: frozenset[str] = frozenset({"conditions._or"})


def _value(v):
    if isinstance(v, dict):
        return dt.datetime.fromisoformat(v["datetime"]) if "datetime" in v else dt.date.fromisoformat(v["date"])
    return v


def _sheet(name: str) -> SheetSchema:
    doc = SHEETS[name]
    return build_schema({(r, c): _value(v) for r, c, v in doc["cells"]}, doc["sheet"])


CASES = [pytest.param(name, sheet, request, expected, id=f"{name}:{request[:40]}")
         for name, examples in sorted(EXAMPLES.items()) for sheet, request, expected in examples]


@pytest.mark.parametrize(("name", "sheet", "request_text", "expected"), CASES)
def test_rule_example(name: str, sheet: str, request_text: str, expected: str):
    schema = _sheet(sheet)
    fired: list[str] = []
    reading = compose.read(request_text, schema, fired=fired)
    assert reading is not None, f"{name}: {request_text!r} not read"
    assert reading.formula == expected
    assert name in fired, f"{name} did not rewrite a phrase of {request_text!r} (fired: {fired})"
    ev = evaluate(reading.formula, schema)
    assert ev.ok, ev.error


def test_every_rule_has_an_example():
    missing = sorted(name for name, examples in EXAMPLES.items() if not examples)
    assert set(missing) <= WITHOUT_EXAMPLES, f"rules without examples: {missing}"
    assert not WITHOUT_EXAMPLES - set(EXAMPLES), "WITHOUT_EXAMPLES names a rule that is gone"
    assert not WITHOUT_EXAMPLES - set(missing), (
        f"these rules have examples now, drop them from WITHOUT_EXAMPLES: {sorted(WITHOUT_EXAMPLES - set(missing))}")


def test_each_order_belongs_to_one_rule():
    owner: dict[int, str] = {}
    for r in registered():
        assert owner.setdefault(r.order, rule_name(r.fn)) == rule_name(r.fn)
    taken = next(iter(owner))
    with pytest.raises(TaskError) as err:
        rule("<C> twice", order=taken)(lambda ctx, m, t: None)
    assert err.value.code == "task.rule_order"


def test_the_reader_tries_rules_in_their_order():
    orders = [r.order for r in registered()]
    assert orders == sorted(orders)
    assert [(p.pattern, fn) for p, _n, fn in compose._RULES] == [(r.pattern.pattern, r.fn) for r in registered()]


def test_a_rule_that_raises_is_a_refusal_naming_it(monkeypatch):
    """A bug in a rule is not "no match": the user gets task.rule_failed, naming the rule."""
    sheet = schema_from_rows([["Region", "Sales"], ["East", 10], ["West", 5]])
    assert formula("total Sales", sheet, method="rules").formula == "=SUM(B2:B3)"

    def broken(ctx, m, t):
        return t[5].text  # an IndexError: the kind of slip the old blanket except hid

    broken.__module__ = "o3local.tasks.formula.families.totals"
    monkeypatch.setattr(compose, "_RULES", [(re.compile(r"total"), 0, broken), *compose._RULES])
    with pytest.raises(TaskError) as err:
        formula("total Sales", sheet, method="rules")
    assert err.value.code == "task.rule_failed"
    assert "totals.broken" in err.value.message and "IndexError" in err.value.message


# ---- the readings parse_request alone gave, now read by the one reader (issue 16 item 7)

GRADES = [["姓名", "语文", "数学", "英语"], ["张伟", 88, 92, 75], ["李娜", 95, 81, 89],
          ["王强", 72, 67, 90], ["赵敏", 84, 99, 68]]
ORDERS = [["Rep", "Units", "Sales"], ["Ann", 25, 100], ["Bo", 10, 50], ["Cy", 30, 70]]


@pytest.mark.parametrize(("rows", "request_text", "value"), [
    (GRADES, "数学的平均成绩", 84.75),
    (GRADES, "英语的最高得分", 90),
    (ORDERS, "sum of sales for orders with at least 20 units", 170),
    ([["Region", "Amount"], ["East", 10.5], ["West", 4], ["East", 2]], "东部地区的金额合计", 12.5),
    ([["区域", "金额"], ["东区", 7], ["East", 100], ["东区", 1]], "东区的金额合计", 8),
])
def test_the_one_reader_reads(rows, request_text: str, value: float):
    assert formula(request_text, schema_from_rows(rows), method="rules").value == value


@pytest.mark.parametrize(("rows", "request_text"), [
    (GRADES, "姓名的平均成绩"),  # names have no average
    (ORDERS, "sum of sales for orders with at least 20 visits"),  # no such column
    ([["Region", "Amount"], ["North", 1], ["South", 2]], "东区的金额合计"),  # no East on the sheet
])
def test_the_one_reader_still_refuses(rows, request_text: str):
    with pytest.raises(TaskError):
        formula(request_text, schema_from_rows(rows), method="rules")
