"""Data problems of .xlsx and CSV tables: one per column, naming its cells or lines, in row order."""

from __future__ import annotations

import io
import json
from pathlib import Path

import openpyxl
import pytest

import o3local
from o3local.bind import load_data, validate_data
from o3local.errors import DataError

SCHEMA = {"type": "object", "properties": {"rows": {"type": "array", "items": {
    "type": "object", "required": ["品名", "单价"],
    "properties": {"数量": {"type": "number"}, "品名": {"type": "string", "minLength": 2}}}}}}


def workbook(rows: list[list[object]], title: str = "明细") -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def thirty_rows() -> list[list[object]]:
    # header row 1, data rows 2-31
    rows: list[list[object]] = [["品名", "规格", "数量"]]
    for i in range(30):
        rows.append([f"商品{i}", "箱", "十" if i in (3, 12) else i + 1])
    return rows


def problems_of(data: object, file: str) -> list:
    with pytest.raises(DataError) as info:
        validate_data(data, SCHEMA, file=file)
    assert info.value.code == "data.schema"
    return info.value.problems


def test_missing_xlsx_column_is_one_problem_naming_the_column_and_rows(tmp_path: Path) -> None:
    path = tmp_path / "sales.xlsx"
    path.write_bytes(workbook(thirty_rows()))
    problems = problems_of(load_data(path), str(path))
    # one problem for the missing column (not 30), one for the text cells, in row order
    assert [p.code for p in problems] == ["data.schema_required", "data.schema_type"]
    missing, text = problems
    assert "'单价'" in missing.message and "not in the header" in missing.message
    assert missing.message == ("required column '单价' is not in the header (row 1 of sheet '明细'); "
                               "rows 2-31 need it")
    assert missing.where.line == 2
    assert text.message == "column '数量' has text in C5, C14 (expected number)"
    assert (text.where.line, text.where.pointer) == (5, "/rows/3/数量")


def test_xlsx_consecutive_cells_are_a_range_and_sheets_are_named(tmp_path: Path) -> None:
    rows = [["品名", "单价", "数量"]] + [[f"p{i}", 1, "n/a"] for i in range(4)]
    path = tmp_path / "q.xlsx"
    path.write_bytes(workbook(rows, title="Q1"))
    schema = {"type": "object", "properties": {"sheets": {"type": "object", "properties": {"Q1": {
        "type": "object", "properties": {"rows": SCHEMA["properties"]["rows"]}}}}}}
    with pytest.raises(DataError) as info:
        validate_data(load_data(path), schema, file=str(path))
    [problem] = info.value.problems
    assert problem.message == "column '数量' of sheet 'Q1' has text in C2:C5 (expected number)"


def test_csv_problems_name_lines_and_sort_by_row_number(tmp_path: Path) -> None:
    # a quoted field over two lines and a blank line: the lines named are the file's own
    lines = ["品名,单价,数量", "ab,1,1", "", 'cd,1,"x\ny"'] + [f"e{i},1,{i}" for i in range(8)] + ["f,1,z"]
    path = tmp_path / "t.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = problems_of(load_data(path), str(path))
    assert [(p.where.line, p.message) for p in problems] == [
        (4, "column '数量' has text on lines 4, 14 (expected number)"),
        (14, "column '品名' breaks minLength 2 on line 14 (first: 'f' is too short)"),
    ]


def test_json_problems_sort_by_index_as_a_number() -> None:
    rows = [{"品名": "ab", "单价": 1, "数量": "x" if i in (2, 10) else i} for i in range(12)]
    problems = problems_of({"rows": rows}, "d.json")
    assert [p.where.pointer for p in problems] == ["/rows/2/数量", "/rows/10/数量"]


def package(root: Path, sample: tuple[str, bytes] | None = None) -> Path:
    root.mkdir()
    manifest = {"id": "sales-table", "name": "Sales", "version": "1.0.0", "kind": "document",
                "entry": "doc.o3x", "compatible_versions": [">=11"],
                "required_permissions": ["read:spreadsheet", "write:document"], "inputs": SCHEMA}
    (root / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    (root / "doc.o3x").write_text('<document><page><text x="10" y="10" w="100" h="20">'
                                  "{{ rows | length }}</text></page></document>", encoding="utf-8")
    if sample:
        (root / "samples").mkdir()
        (root / "samples" / sample[0]).write_bytes(sample[1])
    return root


def test_validate_reports_a_xlsx_sample_per_column(tmp_path: Path) -> None:
    report = o3local.validate(package(tmp_path / "pkg", ("data.xlsx", workbook(thirty_rows()))))
    data = [p for p in report.errors if p.code.startswith("data.")]
    assert [p.code for p in data] == ["data.schema_required", "data.schema_type"]
    assert data[1].message == "sample data does not match inputs: column '数量' has text in C5, C14 (expected number)"
    assert data[1].where.file.endswith("samples/data.xlsx")


def test_render_from_csv_reports_per_column(tmp_path: Path) -> None:
    csv = tmp_path / "in.csv"
    csv.write_text("品名,数量\nab,1\ncd,2\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        o3local.render(package(tmp_path / "pkg"), data=csv, fmt="pdf")
    [problem] = info.value.problems
    assert problem.message == "required column '单价' is not in the header (line 1); lines 2, 3 need it"
