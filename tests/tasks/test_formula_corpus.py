"""Every committed request of formula-dev2 to dev20, rules only: tune and spent blind parts.

The blind parts (``blind.jsonl.gz``) were scored once (dev2 at ddd4969, dev3 at
b948964, dev4 at e49f728, dev5 at 5e10fd5, dev6 at 56b8549, dev7 at 2f4255e) and are
tuning data since (their SOURCE.md); the figures
that judge the engine come from a fresh set.  Each request is asked on the sheet it
names (``sheet_name``: formula-dev4's en_shop.xlsx and zh_cangku.xlsx have two).

Fast and without LibreOffice: our answer is evaluated by our engine on the
item's sheet (filled down to each check cell for a per-row item) and compared
with the gold values LibreOffice computed from the gold formula.  An item the
engine cannot judge (it computes the GOLD formula differently from LibreOffice)
is left out rather than guessed.  An answer using a function that Excel 2016 or
LibreOffice 7 lacks (XLOOKUP, FILTER, ...) is wrong: it shows #NAME? there.

- No wrong answer outside ``formula_corpus_known.json``'s ``wrong_allowed``
  (a list that may only shrink; it holds the answers that were wrong when
  this test landed, and dev4's when dev4 joined).
- The set of right answers never shrinks: every id in ``right`` is still right.
  Extend ``right`` when the engine answers more (the failure message of
  ``test_known_right_list_is_current`` prints the ids to add).
"""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import os
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import read_sheet

ROOT = Path(__file__).resolve().parents[2]
KNOWN = Path(__file__).with_name("formula_corpus_known.json")
NOT_EVERYWHERE = re.compile(r"\b(XLOOKUP|XMATCH|FILTER|UNIQUE|SORT|SORTBY|SEQUENCE|LET|LAMBDA|"
                            r"TEXTJOIN)\s*\(", re.IGNORECASE)


