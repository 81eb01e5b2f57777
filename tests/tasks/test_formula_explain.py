"""The explanation says the answer back in the request's language, in the sheet's words (issue 16 item 5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from o3local.tasks.formula import formula
from o3local.tasks.formula.explanation import explain_formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows

DEV2 = Path(__file__).resolve().parents[2] / "bench" / "data" / "formula-dev2"


@pytest.fixture
def zh():
    return schema_from_rows([["地区", "销售额", "成本"], ["华东", 22, 20], ["华北", 22, 12], ["华东", 21, 19]])


def test_chinese_request_gets_a_chinese_explanation_with_the_headers(zh):
    r = formula("华东的销售额合计", zh, method="rules")
    assert r.explanation == "地区为“华东”的销售额之和"
    r = formula("销售额乘以1.13，保留两位小数", zh, "D2", method="rules")
    assert r.explanation.startswith("（销售额 × 1.13）四舍五入到2位小数") and "逐行" in r.explanation


def test_english_request_gets_english_and_no_template_placeholders():
    s = schema_from_rows([["Rep", "Sales", "Cost"], ["Ann", 30, 20], ["Bo", 20, 5], ["Cy", 100, 60]])
    r = formula('"High" if sales are over 50, otherwise "Low"', s, "D2", method="rules")
    assert r.explanation.startswith("if Sales > 50 then “High”, otherwise “Low”")
    assert "{" not in r.explanation
    r = formula("who has the highest sales", s, method="rules")
    assert r.explanation == "the Rep of the row with the largest Sales"


def test_a_function_without_a_phrase_is_still_said_in_full(zh):
    assert explain_formula("=GCD(B2,C2)", zh, "en", per_row=False) == "GCD(销售额 in row 2, 成本 in row 2)"
    assert explain_formula("=GCD(B2,C2)", zh, "zh", per_row=True) == "GCD(销售额, 成本)；逐行计算，向下填充"


def test_every_committed_gold_formula_can_be_said_in_both_languages():
    """Every dev-set gold formula is said without placeholders, naming each column it reads."""
    items = [json.loads(line) for line in (DEV2 / "tune.jsonl").open(encoding="utf-8")]
    sheets: dict[str, object] = {}
    unsaid = []
    for it in items:
        if it["sheet"] not in sheets:
            sheets[it["sheet"]] = read_sheet(DEV2 / it["sheet"])
        schema = sheets[it["sheet"]]
        gold = it["gold_formula"]
        if gold is None:
            continue
        for lang in ("en", "zh"):
            said = explain_formula(gold, schema, lang, per_row=bool(it.get("target")))
            if said is None or "{" in said or "}" in said:
                unsaid.append((gold, lang, said))
                continue
            for letter in set(re.findall(r"(?<![A-Z])\$?([A-Z])\$?\d+", gold)):
                col = schema.column(letter)
                if col is not None and str(col.header).strip() and str(col.header).strip() not in said:
                    unsaid.append((gold, lang, said))
    assert not unsaid, unsaid[:5]
