"""A cold ``o3-local formula`` call does not pay for SciPy unless the formula needs it.

Each command-line request is a fresh process; the engine's statistics functions import
``scipy.stats`` (seconds of CPU) although SUMIF or INDEX/MATCH never use it.  These run in
subprocesses, because the suite's own process has long imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest


@pytest.fixture()
def sheet(tmp_path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Item", "Qty", "Price"])
    for row in [("Fir", 3, 40.0), ("Spruce", 5, 35.5), ("Fir", 2, 41.0), ("Pine", 7, 28.0)]:
        ws.append(row)
    path = tmp_path / "trees.xlsx"
    wb.save(path)
    return path


def _run(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_sumif_request_never_imports_scipy_stats(sheet):
    got = _run(
        "import json, sys\n"
        "from o3local.tasks.formula import formula\n"
        f"r = formula('total price of Fir', sheet={str(sheet)!r}, method='rules')\n"
        "print(json.dumps({'formula': r.formula, 'value': r.value,\n"
        "                  'stats': 'scipy.stats' in sys.modules, 'interp': 'scipy.interpolate' in sys.modules}))\n")
    assert got["formula"] == '=SUMIF(A2:A5,"Fir",C2:C5)' and got["value"] == 81.0
    assert not got["stats"] and not got["interp"]


def test_statistics_functions_still_compute_when_asked(sheet):
    # the engine's distributions, interpolation and ranks load SciPy the first time they run
    got = _run(
        "import json, sys\n"
        "from o3local.tasks.formula.engine import evaluate\n"
        "from o3local.tasks.formula.schema import read_sheet\n"
        f"s = read_sheet({str(sheet)!r})\n"
        "v = [evaluate(f, s).value for f in ('=NORM.S.DIST(1,TRUE)', '=PERCENTILE(C2:C5,0.5)',\n"
        "                                    '=RANK(C3,C2:C5)', '=KURT(B2:B5)')]\n"
        "import scipy.stats\n"
        "print(json.dumps({'v': v, 'real': type(scipy.stats.norm).__name__}))\n")
    norm, median, rank, kurt = got["v"]
    assert abs(norm - 0.841344746) < 1e-6
    assert median == 37.75
    assert rank == 3
    assert abs(kurt - (-1.2)) < 0.5 and isinstance(kurt, float)
    assert got["real"] == "norm_gen"  # a later plain import gets the real module
