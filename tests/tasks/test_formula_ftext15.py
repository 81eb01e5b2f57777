"""Text pieces per row said the ways people ask for them (issue 16 item 1).

Initials spelled out ("first letter of the first name and of the surname"), a name part "in its
own column" / "next free column", a surname with a title (曹思琪 -> 曹总, X老师), the first N
characters with the results shown in a bracket (车牌前两位（沪A这种）, （RK/CK）), the digits after
a prefix the request names (BY-后面的数字), zero-padded IDs turned into numbers with an example.
Every example a request gives must come out of the formula; values checked on small sheets.
"""

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


def _ask(request, sheet, target):
    return formula(request, sheet, target, method="rules")


@pytest.fixture
def clients():
    return schema_from_rows([
        ["Job", "Client", "Fee"],
        ["J1", "Alice Brook", 120.0],
        ["J2", "Tom Hale", 80.0],
        ["J3", "Priya Shah", 95.0],
    ])


@pytest.mark.parametrize("request_", [
    "first letter of the first name and first letter of the surname from Client",
    "client initials please (first letter of first name + surname)",
    "I want the first letter of each client's first name and last name together",
])
def test_initials_spelled_out(clients, request_):
    r = _ask(request_, clients, "D2")
    assert r.formula == '=LEFT(B2,1)&MID(B2,FIND(" ",B2)+1,1)' and r.value == "AB" and _at(r, clients, 4) == "PS"


def test_a_first_letter_followed_by_the_surname_is_no_initials(clients):
    with pytest.raises(TaskError):  # "A Brook", not "AB"
        _ask("first letter of the first name followed by the surname", clients, "D2")


@pytest.mark.parametrize("request_", [
    "I need the client's last name in its own column",
    "just the surnames pls, next free column",
    "surname of each client in a column of its own",
])
def test_a_surname_placed_in_its_own_column(clients, request_):
    r = _ask(request_, clients, "D2")
    assert r.value == "Brook" and _at(r, clients, 3) == "Hale"


@pytest.fixture
def heads():
    return schema_from_rows([
        ["部门", "负责人", "人数"],
        ["财务部", "曹思琪", 5],
        ["技术部", "王建国", 12],
        ["行政部", "李娜", 3],
    ])


@pytest.mark.parametrize("request_, title", [
    ("负责人称呼：姓加“总”，比如曹思琪就是曹总", "总"),
    ("给负责人生成称呼，X总", "总"),
    ("负责人的称呼，姓+经理", "经理"),
    ("负责人按某老师这样称呼", "老师"),
    ("负责人称呼改成张主任这种", "主任"),
])
def test_a_surname_with_a_title(heads, request_, title):
    r = _ask(request_, heads, "D2")
    assert r.formula == f'=LEFT(B2,1)&"{title}"' and r.value == f"曹{title}" and _at(r, heads, 4) == f"李{title}"


def test_an_example_that_the_formula_does_not_make_is_refused(heads):
    with pytest.raises(TaskError):
        _ask("负责人称呼：姓加“总”，比如曹思琪就是王总", heads, "D2")


def test_two_titles_are_refused(heads):
    with pytest.raises(TaskError):
        _ask("负责人称呼：X总，比如曹思琪就是曹经理", heads, "D2")


def test_a_two_character_surname_is_refused():
    s = schema_from_rows([["部门", "负责人"], ["财务部", "欧阳娜娜"], ["技术部", "王建国"]])
    with pytest.raises(TaskError):
        _ask("给负责人生成称呼，X总", s, "C2")


@pytest.fixture
def plates():
    return schema_from_rows([
        ["单据号", "车牌", "数量"],
        ["RK0012", "沪A12345", 3],
        ["CK0013", "沪B88K21", 5],
        ["RK0014", "苏E0M552", 2],
    ])


@pytest.mark.parametrize("request_, col, first", [
    ("车牌前两位（沪A这种）", "B", "沪A"),
    ("单据号前两位（RK/CK）", "A", "RK"),
    ("取车牌前2位，比如沪A", "B", "沪A"),
    ("first 2 characters of the 单据号 (RK or CK)", "A", "RK"),
])
def test_the_first_characters_with_results_shown(plates, request_, col, first):
    r = _ask(request_, plates, "D2")
    assert r.formula == f"=LEFT({col}2,2)" and r.value == first


def test_a_shown_result_that_no_row_has_is_refused(plates):
    with pytest.raises(TaskError):
        _ask("车牌前两位（京A这种）", plates, "D2")


@pytest.fixture
def vouchers():
    return schema_from_rows([["凭证号", "金额"], ["BY-0004", 50], ["BY-0019", 80], ["BY-0120", 30]])


