"""The fresh summarization set of issue 20's fifth round (bench/data/sum-lcsts3.jsonl) is
well formed, split as its make script's seed says, and its blind half is kept blind.

Only ids, splits and the tune rows' text are read here: the blind rows' documents and
headlines are compared with nothing but the other sets' documents (no duplicates).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "bench" / "data"


def _module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).open(encoding="utf-8") if line.strip()]


def test_lcsts3_rows_and_split_follow_the_seeded_draw():
    make = _module("make_sum_fresh", DATA / "make_sum_fresh.py")
    rows = _rows("sum-lcsts3.jsonl")
    assert len(rows) == 300 and len({r["id"] for r in rows}) == 300
    picked, blind = make._draw(1000, 300, "lcsts", make.SEED5)
    assert [int(r["id"].rsplit("-", 1)[1]) for r in rows] == picked
    assert {r["id"] for r in rows if r["split"] == "blind"} == {f"lcsts-test-{i}" for i in blind}
    assert sum(r["split"] == "tune" for r in rows) == 150
    assert all(set(r) == {"id", "split", "title", "document"} and r["title"] and r["document"]
               for r in rows)
    # no document repeats one of round 4's LCSTS rows
    def key(r):
        return "".join(r["document"].split())
    assert not {key(r) for r in rows} & {key(r) for r in _rows("sum-lcsts2.jsonl")}


def test_eval_summarize_scores_an_unspent_blind_half_only_when_told(capsys, monkeypatch):
    ev = _module("eval_summarize_under_test", ROOT / "bench" / "eval_summarize.py")
    assert "lcsts3-title" in ev.ONE_LINE and "lcsts3-title" not in ev.UNSPENT  # spent at b69f9eb
    monkeypatch.setattr(ev, "UNSPENT", {"lcsts3-title"})  # the guard a next fresh set gets
    assert ev.main(["--sets", "lcsts3-title", "--rows", "blind"]) == 2
    assert ev.main(["--sets", "lcsts3-title"]) == 2  # --rows all holds the blind rows too
    assert "score-blind-once" in capsys.readouterr().err


def test_lcsts4_rows_are_the_seeded_draw_less_rows_already_used():
    make = _module("make_sum_fresh", DATA / "make_sum_fresh.py")
    rows = _rows("sum-lcsts4.jsonl")
    picked, blind = make._draw(1000, 400, "lcsts", make.SEED6)
    ids = [int(r["id"].rsplit("-", 1)[1]) for r in rows]
    assert len(rows) == 284 and set(ids) <= set(picked) and ids == sorted(ids)
    assert {r["id"] for r in rows if r["split"] == "blind"} == {f"lcsts-test-{i}" for i in ids
                                                               if i in blind}

    def key(r):
        return "".join(r["document"].split())
    used = set()
    for name in ("sum-lcsts2.jsonl", "sum-lcsts3.jsonl"):
        used |= {key(r) for r in _rows(name)}
    assert not {key(r) for r in rows} & used
    ev = _module("eval_summarize_under_test4", ROOT / "bench" / "eval_summarize.py")
    assert "lcsts4-title" not in ev.UNSPENT and "lcsts4-title" in ev.ONE_LINE  # spent at 74e16e9


def test_lcsts5_rows_are_the_seeded_draw_less_rows_already_used():
    make = _module("make_sum_fresh5", DATA / "make_sum_fresh.py")
    rows = _rows("sum-lcsts5.jsonl")
    picked, blind = make._draw(1000, 400, "lcsts", make.SEED7)
    ids = [int(r["id"].rsplit("-", 1)[1]) for r in rows]
    assert len(rows) == 279 and set(ids) <= set(picked) and ids == sorted(ids)
    assert all(r["id"].startswith("lcsts-val-") for r in rows)
    assert {r["id"] for r in rows if r["split"] == "blind"} == {f"lcsts-val-{i}" for i in ids
                                                               if i in blind}

    def key(r):
        return "".join(r["document"].split())
    used = set()
    for name in ("sum-lcsts2.jsonl", "sum-lcsts3.jsonl", "sum-lcsts4.jsonl"):
        used |= {key(r) for r in _rows(name)}
    assert not {key(r) for r in rows} & used
    ev = _module("eval_summarize_under_test5", ROOT / "bench" / "eval_summarize.py")
    assert "lcsts5-title" not in ev.UNSPENT and "lcsts5-title" in ev.ONE_LINE  # spent at 38aa456


def test_lcsts6_rows_are_the_seeded_draw_of_train_less_rows_already_used():
    make = _module("make_sum_fresh6", DATA / "make_sum_fresh.py")
    rows = _rows("sum-lcsts6.jsonl")
    picked, blind = make._draw(8666, 300, "lcsts", make.SEED8)
    ids = [int(r["id"].rsplit("-", 1)[1]) for r in rows]
    assert len(rows) == 283 and set(ids) <= set(picked) and ids == sorted(ids)
    assert all(r["id"].startswith("lcsts-train-") for r in rows)
    assert {r["id"] for r in rows if r["split"] == "blind"} == {f"lcsts-train-{i}" for i in ids
                                                               if i in blind}

    def key(r):
        return "".join(r["document"].split())
    used = set()
    for name in ("sum-lcsts2.jsonl", "sum-lcsts3.jsonl", "sum-lcsts4.jsonl", "sum-lcsts5.jsonl"):
        used |= {key(r) for r in _rows(name)}
    assert not {key(r) for r in rows} & used
    ev = _module("eval_summarize_under_test6", ROOT / "bench" / "eval_summarize.py")
    assert "lcsts6-title" not in ev.UNSPENT and "lcsts6-title" in ev.ONE_LINE  # spent at 5773fbb
