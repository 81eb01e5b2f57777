"""formula-dev2 (bench/data/formula-dev2): its items and what counts as a right value.

Shared by ``bench/eval_formula.py`` (the referee: our formula recomputed by
LibreOffice) and ``tests/tasks/test_formula_corpus.py`` (fast: our engine's
evaluator against the stored LibreOffice gold values).
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import math
import re
from pathlib import Path
from typing import Any

DEV2 = Path(__file__).resolve().parent / "data" / "formula-dev2"
_DATE = re.compile(r"^\s*(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})\s*日?\s*$")
_EPOCH = dt.date(1899, 12, 30)


def load(part: str = "tune", folder: Path = DEV2) -> list[dict]:
    """The items of ``part`` (tune or blind).  Read the blind part only for a final run."""
    if part == "tune":
        with (folder / "tune.jsonl").open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    if part == "blind":
        with gzip.open(folder / "blind.jsonl.gz", "rt", encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    raise ValueError(f"unknown part {part!r} (tune or blind)")


def sheet_path(item: dict, folder: Path = DEV2) -> Path:
    return folder / item["sheet"]


def last_row(item: dict) -> int:
    """The last data row a per-row formula is filled down to (its last check cell's row)."""
    return int(re.sub(r"[A-Z$]", "", item["check_cells"][-1]))


def _serial(value: Any) -> float | None:
    if isinstance(value, dt.datetime):
        return (value.date() - _EPOCH).days + (value - dt.datetime.combine(value.date(), dt.time())).seconds / 86400
    if isinstance(value, dt.date):
        return (value - _EPOCH).days
    if isinstance(value, str):
        m = _DATE.match(value)
        if m:
            try:
                return (dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))) - _EPOCH).days
            except ValueError:
                return None
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"-?\d+(\.\d+)?", text):
            return float(text)
    return None


def agree(got: Any, gold: Any) -> bool:
    """``got`` shows the same as ``gold``: equal numbers (1e-6 relative, 1e-9 absolute),
    equal text, a date as a serial number or as date text (2025-01-31, 2025/1/31,
    2025年1月31日), a number or its digits as text ("1977" == 1977), empty == ""."""
    if isinstance(got, list):
        got = got[0] if len(got) == 1 else got
    if got is None:
        got = ""
    if gold is None:
        gold = ""
    if isinstance(got, bool) or isinstance(gold, bool):
        return got == gold
    a, b = _number(got), _number(gold)
    if a is not None and b is not None:
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    sa = _serial(got) if a is None else a
    sb = _serial(gold) if b is None else b
    if sa is not None and sb is not None and (isinstance(got, str) or isinstance(gold, str)
                                              or isinstance(got, dt.date)):
        return math.isclose(sa, sb, abs_tol=1e-9)
    return isinstance(got, str) and isinstance(gold, str) and got.strip() == gold.strip()


def placed(answer: str, item: dict) -> dict[str, str]:
    """Where ``answer`` goes for recalculation: filled down from the target, or in the answer cell."""
    from formula_lo import fill_down

    if item.get("target"):
        return fill_down(answer, item["target"], last_row(item))
    return {item["answer_cell"]: answer}
