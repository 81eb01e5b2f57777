"""A per-row lookup on another sheet whose key the request names: "按员工编号匹配科室",
"根据员工编号去人员表查科室", "crew name for each job, looked up by crew code on the Crews tab",
"Crew code -> crew name".  The named key picks the join column when several would do (员工编号
and 姓名 both list each person once); a sheet named like its own column (a 补贴标准 sheet's
补贴标准) is the column when said alone.  These workbooks are our own."""

from __future__ import annotations

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _claims():
    rows = [["单号", "员工编号", "姓名", "金额"]]
    people = [("E07", "周一鸣"), ("E03", "陈可"), ("E11", "刘敏"), ("E07", "周一鸣"), ("E05", "王蕾")]
    for i, (code, name) in enumerate(people):
        rows.append([f"BX{100 + i}", code, name, 120 + 15 * i])
    sheet = schema_from_rows(rows, sheet="报销")
    sheet.others["人员"] = schema_from_rows(
        [["员工编号", "姓名", "科室", "岗位"], ["E03", "陈可", "内科", "护士"], ["E05", "王蕾", "外科", "医生"],
         ["E07", "周一鸣", "内科", "医生"], ["E11", "刘敏", "药房", "药师"]], sheet="人员")
    return sheet


_DEPT = "=INDEX(人员!$C$2:$C$5,MATCH(B2,人员!$A$2:$A$5,0))"


@pytest.mark.parametrize("request_", [
    "按员工编号匹配科室",
    "根据员工编号去人员表查科室",
    "科室：按照员工编号从人员那个sheet带过来",
    "每行的科室，通过员工编号到人员表里查",
])
def test_a_named_key_finds_the_row_on_the_other_sheet(request_):
    assert _answer(request_, _claims(), "E2") == _DEPT


def test_vlookup_asked_by_name_is_written_as_vlookup():
    assert _answer("用vlookup按员工编号查科室", _claims(), "E2") == "=VLOOKUP(B2,人员!$A$2:$C$5,3,FALSE)"


def test_a_column_neither_sheet_has_is_refused():
    assert _answer("按员工编号匹配工资", _claims(), "E2") is None


def _jobs():
    rows = [["Job", "Crew code", "Hours"]]
    for i, code in enumerate(["C2", "C1", "C3", "C2"]):
        rows.append([f"J-{20 + i}", code, 4 + i])
    sheet = schema_from_rows(rows, sheet="Jobs")
    sheet.others["Crews"] = schema_from_rows(
        [["Code", "Crew name", "Day rate"], ["C1", "North", 300], ["C2", "Harbour", 340], ["C3", "Hill", 280]],
        sheet="Crews")
    return sheet


_CREW = "=INDEX(Crews!$B$2:$B$4,MATCH(B2,Crews!$A$2:$A$4,0))"


@pytest.mark.parametrize("request_", [
    "crew name for each job, looked up by crew code on the Crews tab",
    "pull the crew name in from Crews using the Crew code",
    "day rate per job from the Crews sheet, matched on the code",
])
def test_english_names_the_key_the_same_ways(request_):
    got = _answer(request_, _jobs(), "D2")
    want = _CREW if "name" in request_ else _CREW.replace("$B$", "$C$")
    assert got == want


def _shifts():
    rows = [["日期", "姓名", "级别", "时长"]]
    for i, grade in enumerate(["二级", "一级", "三级", "一级"]):
        rows.append([f"2026-11-{i + 2:02d}", f"员工{i}", grade, 8])
    sheet = schema_from_rows(rows, sheet="值班")
    sheet.others["补贴标准"] = schema_from_rows(
        [["级别", "补贴标准"], ["一级", 80], ["二级", 100], ["三级", 120]], sheet="补贴标准")
    return sheet


@pytest.mark.parametrize("request_", ["按级别匹配补贴标准", "从补贴标准表按级别把补贴标准带过来"])
def test_a_sheet_named_like_its_column_still_lets_the_column_be_asked(request_):
    assert _answer(request_, _shifts(), "E2") == "=INDEX(补贴标准!$B$2:$B$4,MATCH(C2,补贴标准!$A$2:$A$4,0))"


def _repairs():
    rows = [["Repair no", "Owner", "Street", "Cost"]]
    for i, (owner, street) in enumerate([("Ann Bell", "Mill Lane"), ("Raj Patel", "High St"), ("Ola Berg", "Kiln Row")]):
        rows.append([301 + i, owner, street, 80 + 10 * i])
    return schema_from_rows(rows, sheet="Repairs")


@pytest.mark.parametrize("request_", [
    "street for repair 302",
    "which street is repair no 302 on?",
    "repair 302 street?",
    "what's the street of repair number 302",
])
def test_a_row_named_by_the_noun_of_its_number_column(request_):
    assert _answer(request_, _repairs(), "F2") == "=INDEX(C2:C4,MATCH(302,A2:A4,0))"


def test_a_number_no_row_holds_is_refused():
    assert _answer("street for repair 999", _repairs(), "F2") is None


def _visits():
    rows = [["日期", "姓名", "电话", "项目"]]
    for i, (name, tel, item) in enumerate([("赵小河", "13900001111", "推拿"), ("钱多多", "13900002222", "艾灸"),
                                           ("赵小河", "13900001111", "拔罐"), ("孙悦", "13900003333", "推拿")]):
        rows.append([f"2026-11-{i + 3:02d}", name, tel, item])
    return schema_from_rows(rows, sheet="到店")


@pytest.mark.parametrize("request_", ["查一下赵小河的手机号", "赵小河电话多少", "查赵小河手机号码"])
def test_one_persons_detail_is_index_match(request_):
    assert _answer(request_, _visits(), "F2") == '=INDEX(C2:C5,MATCH("赵小河",B2:B5,0))'


def test_a_filter_of_one_persons_rows_becomes_index_match():
    from o3local.tasks.formula.filterone import as_index_match

    one = '=FILTER(C2:C5,B2:B5="赵小河")'
    assert as_index_match("what's 赵小河's phone", one, _visits()) == '=INDEX(C2:C5,MATCH("赵小河",B2:B5,0))'
    assert as_index_match("列出赵小河的电话", one, _visits()) is None  # a list asked: FILTER's rows
    assert as_index_match("赵小河做的项目", '=FILTER(D2:D5,B2:B5="赵小河")', _visits()) is None  # two answers


def test_two_answers_for_one_person_stay_refused():
    assert _answer("查一下赵小河的项目", _visits(), "F2") is None  # 推拿 and 拔罐: which one is not guessed
