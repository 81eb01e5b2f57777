"""A real office client: LibreOffice (headless) runs our Python macros, which call the hook."""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import docx
import openpyxl
import pytest

import o3local

pytestmark = pytest.mark.slow
MACROS = Path(__file__).resolve().parents[2] / "examples" / "addin" / "libreoffice"
LO_PYTHON = "/usr/bin/python3"


def _lo_python_ok() -> str | None:
    if not shutil.which("soffice"):
        return "LibreOffice is not installed"
    if not os.path.exists(LO_PYTHON):
        return "no system Python"
    probe = subprocess.run([LO_PYTHON, "-c", "import sys, uno; print(sys.version_info[:2])"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        return "python3-uno is not installed"
    if probe.stdout.strip() != str(sys.version_info[:2]):
        return f"LibreOffice's Python {probe.stdout.strip()} differs from this venv's"
    return None


def run_macro(*args: str) -> dict:
    missing = _lo_python_ok()
    if missing:
        pytest.skip(missing)
    env = dict(os.environ, O3_LO_SYSPATH=os.pathsep.join(site.getsitepackages()))
    done = subprocess.run([LO_PYTHON, str(MACROS / "run_macro.py"), *args], env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_calc_macro_fills_a_formula_from_a_request(tmp_path) -> None:
    book = tmp_path / "sales.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Region", "Revenue"])
    for row in (("North", 10), ("South", 20), ("East", 5)):
        ws.append(row)
    ws["F1"] = "sum of revenue"
    wb.save(book)
    answer = run_macro("fill_formula", str(book), "F1", "D2")
    assert answer["ok"] and answer["result"]["formula"] == "=SUM(B2:B4)"
    assert openpyxl.load_workbook(book).active["D2"].value == "=SUM(B2:B4)"
    # LibreOffice computed and saved the value itself
    assert openpyxl.load_workbook(book, data_only=True).active["D2"].value == 35


def test_writer_macro_appends_a_summary(tmp_path) -> None:
    paragraphs = ["The quarterly report shows revenue growth in every region.",
                  "Costs fell by four percent.", "The team hired ten engineers.",
                  "Customer churn stayed flat."]
    path = tmp_path / "report.docx"
    d = docx.Document()
    for p in paragraphs:
        d.add_paragraph(p)
    d.save(path)
    answer = run_macro("summarize_document", str(path), "120")
    assert answer["ok"]
    saved = [p.text for p in docx.Document(path).paragraphs]
    assert saved[:4] == paragraphs and saved[-1] == answer["result"]["text"]
    direct = o3local.summarize("\n".join(paragraphs), max_chars=120)
    assert answer["result"]["text"] == direct.text and len(direct.text) <= 120


def test_macro_reports_errors_as_values(tmp_path) -> None:
    book = tmp_path / "empty.xlsx"
    openpyxl.Workbook().save(book)
    answer = run_macro("fill_formula", str(book), "A1", "D2")  # A1 is empty: no request
    assert answer["ok"] is False and answer["error"]["code"] == "task.empty"
