"""Search by meaning: Chinese and English requests find the right template; the request set stays above target."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from o3local.library.search import Index, terms

ROOT = Path(__file__).parents[2]


def test_chinese_is_indexed_as_bigrams_and_english_as_stemmed_words() -> None:
    assert terms("融资路演PPT") == ["融资", "资路", "路演", "ppt"]
    assert terms("Quarterly sales reports for the team") == ["quarterly", "sale", "report", "team"]


def test_a_chinese_request_finds_an_english_only_template_and_back() -> None:
    minutes = {"name": "Meeting minutes", "description": "Decisions and action items of a meeting.",
               "kind": "document", "tags": ["meeting"]}
    budget = {"name": "部门预算表", "description": "按月份和费用类别编制的年度预算。", "kind": "spreadsheet",
              "tags": ["预算"]}
    index = Index([("minutes", minutes), ("budget", budget)])
    assert index.search("整理会议纪要")[0].key == "minutes"
    assert index.search("team budget spreadsheet")[0].key == "budget"
    assert index.search("xyzzy") == []


def test_recall_on_the_request_set_meets_the_target(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("template_search", ROOT / "bench" / "template_search.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)  # type: ignore[union-attr]
    from o3local.library.catalog import search_library

    library = bench.build_library(tmp_path)
    rows = [json.loads(line) for line in (bench.DATA / "requests.jsonl").read_text("utf-8").splitlines()]
    assert len(rows) >= 30 and len({r["expected"] for r in rows}) >= 10
    top3 = [r["expected"] in [h["id"] for h in search_library(library, r["request"], limit=3)] for r in rows]
    assert sum(top3) / len(top3) >= 0.9, [r["request"] for r, ok in zip(rows, top3, strict=True) if not ok]
