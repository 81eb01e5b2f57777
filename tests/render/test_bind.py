"""Reading user data: strict JSON, CSV and .xlsx into the canonical table form."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.bind import load_data, parse_context, validate_data
from o3local.errors import DataError, UsageError


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def error_of(path) -> DataError:
    with pytest.raises(DataError) as info:
        load_data(path)
    return info.value


def test_json_with_bom_reads_like_without(tmp_path):
    doc = '{"name": "Ada", "n": [1, 2.5, null, true], "zh": "中文"}'
    plain = load_data(write(tmp_path, "a.json", doc))
    bom = load_data(write(tmp_path, "b.json", b"\xef\xbb\xbf" + doc.encode()))
    assert plain == bom == {"name": "Ada", "n": [1, 2.5, None, True], "zh": "中文"}


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('{\n  "a": 1,\n  "b": }', 3, 8, "expected a value"),
        ('{"a": 1,\n "a": 2}', 2, 2, 'duplicate key "a"'),
        ('{"x": {"k": 1, "k": 2}}', 1, 16, 'duplicate key "k"'),
        ("[1,\n NaN]", 2, 2, "NaN"),
        ('{"v": Infinity}', 1, 7, "Infinity"),
        ("[1e999]", 1, 2, "out of range"),
        ('["\\udc00"]', 1, 3, "surrogate"),
        ("[1] [2]", 1, 5, "after the JSON value"),
        ("", 1, 1, "expected a JSON value"),
        ('{"n": ' + "7" * 5000 + "}", 1, 7, "number longer than 100"),
        ("[" * 100_000, 1, 66, "nesting deeper than 64"),
    ],
)
def test_json_defects_name_line_and_column(tmp_path, text, line, column, words):
    err = error_of(write(tmp_path, "d.json", text))
    assert (err.where.line, err.where.column) == (line, column)
    assert err.where.file.endswith("d.json")
    assert words in err.message


def test_json_invalid_utf8_has_position(tmp_path):
    err = error_of(write(tmp_path, "d.json", b'{"a":\n "caf\xe9"}'))
    assert err.code == "data.encoding"
    assert (err.where.line, err.where.column) == (2, 6)


def test_csv_becomes_canonical_table(tmp_path):
    path = write(tmp_path, "t.csv", "\ufeffname,qty,price,zip,note\n"
                 "Widget,3,2.50,007,\n\"Gadget, large\",-12,1e3,10115,\"said \"\"hi\"\"\"\n")
    assert load_data(path) == {
        "columns": ["name", "qty", "price", "zip", "note"],
        "rows": [
            {"name": "Widget", "qty": 3, "price": 2.5, "zip": "007", "note": None},
            {"name": "Gadget, large", "qty": -12, "price": 1000.0, "zip": 10115,
             "note": 'said "hi"'},
        ],
    }


def test_csv_ragged_row_names_the_line(tmp_path):
    err = error_of(write(tmp_path, "t.csv", "a,b\n1,2\n3\n4,5\n"))
    assert err.where.line == 3
    assert "1 fields but the header has 2" in err.message


@pytest.mark.parametrize(("text", "words"), [("", "header row is required"),
                                             ("a,,c\n1,2,3\n", "column 2 has no name"),
                                             ("a,a\n1,2\n", "appears twice")])
def test_csv_header_problems(tmp_path, text, words):
    assert words in error_of(write(tmp_path, "t.csv", text)).message


def make_workbook(path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Sales"
    sheet.append(["region", "amount", "when", "total"])
    sheet.append(["North", 120, dt.datetime(2026, 3, 5), None])
    sheet.append(["South", 80.5, dt.datetime(2026, 3, 6, 14, 30), None])
    sheet["D2"] = "=B2*2"
    other = book.create_sheet("Notes")
    other.append(["key", "value"])
    other.append(["owner", "Ada"])
    book.create_sheet("Empty")
    book.save(path)


def test_xlsx_every_sheet_dates_iso_first_sheet_on_top(tmp_path):
    path = tmp_path / "book.xlsx"
    make_workbook(path)
    data = load_data(path)
    sales = {
        "columns": ["region", "amount", "when", "total"],
        "rows": [
            # formulas give their cached value; openpyxl-written files have none
            {"region": "North", "amount": 120, "when": "2026-03-05", "total": None},
            {"region": "South", "amount": 80.5, "when": "2026-03-06T14:30:00", "total": None},
        ],
    }
    assert data["columns"] == sales["columns"] and data["rows"] == sales["rows"]
    assert data["sheets"] == {
        "Sales": sales,
        "Notes": {"columns": ["key", "value"], "rows": [{"key": "owner", "value": "Ada"}]},
        "Empty": {"columns": [], "rows": []},
    }


def test_xlsx_that_is_not_a_zip(tmp_path):
    err = error_of(write(tmp_path, "fake.xlsx", "region,amount\nNorth,1\n"))
    assert "not a zip" in err.message and err.where.file.endswith("fake.xlsx")


def test_xlsx_value_outside_header_names_cell(tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["a", "b"])
    book.active.append([1, 2, 3])
    book.save(tmp_path / "w.xlsx")
    err = error_of(tmp_path / "w.xlsx")
    assert "C2" in err.message


def test_unsupported_and_missing_files(tmp_path):
    assert "unsupported" in error_of(write(tmp_path, "d.yaml", "a: 1")).message
    assert error_of(tmp_path / "nope.json").code == "data.missing"


def test_parse_context():
    assert parse_context(["name=Ada Lovelace", "title=", "eq=a=b"]) == {
        "name": "Ada Lovelace", "title": "", "eq": "a=b"}
    for bad in (["novalue"], ["=x"], ["1st=x"], ["a.b=x"], ["a=1", "a=2"]):
        with pytest.raises(UsageError):
            parse_context(bad)


def test_schema_reports_every_violation_with_pointer():
    schema = {"type": "object", "required": ["company"],
              "properties": {"products": {"type": "array",
                                          "items": {"type": "object", "required": ["price"],
                                                    "properties": {"price": {"type": "number"}}}}}}
    data = {"products": [{"price": 1}, {"price": "ten"}, {}]}
    with pytest.raises(DataError) as info:
        validate_data(data, schema, file="data.json")
    found = {(p.where.pointer, p.code) for p in info.value.problems}
    assert found == {("", "data.schema_required"), ("/products/1/price", "data.schema_type"),
                     ("/products/2", "data.schema_required")}
    validate_data({"company": 1}, schema)


# -- properties -------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(value=json_values, indent=st.sampled_from([None, 2]))
def test_any_json_reads_back_exactly(tmp_path_factory, value, indent):
    import json

    path = tmp_path_factory.mktemp("j") / "v.json"
    path.write_text(json.dumps(value, indent=indent, ensure_ascii=False), "utf-8")
    assert load_data(path) == value


cell_text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\x00"),
                    max_size=8).filter(lambda t: t.strip() == t and t != "")


@settings(max_examples=50, deadline=None)
@given(names=st.lists(st.from_regex(r"[a-z]{1,6}", fullmatch=True), min_size=1, max_size=4,
                      unique=True),
       data=st.data())
def test_csv_round_trip_keeps_text_and_numbers(tmp_path_factory, names, data):
    import csv
    import io

    cells = st.one_of(st.integers(-10**6, 10**6), cell_text.filter(
        lambda t: not any(c.isdigit() for c in t)), st.none())
    rows = data.draw(st.lists(st.fixed_dictionaries({n: cells for n in names}), max_size=5))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(names)
    for row in rows:
        writer.writerow(["" if row[n] is None else row[n] for n in names])
    path = tmp_path_factory.mktemp("c") / "t.csv"
    path.write_text(out.getvalue(), "utf-8")
    table = load_data(path)
    assert table["columns"] == names
    assert table["rows"] == rows
