"""A count with two conditions computes the same in LibreOffice as in Excel: LibreOffice's COUNTIFS
trims its first criteria range to the part of the column that holds data, so a count of holiday shifts
not yet taken off (已调休 blank) read short when the blank test came first and its column started or
ended blank."""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from o3local.cli import main as cli_main
from o3local.tasks.formula import formula
from o3local.tasks.formula.ifsorder import first_range_filled
from o3local.tasks.formula.schema import read_sheet

from ..export.kit import tool

ROWS = [["日期", "姓名", "班次", "补贴", "已调休"],
        ["10-01", "黄立新", "节假日", 150, None], ["10-02", "吴思琪", "节假日", 150, None],
        ["10-03", "杨国华", "白班", 50, "是"], ["10-04", "黄立新", "节假日", 150, "是"],
        ["10-05", "孙一鸣", "夜班", 80, None], ["10-06", "黄立新", "白班", 50, None],
        ["10-07", "罗浩宇", "节假日", 150, None]]


def _book(tmp_path: Path, rows: list[list] = ROWS) -> Path:
    wb = openpyxl.Workbook()
    wb.active.title = "值班"
    for row in rows:
        wb.active.append(row)
    path = tmp_path / "duty.xlsx"
    wb.save(path)
    return path


@pytest.mark.parametrize("request_, first", [("节假日值班还没调休的有几次", 'C2:C8,"节假日"'),
                                             ("还没调休的节假日班有几次", 'C2:C8,"节假日"'),
                                             ("黄立新没调休的次数", 'B2:B8,"黄立新"')])
def test_the_blank_started_column_is_never_the_first_criteria_range(tmp_path, request_, first):
    answer = formula(request_, read_sheet(_book(tmp_path), "值班"), method="rules")
    assert answer.formula.startswith(f"=COUNTIFS({first},"), answer.formula
    assert answer.value == (3 if "节假日" in request_ else 2)


def test_pairs_are_left_as_said_when_the_first_range_starts_filled(tmp_path):
    schema = read_sheet(_book(tmp_path), "值班")
    said = '=COUNTIFS(C2:C8,"节假日",E2:E8,"")'
    assert first_range_filled(said, schema) == said
    assert first_range_filled('=COUNTIFS(E2:E8,"",C2:C8,"节假日")', schema) == said
    assert first_range_filled('=SUMIFS(D2:D8,E2:E8,"",C2:C8,"节假日")', schema) == '=SUMIFS(D2:D8,E2:E8,"",C2:C8,"节假日")'


def test_a_column_that_only_ends_blank_is_not_first_either(tmp_path):
    rows = [ROWS[0], ROWS[3], *ROWS[1:3], *ROWS[4:]]  # 已调休 starts with 是, ends blank
    schema = read_sheet(_book(tmp_path, rows), "值班")
    assert first_range_filled('=COUNTIFS(E2:E8,"",C2:C8,"节假日")', schema) == '=COUNTIFS(C2:C8,"节假日",E2:E8,"")'


@pytest.mark.slow
@pytest.mark.parametrize("rows", [ROWS, [ROWS[0], ROWS[3], *ROWS[1:3], *ROWS[4:]]], ids=["starts-blank", "ends-blank"])
def test_libreoffice_counts_what_excel_counts(tmp_path, rows):
    src = _book(tmp_path, rows)
    out = tmp_path / "answered.xlsx"
    run = CliRunner().invoke(cli_main, ["formula", "节假日值班还没调休的有几次", "--sheet", str(src),
                                        "--cell", "G2", "--write", str(out)])
    assert run.exit_code == 0, run.output
    subprocess.run([tool("soffice"), "--headless", "--convert-to", "csv", "--outdir", str(tmp_path), str(out)],
                   check=True, capture_output=True, timeout=180)
    rows = list(csv.reader((tmp_path / "answered.csv").open(encoding="utf-8")))
    assert rows[1][6] == "3"
