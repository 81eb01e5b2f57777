"""The fill-eval3 set (bench/data/fill-eval3) is usable: its TUNE rows only.

The blind part is never opened here (it is scored once, by the lead).  What is
checked is what would make the final blind figures wrong without anyone noticing:
a gold pointer that is not a field of the template, a gold value of the wrong type,
a row on the wrong side of the committed split, a file row whose document the CLI's
``--from`` reader refuses (or reads without its speaker notes), and the scorer
treating a right answer in another accepted form as wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tasks.fill_eval_rows import eval_fill, gold_problems, load

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "data" / "fill-eval3"

split = load("fill_eval3_split", SET / "split.py")
TUNE = [json.loads(line) for line in (SET / "tune.jsonl").open(encoding="utf-8") if line.strip()]


def test_tune_rows_are_the_tune_ids_of_the_committed_split() -> None:
    sides = split.assign()
    assert len(sides) == 24
    assert sorted(r["id"] for r in TUNE) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in TUNE)
    for lang, template in (("en", "funding-pitch"), ("zh", "report-zh")):
        ids = [i for i in sides if i.startswith(f"fe3-{lang}-")]
        assert sum(sides[i] == "blind" for i in ids) == len(ids) // 2
        assert all(r["template"] == template for r in TUNE if r["lang"] == lang)
    # every document file belongs to a planned row
    assert {p.stem for p in (SET / "files").iterdir()} <= set(sides)


@pytest.mark.parametrize("row", TUNE, ids=[r["id"] for r in TUNE])
def test_every_gold_value_is_a_field_of_the_template_with_its_type(row: dict) -> None:
    assert gold_problems(row) == [], row["id"]


@pytest.mark.parametrize("row", [r for r in TUNE if r.get("file")], ids=lambda r: r["id"])
def test_file_rows_read_through_the_cli_reader(row: dict) -> None:
    doc = eval_fill.read_row(row, SET)
    assert doc.lang == row["lang"]
    # a headline figure of the body, and one that is only in a table cell or in speaker notes
    needles = {"fe3-en-06": ("$5.5M Series A", "12 September 2023"),
               "fe3-zh-05": ("1,286万元", "48.6"),
               "fe3-zh-06": ("6,430万元", "2026年1月9日")}[row["id"]]
    for needle in needles:
        assert needle in doc.text, (row["id"], needle)


def test_scorer_accepts_the_forms_the_gold_lists() -> None:
    heading = {"any": ["【经营情况】", "经营情况"]}
    assert eval_fill.score("name", "经营情况", heading, "zh") == 1.0
    assert eval_fill.score("name", "【经营情况】", heading, "zh") == 1.0
    assert eval_fill.score("name", "业务构成", heading, "zh") == 0.0
    customers = {"any": [46, 9860]}
    assert eval_fill.score("number", 9860, customers, "zh") == 1.0
    assert eval_fill.score("number", 47, customers, "zh") == 0.0
    partners = {"any": [["Meditek Dental"], ["Meditek Dental (Shenzhen)"]]}
    assert eval_fill.score("names", ["Meditek Dental (Shenzhen)"], partners, "en") == 1.0
    assert eval_fill.score("names", ["Meditek"], partners, "en") == 0.0
    assert eval_fill.score("number", -0.148, -0.148, "zh") == 1.0
    assert eval_fill.score("number", 0.148, -0.148, "zh") == 0.0
