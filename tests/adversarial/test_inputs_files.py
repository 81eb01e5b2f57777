"""Hostile data files (issue 15 item 5): bombs, FIFOs and devices are refused quickly, with bounded memory.

Each bomb is built here, small on disk; each test asserts the typed error a
user sees and that it came fast (and, where memory was the failure, that a
subprocess under an address-space limit still gets the clear error).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest

from o3local.bind import load_data
from o3local.bind.table import MAX_TABLE_ROWS
from o3local.errors import DataError
from o3local.safeio import MAX_DATA_FILE_BYTES, read_user_file

SHEET = "xl/worksheets/sheet1.xml"
HEAD = (b'<?xml version="1.0"?><worksheet '
        b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')


def xlsx_with_sheet(path: Path, sheet_xml: bytes) -> Path:
    """A real openpyxl workbook whose first sheet's XML is replaced by ``sheet_xml``."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active["A1"] = "x"
    buf = io.BytesIO()
    book.save(buf)
    src = zipfile.ZipFile(buf)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            out.writestr(info.filename, sheet_xml if info.filename == SHEET else src.read(info))
    return path


def sheet(rows: bytes, dimension: bytes = b"") -> bytes:
    return HEAD + dimension + b"<sheetData>" + rows + b"</sheetData></worksheet>"


def header_row(n: int) -> bytes:
    cells = b"".join(b'<c t="inlineStr"><is><t>c%d</t></is></c>' % i for i in range(n))
    return b"<row>" + cells + b"</row>"


def timed_error(fn, *args) -> tuple[DataError, float]:
    start = time.perf_counter()
    with pytest.raises(DataError) as err:
        fn(*args)
    return err.value, time.perf_counter() - start


def test_a_highly_compressed_sheet_is_refused_before_openpyxl_parses_it(tmp_path):
    # 2 M identical rows: 160 KB on disk, 50 MB of XML; took 33 s and 611 MB before
    rows = b"<row><c><v>1</v></c></row>" * 2_000_000
    path = xlsx_with_sheet(tmp_path / "rows.xlsx", sheet(header_row(1) + rows))
    assert path.stat().st_size < 400_000
    err, took = timed_error(load_data, path)
    assert err.code == "data.zip_bomb"
    assert "sheet1.xml" in err.message and "100:1" in err.message
    assert str(path) in str(err)
    assert took < 3


def test_rows_past_the_cap_stop_the_read_while_it_streams(tmp_path):
    # distinct values compress ~6:1, so only the row cap can stop this one
    n = MAX_TABLE_ROWS + 5_000
    rows = b"".join(b'<row r="%d"><c r="A%d"><v>%d</v></c></row>' % (i, i, i * 7919)
                    for i in range(2, n + 2))
    path = xlsx_with_sheet(tmp_path / "many.xlsx", sheet(header_row(1) + rows))
    err, took = timed_error(load_data, path)
    assert err.code == "data.too_large"
    assert f"{MAX_TABLE_ROWS:,} rows" in err.message
    assert took < 30  # ~3 s here; the read stops at the cap instead of building 55,000 rows


def test_a_forged_dimension_does_not_pad_rows_to_16384_cells(tmp_path):
    # <dimension ref="A1:XFD1048576"/> made openpyxl pad every row and invent 1 M blank rows
    rows = b'<row r="1"><c r="A1" t="inlineStr"><is><t>n</t></is></c></row>'
    rows += b'<row r="2"><c r="A2"><v>5</v></c></row>'
    path = xlsx_with_sheet(tmp_path / "dim.xlsx",
                           sheet(rows, b'<dimension ref="A1:XFD1048576"/>'))
    start = time.perf_counter()
    assert load_data(path)["rows"] == [{"n": 5}]
    assert time.perf_counter() - start < 3


def test_a_row_far_down_is_counted_with_the_blank_rows_before_it(tmp_path):
    rows = header_row(1) + b'<row r="1048576"><c r="A1048576"><v>1</v></c></row>'
    path = xlsx_with_sheet(tmp_path / "far.xlsx", sheet(rows))
    err, took = timed_error(load_data, path)
    assert err.code == "data.too_large" and took < 5