def _module(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def _values(text: str, item: dict, schema) -> dict[str, object] | None:
    """``text`` evaluated by our engine at each check cell; None when it does not evaluate."""
    _module("formula_lo")
    dev2 = _module("formula_dev2")
    lo = sys.modules["formula_lo"]
    out = {}
    for cell in item["check_cells"]:
        here = text
        if item.get("target") and cell != item["target"]:
            here = lo.fill_down(text, item["target"], dev2.last_row(item))[cell]
        ev = evaluate(here, schema)
        if not ev.ok:
            return None
        out[cell] = lo.plain(ev.value)
    return out


DEV3 = ROOT / "bench" / "data" / "formula-dev3"
DEV4 = ROOT / "bench" / "data" / "formula-dev4"
#: the later sets, in the same format (added when their blind parts were spent)
LATER = tuple(ROOT / "bench" / "data" / f"formula-dev{n}" for n in (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23))


def _items() -> list[dict]:
    """Items of every set, each with the folder its sheet path is relative to."""
    dev2 = _module("formula_dev2")
    out = []
    for folder in (dev2.DEV2, DEV3, DEV4, *LATER):
        for item in dev2.load("tune", folder) + dev2.load("blind", folder):
            out.append({**item, "_folder": folder})
    return out


#: the day the sets' requests were asked (dev2 .. dev12 were all written in December 2026):
#: "去年" in them is 2025 whatever day the suite runs (rowbase.today)
ASKED_ON = "2026-12-06"


@lru_cache(maxsize=1)
def _verdicts() -> dict[str, tuple[str, str]]:
    before = os.environ.get("O3_TODAY")
    os.environ["O3_TODAY"] = ASKED_ON
    try:
        return _judged()
    finally:
        if before is None:
            os.environ.pop("O3_TODAY", None)
        else:
            os.environ["O3_TODAY"] = before


def _workers() -> int:
    """Processes for the judge: the machine's cores (``O3_CORPUS_WORKERS`` overrides).

    The corpus is thousands of requests and grows with every set; judged in one process it was
    most of CI's time on a 2-core machine.
    """
    asked = os.environ.get("O3_CORPUS_WORKERS")
    if asked:
        return max(1, int(asked))
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _judged() -> dict[str, tuple[str, str]]:
    """Every item's verdict; the sheets are shared out among processes, each sheet read once."""
    dev2 = _module("formula_dev2")
    by_sheet: dict[tuple[Path, str | None], list[dict]] = {}
    for item in _items():
        by_sheet.setdefault((dev2.sheet_path(item, item["_folder"]), item.get("sheet_name")), []).append(item)
    groups = sorted(by_sheet.values(), key=len, reverse=True)  # the longest first: even shares
    workers = min(_workers(), len(groups))
    verdicts: dict[str, tuple[str, str]] = {}
    if workers <= 1:
        for group in groups:
            verdicts.update(_judge_sheet(group))
        return verdicts
    # spawn, not fork: the suite's process may hold threads (servers, pools) a fork would copy mid-lock
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        for part in pool.map(_judge_sheet, groups):
            verdicts.update(part)
    return verdicts


def _judge_sheet(items: list[dict]) -> dict[str, tuple[str, str]]:
    """The verdicts of items asked on one sheet (O3_TODAY is inherited from the caller)."""
    dev2 = _module("formula_dev2")
    first = items[0]
    try:
        schema = read_sheet(dev2.sheet_path(first, first["_folder"]), first.get("sheet_name"))
    except O3Error as err:
        return {item["id"]: ("refused", str(err)) for item in items}
    verdicts: dict[str, tuple[str, str]] = {}
    for item in items:
        try:
            answer = formula(item["request"], sheet=schema, target_cell=item.get("target"),
                             method="rules").formula
        except O3Error as err:
            # a rule that raised is a bug, not a refusal (test_no_rule_fails)
            verdicts[item["id"]] = ("bug" if err.code == "task.rule_failed" else "refused", str(err))
            continue

        def agrees(got, gold=item["gold_values"]) -> bool:
            return got is not None and all(dev2.agree(got[c], g) for c, g in gold.items())

        if item["gold_formula"] is None:  # must refuse: no column for it, or it sums identifiers
            verdicts[item["id"]] = ("wrong", f"{answer} (should have been refused)")
        elif NOT_EVERYWHERE.search(answer):
            verdicts[item["id"]] = ("wrong", f"{answer} (not in Excel 2016 / LibreOffice 7)")
        elif agrees(_values(answer, item, schema)):
            verdicts[item["id"]] = ("right", answer)
        elif not agrees(_values(item["gold_formula"], item, schema)):
            verdicts[item["id"]] = ("unjudged", answer)  # our engine disagrees with LibreOffice
        else:
            verdicts[item["id"]] = ("wrong", answer)
    return verdicts


def _known() -> dict[str, list[str]]:
    return json.loads(KNOWN.read_text(encoding="utf-8"))


def test_no_wrong_answer_on_the_tune_requests():
    verdicts = _verdicts()
    allowed = set(_known()["wrong_allowed"])
    assert not allowed & set(_known()["right"]), "an id answered right is still in wrong_allowed: drop it"
    dev2 = {it["id"]: it for it in _items()}
    new_wrong = [f"{i} {dev2[i]['request']!r} -> {v[1]} (gold {dev2[i]['gold_formula']})"
                 for i, v in verdicts.items() if v[0] == "wrong" and i not in allowed]
    assert not new_wrong, "wrong answers (a refusal is better):\n" + "\n".join(new_wrong)


def test_no_rule_fails():
    """A composer rule that raises refuses its request with task.rule_failed; here it fails."""
    bugs = [f"{i}: {v[1]}" for i, v in _verdicts().items() if v[0] == "bug"]
    assert not bugs, "formula rules raised:\n" + "\n".join(bugs)


def test_right_answers_never_shrink():
    verdicts = _verdicts()
    lost = [f"{i}: now {verdicts.get(i, ('missing', ''))}" for i in _known()["right"]
            if verdicts.get(i, ("missing",))[0] != "right"]
    assert not lost, "requests that were answered right no longer are:\n" + "\n".join(lost)


def test_known_right_list_is_current():
    """The committed list names every right answer, so a later loss is caught."""
    verdicts = _verdicts()
    known = set(_known()["right"])
    new = sorted(i for i, v in verdicts.items() if v[0] == "right" and i not in known)
    if new:
        pytest.fail("right now but not in tests/tasks/formula_corpus_known.json 'right' "
                    f"(add them): {json.dumps(new)}")


def test_each_request_reads_its_own_sheet():
    """A request on a workbook's second sheet is asked on that sheet, not the active one."""
    dev2 = _module("formula_dev2")
    second = [it for it in _items() if it.get("sheet_name") and it["_folder"] == DEV4
              and it["sheet_name"] != "出入库流水" and "cangku" in it["sheet"]]
    assert second, "formula-dev4 has requests on zh_cangku.xlsx's 物料表"
    for it in second[:1]:
        schema = read_sheet(dev2.sheet_path(it, DEV4), it["sheet_name"])
        assert schema.sheet == it["sheet_name"]


def test_corpus_covers_the_tune_part():
    verdicts = _verdicts()
    assert len(verdicts) >= 440 + 485 + 535
    assert {"right", "refused"} <= {v[0] for v in verdicts.values()}