@pytest.mark.parametrize("request_", ["把凭证号里BY-后面的数字取出来", "凭证号BY-后面的数字", "the digits after BY- in each 凭证号"])
def test_the_digits_after_a_named_prefix(vouchers, request_):
    r = _ask(request_, vouchers, "C2")
    assert r.value == "0004" and _at(r, vouchers, 4) == "0120"


def test_a_prefix_the_values_do_not_have_is_refused(vouchers):
    with pytest.raises(TaskError):
        _ask("把凭证号里BX-后面的数字取出来", vouchers, "C2")


@pytest.fixture
def staff(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in [["Emp ID", "Name"], ["00680", "Ann"], ["00712", "Bo"], ["01005", "Cy"]]:
        ws.append(row)  # IDs kept as text, the way a padded ID column is typed in
    wb.save(tmp_path / "staff.xlsx")
    return read_sheet(tmp_path / "staff.xlsx")


@pytest.mark.parametrize("request_", [
    "The Emp IDs have leading zeros (00680). How do I turn them into plain numbers like 680?",
    "convert Emp ID to a number, e.g. 00712 -> 712",
    "Emp ID without the leading zeros (00680 should be 680)",
])
def test_padded_ids_with_examples(staff, request_):
    r = _ask(request_, staff, "C2")
    assert r.formula == "=VALUE(A2)" and r.value == 680


def test_a_padded_example_that_disagrees_is_refused(staff):
    with pytest.raises(TaskError):
        _ask("Emp ID without the leading zeros (00680 should be 68)", staff, "C2")


@pytest.mark.parametrize("request_", ["车牌号去掉前面的“苏A”", "车牌号去掉开头的“苏A”"])
def test_a_quoted_start_taken_off_the_front(request_):
    s = schema_from_rows([["车牌号", "工时费"], ["苏AD37054", 100], ["苏AG19759", 80]])
    r = _ask(request_, s, "C2")
    assert r.value == "D37054" and _at(r, s, 3) == "G19759"


def test_a_quoted_start_no_value_has_is_refused():
    s = schema_from_rows([["车牌号", "工时费"], ["苏AD37054", 100], ["苏AG19759", 80]])
    with pytest.raises(TaskError):
        _ask("车牌号去掉前面的“京A”", s, "C2")


@pytest.mark.parametrize("rows, request_, formula_, first", [
    ([["Unit", "Phone"], ["1A", "(847) 604-8388"], ["2B", "(773) 660-3509"]], "pull out the area code from the phone", "=MID(B2,2,3)", "847"),
    ([["Unit", "Phone"], ["1A", "847-604-8388"], ["2B", "773-660-3509"]], "area code only, for each tenant", "=LEFT(B2,3)", "847"),
    ([["房号", "电话"], ["101", "021-62345678"], ["102", "0571-8765432"]], "电话的区号单独一列", '=LEFT(B2,FIND("-",B2)-1)', "021"),
])
def test_the_area_code_of_a_phone(rows, request_, formula_, first):
    s = schema_from_rows(rows)
    r = _ask(request_, s, "C2")
    assert r.formula == formula_ and r.value == first


def test_an_area_code_of_phones_of_mixed_shapes_is_refused():
    s = schema_from_rows([["Unit", "Phone"], ["1A", "(847) 604-8388"], ["2B", "07700 900123"]])
    with pytest.raises(TaskError):
        _ask("pull out the area code from the phone", s, "C2")


def test_an_example_bracket_is_written_as_the_example_shows():
    s = schema_from_rows([["工号", "姓名", "部门"], ["1", "王磊", "销售部"], ["2", "李娜", "财务部"]])
    # the brackets the example shows are written (joinshown.py), never dropped (B&C)
    assert _ask("把姓名和部门拼起来，像 王磊(销售部) 这样", s, "D2").formula == '=B2&"("&C2&")"'


def test_a_product_with_a_total_is_no_title():
    s = schema_from_rows([["姓名", "单价", "总数"], ["曹思琪", 5, 2], ["王建国", 3, 4]])
    r = _ask("单价×总数", s, "D2")
    assert r.value == 10


def test_a_placeholder_before_a_word_is_no_title(heads):
    with pytest.raises(TaskError):
        _ask("负责人X总数", heads, "D2")


@pytest.mark.parametrize("request_", ["取车牌前2位，比如京A", "first 2 characters of the 单据号, e.g. XY"])
def test_an_example_no_row_shows_is_refused(plates, request_):
    with pytest.raises(TaskError):
        _ask(request_, plates, "D2")
