"""A per-row request without a target cell places itself (issue 16 item 1: "in a new column").

The user asks "profit for each week in a new column" and gets a formula for the first
data row of the first empty column, and `--write` fills the whole column the way the
fill handle would; LibreOffice recalculates the written copy (slow test) to show the
values a user would see.  A named column ("放在I列") is taken only when it is empty.
"""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from o3local.cli import main as cli_main
from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows

from ..export.kit import tool


def _book(path: Path, rows: list[list]) -> Path:
    wb = openpyxl.Workbook()
    for row in rows:
        wb.active.append(row)
    wb.save(path)
    return path


WEEKS = [["Week", "Revenue", "Costs"], ["W1", 100, 60], ["W2", 80, 90], ["W3", 120, 20]]


def test_new_column_request_places_itself_and_fills_down():
    s = schema_from_rows(WEEKS)
    r = formula("Calculate the profit for each week in a new column", s, method="rules")
    assert (r.formula, r.target_cell, r.fill_range, r.value) == ("=B2-C2", "D2", "D2:D4", 40)
    assert any("D2:D4" in n for n in r.notes)


def test_named_empty_column_is_the_target_and_a_column_with_data_is_a_source():
    s = schema_from_rows([["姓名", "应出勤", "实际出勤"], ["张伟", 22, 20], ["李娜", 22, 22],
                          ["王芳", 21, 19]])
    r = formula("应出勤减实际出勤，放在F列", s, method="rules")
    assert (r.formula, r.target_cell, r.fill_range) == ("=B2-C2", "F2", "F2:F4")
    with pytest.raises(TaskError):  # B holds data: never a place to write over
        formula("应出勤减实际出勤，放在B列", s, method="rules")


def test_real_grouping_is_still_refused():
    s = schema_from_rows([["Region", "Sales"], ["East", 1], ["West", 2], ["East", 3]])
    with pytest.raises(TaskError) as err:
        formula("total sales for each region in a new column", s, method="rules")
    assert err.value.code in ("task.group_by", "task.unanswerable")


def _filled(tmp_path: Path, name: str) -> Path:
    """``o3-local formula "... in a new column" --write``: the written copy of the weeks sheet."""
    src = _book(tmp_path / "weeks.xlsx", WEEKS)
    out = tmp_path / name
    run = CliRunner().invoke(cli_main, ["formula", "profit for each week in a new column",
                                        "--sheet", str(src), "--write", str(out)])
    assert run.exit_code == 0, run.output
    return out


def test_write_fills_the_column_and_refuses_a_taken_cell(tmp_path):
    out = _filled(tmp_path, "out.xlsx")
    ws = openpyxl.load_workbook(out).active
    assert [ws[f"D{r}"].value for r in (2, 3, 4)] == ["=B2-C2", "=B3-C3", "=B4-C4"]
    taken = _book(tmp_path / "taken.xlsx", [*WEEKS, [None, None, None, None]])
    wb = openpyxl.load_workbook(taken)
    wb.active["D3"] = "keep me"  # a note inside the column the answer would fill
    wb.save(taken)
    out2 = tmp_path / "out2.xlsx"
    run = CliRunner().invoke(cli_main, ["formula", "profit", "--sheet", str(taken),
                                        "--cell", "D2", "--write", str(out2)])
    assert run.exit_code != 0 and "D3" in run.output and "keep me" in run.output
    assert not out2.exists()


@pytest.mark.slow
def test_libreoffice_computes_the_filled_column(tmp_path):
    out = _filled(tmp_path, "filled.xlsx")
    subprocess.run([tool("soffice"), "--headless", "--convert-to", "csv", "--outdir", str(tmp_path),
                    str(out)], check=True, capture_output=True, timeout=180)
    rows = list(csv.reader((tmp_path / "filled.csv").open(encoding="utf-8")))
    assert [row[3] for row in rows[1:4]] == ["40", "-10", "100"]


def test_schema_reads_the_written_column_back(tmp_path):
    src = _book(tmp_path / "weeks.xlsx", WEEKS)
    out = tmp_path / "o.xlsx"
    r = formula("profit per row in a new column", read_sheet(src), method="rules")
    from o3local.tasks.formula.writer import write_formula

    assert write_formula(src, "Sheet", r.target_cell, r.formula, out, r.fill_range) == ["D2", "D3", "D4"]


def test_without_a_cue_or_a_cell_a_request_is_not_guessed_into_a_column():
    """"revenue minus costs" with no cell and no "each"/"new column": one value or nothing,
    never a column written where nobody asked (a wrong cell is worse than a refusal)."""
    s = schema_from_rows([["Week", "Revenue", "Costs"], ["W1", 100, 60], ["W2", 80, 90], ["W3", 120, 20]])
    try:
        r = formula("revenue minus costs", s, method="rules")
    except TaskError:
        return
    assert r.fill_range is None


def test_the_column_named_last_or_after_into_places_the_answer():
    # "..., col D" at the end and "put it into col D": the empty column D, first data row
    s = schema_from_rows(WEEKS)
    for req in ("profit for each week, col D", "revenue minus costs for each week, put it into col D"):
        r = formula(req, s, method="rules")
        assert r.target_cell == "D2" and r.formula == "=B2-C2", req