def test_a_csv_with_too_many_rows_is_refused_at_the_cap(tmp_path):
    path = tmp_path / "rows.csv"
    path.write_bytes(b"n\n" + b"1\n" * (MAX_TABLE_ROWS + 10))
    err, took = timed_error(load_data, path)
    assert err.code == "data.too_large" and err.where.line == MAX_TABLE_ROWS + 2  # the header is line 1
    assert took < 5


def test_a_csv_of_blank_lines_counts_against_the_cap(tmp_path):
    path = tmp_path / "blank.csv"
    path.write_bytes(b"\n" * (MAX_TABLE_ROWS + 10) + b"n\n1\n")
    assert timed_error(load_data, path)[0].code == "data.too_large"


def test_a_data_file_over_the_size_cap_is_refused_unread(tmp_path):
    path = tmp_path / "big.csv"
    with open(path, "wb") as fh:
        fh.truncate(MAX_DATA_FILE_BYTES + 1)  # sparse: nothing is written or read
    err, took = timed_error(load_data, path)
    assert err.code == "data.too_large" and "33,554,432" in err.message and took < 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_data_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "data.csv"
    os.mkfifo(fifo)
    result: list[BaseException | object] = []
    worker = threading.Thread(target=lambda: result.append(_error_or_value(load_data, fifo)),
                              daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # unblock the reader so the test process can exit
        with open(fifo, "wb"):
            pass
        pytest.fail("load_data blocked on a FIFO")
    assert isinstance(result[0], DataError) and result[0].code == "data.not_regular"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_symlink_to_dev_zero_is_refused_not_read(tmp_path):
    link = tmp_path / "data.json"
    link.symlink_to("/dev/zero")
    err, took = timed_error(load_data, link)
    assert err.code == "data.not_regular" and took < 1


def test_the_cli_refuses_a_dev_zero_data_file_under_a_memory_limit(tmp_path):
    """What a user sees: one line, exit 1, well inside a 1 GiB address space (it ran out before)."""
    link = tmp_path / "d.csv"
    link.symlink_to("/dev/zero")
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from o3local.cli import main\n"
        "sys.argv = ['o3-local', 'render', '--sample', '--data', sys.argv[1], '-o', sys.argv[2]]\n"
        "main()\n"
    )
    out = tmp_path / "out.svg"
    proc = subprocess.run([sys.executable, "-c", code, str(link), str(out)], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert "not a regular file" in proc.stderr and "Traceback" not in proc.stderr
    assert not out.exists()


def test_read_user_file_reads_up_to_its_limit_and_no_further(tmp_path):
    path = tmp_path / "f.bin"
    path.write_bytes(b"x" * 101)
    with pytest.raises(DataError) as err:
        read_user_file(path, limit=100)
    assert err.value.code == "data.too_large"
    assert read_user_file(path, limit=101) == b"x" * 101


def _error_or_value(fn, *args):
    try:
        return fn(*args)
    except BaseException as err:  # noqa: BLE001 - handed back to the test thread
        return err


def test_formula_sheets_are_opened_the_same_safe_way(tmp_path):
    from o3local.tasks.formula.schema import read_sheet

    bomb = xlsx_with_sheet(tmp_path / "bomb.xlsx",
                           sheet(header_row(1) + b"<row><c><v>1</v></c></row>" * 2_000_000))
    err, took = timed_error(read_sheet, bomb)
    assert err.code == "data.zip_bomb" and took < 3
    # one value at XFD on every row: each row was 16,384 cells long, two million of them
    rows = b"".join(b'<row r="%d"><c r="XFD%d"><v>%d</v></c></row>' % (i, i, i * 31)
                    for i in range(1, 200_001))
    wide = xlsx_with_sheet(tmp_path / "wide.xlsx", sheet(rows))
    err, took = timed_error(read_sheet, wide)
    assert err.code == "data.too_large" and took < 10
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "sheet.xlsx"
        os.mkfifo(fifo)
        err, took = timed_error(read_sheet, fifo)
        assert err.code == "data.not_regular" and took < 1
