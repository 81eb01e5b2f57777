"""Per-row text and arithmetic asks the seventeenth round reads in general (our own workbooks):
a prefix taken off a code said without quotes, in either language; the width of the part kept
and "keep the zeros" said about it; the characters at a place ("第2位", "characters 3 to 6",
an example "0402就是4"), with a unit the example shows after them ("4楼"); a date shown in a
format code ("mm-dd"); 斤 to 公斤; a fee column stored as text ("600") added to another column;
"fill K with ..." as a way of asking for the column.  Near misses are refused."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows
from o3local.tasks.formula.textnumbers import convert
from tests.tasks.test_formula_row_units_times import _xlsx


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _claims():
    rows = [["Claim", "Client", "Amount"]]
    for i, (ref, who) in enumerate([("CL-0412", "Harbour Cafe"), ("CL-0087", "Moss Ltd"), ("CL-1203", "Pine & Co")]):
        rows.append([ref, who, 120 + 10 * i])
    return schema_from_rows(rows, sheet="Claims")


def _contracts():
    rows = [["合同号", "客户", "金额"]]
    for i, code in enumerate(["HT20250013", "HT20250107", "HT20260002"]):
        rows.append([code, f"客户{i}", 1000 + i])
    return schema_from_rows(rows, sheet="合同")


def test_a_prefix_said_without_quotes_is_taken_off():
    for said in ("合同号去掉HT", "把合同号前面的HT删掉", "合同号不要HT前缀", "合同号里的HT替换掉"):
        r = _answer(said, _contracts(), "D2")
        assert r is not None and r.formula == '=SUBSTITUTE(A2,"HT","")' and r.value == "20250013", (said, r)
    for said in ("claim number without the CL", "drop the CL from each claim", "remove CL- from the claim ref"):
        r = _answer(said, _claims(), "D2")
        assert r is not None and r.value == "0412", (said, r)  # the dash after it goes too


def test_letters_that_start_no_value_are_no_prefix():
    assert _answer("合同号去掉AB", _contracts(), "D2") is None
    assert _answer("claim number without the XY", _claims(), "D2") is None


def test_the_width_and_the_zeros_said_of_the_part_kept():
    for said in ("the 4 digits after CL- in each claim", "claim no without CL- (keep the 0s)",
                 "digits after 'CL-' for each claim, keep leading zeros"):
        r = _answer(said, _claims(), "D2")
        assert r is not None and r.value == "0412", (said, r)
    assert _answer("the 3 digits after CL- in each claim", _claims(), "D2") is None  # they are 4


def _rooms(tmp_path):
    rows = [["房号", "住户", "月租"]]
    for i, room in enumerate(["0201", "0305", "0412"]):
        rows.append([room, f"住户{i}", 800 + i])
    return _xlsx(tmp_path, rows, name="宿舍")  # an .xlsx keeps 0201 as text


def test_the_characters_at_a_place(tmp_path):
    for said in ("房号第2位", "房号的第二位", "the 2nd digit of the room (房号)", "房号0305就是3"):
        r = _answer(said, _rooms(tmp_path), "D2")
        assert r is not None and r.formula == "=MID(A2,2,1)" and r.value == "2", (said, r)
    r = _answer("合同号第3到第6位是年份", _contracts(), "D2")
    assert r is not None and r.formula == "=MID(A2,3,4)" and r.value == "2025", r
    r = _answer("年份：合同号 HT20260002 取 2026", _contracts(), "D2")
    assert r is not None and r.value == "2025", r


def test_a_unit_the_example_shows_after_the_part(tmp_path):
    for said in ("房号第二位是楼层，显示成“3楼”这样", "从房号取出楼层，0412就是4楼", "房号第2位写成X楼"):
        r = _answer(said, _rooms(tmp_path), "D2")
        assert r is not None and r.formula == '=MID(A2,2,1)&"楼"' and r.value == "2楼", (said, r)


def test_a_place_that_is_no_character_is_not_read_as_one(tmp_path):
    for said in ("月租保留小数点后第2位", "月租排第2位的是谁"):
        r = _answer(said, _rooms(tmp_path), "D2")
        assert r is None or "MID(" not in r.formula, (said, r)


def _sales():
    rows = [["日期", "部位", "斤", "单价"]]
    for i in range(3):
        rows.append([dt.date(2026, 3, 4 + i), "五花", 3 + i, 18])
    return schema_from_rows(rows, sheet="日销")


def test_a_date_in_a_format_code():
    for said, shown in (('日期转成"mm-dd"格式的文本', "03-04"), ("日期格式化为yyyy/mm/dd", "2026/03/04"),
                        ("date as dd/mm/yyyy text", "04/03/2026"), ("把日期显示成“03-04”这样", "03-04")):
        r = _answer(said, _sales(), "E2")
        assert r is not None and r.value == shown, (said, r)


def test_jin_to_kilograms():
    for said in ("把斤换算成公斤", "斤换成千克", "折合多少公斤", "公斤数=斤/2"):
        r = _answer(said, _sales(), "E2")
        assert r is not None and r.formula == "=C2/2" and r.value == 1.5, (said, r)


def test_a_fee_stored_as_text_is_added_as_a_number(tmp_path):
    sheet = _xlsx(tmp_path, [["编号", "年费", "代理费"], ["1001", "600", 1500], ["1002", "900", 2500],
                             ["1003", "600", 4500]], name="专利")
    assert sheet.column("年费").text_numbers and not sheet.column("编号").text_numbers
    for said in ("年费加代理费", "年费+代理费 每行合计", "每件年费和代理费加在一起是多少"):
        r = _answer(said, sheet, "D2")
        assert r is not None and r.value == 2100 and "--B2" in r.formula, (said, r)


def test_a_row_sum_through_a_text_column_is_written_cell_by_cell(tmp_path):
    sheet = _xlsx(tmp_path, [["编号", "年费", "代理费"], ["1001", "600", 1500], ["1002", "900", 2500],
                             ["1003", "600", 4500]], name="专利")
    assert convert("=SUM(A{r}:C{r})", sheet) == "=(A{r}+--B{r}+C{r})"
    assert convert("=SUM(C2:C4)", sheet) == "=SUM(C2:C4)"


def test_fill_a_column_with_a_product():
    rows = [["Tool", "Seats", "Cost per seat"], ["Slack", 10, 7.5], ["Zoom", 4, 12.0], ["Figma", 3, 15.0]]
    sheet = schema_from_rows(rows, sheet="Subs")
    for said in ("can you fill D with seats times cost per seat for every row", "fill in seats x cost per seat",
                 "seats times cost per seat, fill it down"):
        r = _answer(said, sheet, "D2")
        assert r is not None and r.value == 75, (said, r)


def _trips(tmp_path, rates=(("Rate per mile", [0.45, 0.2, 0.3]),)):
    import openpyxl

    from o3local.tasks.formula.schema import read_sheet

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Trips"
    for row in [["Driver", "Vehicle", "Miles"], ["Ann", "Car", 40], ["Bo", "Bike", 12], ["Cy", "Van", 30]]:
        ws.append(row)
    other = wb.create_sheet("Rates")
    other.append(["Vehicle"] + [h for h, _ in rates])
    for i, v in enumerate(["Car", "Bike", "Van"]):
        other.append([v] + [vals[i] for _, vals in rates])
    wb.save(tmp_path / "trips.xlsx")
    return read_sheet(tmp_path / "trips.xlsx")


def test_a_rate_on_the_other_tab_named_by_its_first_word(tmp_path):
    sheet = _trips(tmp_path)
    for said in ("miles x rate (rates are on the other tab)", "each trip's miles times the rate for that vehicle",
                 "claim = miles * the vehicle's rate from Rates"):
        r = _answer(said, sheet, "D2")
        assert r is not None and r.value == 18 and "Rates!" in r.formula, (said, r)


def test_two_rates_on_the_other_tab_are_not_guessed(tmp_path):
    sheet = _trips(tmp_path, (("Rate per mile", [0.45, 0.2, 0.3]), ("Rate per hour", [12, 10, 15])))
    r = _answer("miles x rate (rates are on the other tab)", sheet, "D2")
    assert r is None, r  # per mile or per hour: not said
