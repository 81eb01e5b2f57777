"""The fill-eval2 set (bench/data/fill-eval2) is usable: its TUNE rows only.

The blind part is never opened here.  What is checked is what would make the
final blind figures wrong without anyone noticing: a gold pointer that is not a
field of the template (it could never be filled, so it would silently count as
wrong), a gold value of the wrong type, a row on the wrong side of the split,
a file row whose document the CLI's ``--from`` reader refuses, and the scorer
treating a right answer in another accepted form as wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tasks.fill_eval_rows import eval_fill, gold_problems, load

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "data" / "fill-eval2"

split = load("fill_eval2_split", SET / "split.py")
TUNE = [json.loads(line) for line in (SET / "tune.jsonl").open(encoding="utf-8") if line.strip()]


def test_tune_rows_are_the_tune_ids_of_the_committed_split() -> None:
    sides = split.assign()
    assert sorted(r["id"] for r in TUNE) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in TUNE)
    blind = [i for i, s in sides.items() if s == "blind"]
    assert len(blind) / len(sides) >= 0.55
    for lang in ("en", "zh"):
        assert any(i.startswith(f"fe2-{lang}-") for i in blind)


@pytest.mark.parametrize("row", TUNE, ids=[r["id"] for r in TUNE])
def test_every_gold_value_is_a_field_of_the_template_with_its_type(row: dict) -> None:
    # and every top-level field of the template is judged (present or null), sections aside
    assert gold_problems(row) == [], row["id"]


@pytest.mark.parametrize("row", [r for r in TUNE if r.get("file")], ids=lambda r: r["id"])
def test_file_rows_read_through_the_cli_reader(row: dict) -> None:
    doc = eval_fill.read_row(row, SET)
    assert doc.lang == row["lang"]
    # the headline figure of each row is in the text the reader gives
    needle = {"fe2-en-03": "$12.5 million", "fe2-zh-06": "5,210万元", "fe2-zh-08": "2025年7月10日"}[row["id"]]
    assert needle in doc.text


def test_scorer_accepts_each_listed_form_and_nothing_else() -> None:
    gold = {"any": ["2025年第三季度", "2025年7月—9月"]}
    assert eval_fill.score("name", "2025年7月-9月", gold, "zh") == 1.0
    assert eval_fill.score("name", "2025年 第三季度", gold, "zh") == 1.0
    assert eval_fill.score("name", "2025年第二季度", gold, "zh") == 0.0
    assert eval_fill.score("number", 4200000.0, 4200000, "en") == 1.0
    assert eval_fill.score("number", 4.2, 4200000, "en") == 0.0
    assert eval_fill.score("number", "4200000", 4200000, "en") == 0.0
    assert eval_fill.score("names", ["Meicai", "Other"], ["Meicai", "Lanting Catering Group"], "en") == 0.5
