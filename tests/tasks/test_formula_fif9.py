"""IF labels that compose (issue 16, eleventh round): the same reading however the request is framed.

A pair of labels named once and one of them defined ("Senior or Junior (senior is grade 6+)",
按重量分大件小件（>=10kg算大件）), one rule and its "otherwise" ("grade 6 and up = Senior,
everyone else Junior", "certified -> Can belay, else ..."), the else clause said as the condition
negated with no 的 ("，不是就标进行中"), a unit glued to the number that names the column ("10公斤及以上",
"不少于60场", "多于20台"), a value said with its column and 的 ("评分5分的"), "空的不填".
Sheets written here; values checked by the engine.
"""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


@pytest.fixture
def pupils():
    return schema_from_rows([
        ["Pupil", "Class", "Level", "Cert", "Fee"],
        ["Ann", "Tap", 7, "Yes", 40],
        ["Bo", "Ballet", 3, "No", 35],
        ["Cy", "Tap", 6, "Yes", 40],
    ])


@pytest.mark.parametrize("request_", [
    "label each pupil Senior or Junior (senior is level 6+)",
    "senior/junior by level (6 or more is senior)",
    "level 6 and up = Senior, everyone else Junior",
    "level 6 or more -> Senior, the rest Junior",
])
def test_a_pair_and_a_definition_or_one_rule_and_the_rest(pupils, request_):
    r = formula(request_, pupils, "F2", method="rules")
    assert r.formula == '=IF(C2>=6,"Senior","Junior")'
    assert [r.value, _at(r, pupils, 3), _at(r, pupils, 4)] == ["Senior", "Junior", "Senior"]


def test_a_yes_no_column_named_by_a_longer_form_of_its_header(pupils):
    r = formula("teaching status: certified -> Can teach, else Needs training", pupils, "F2", method="rules")
    assert r.formula == '=IF(D2="Yes","Can teach","Needs training")' and _at(r, pupils, 3) == "Needs training"


def test_a_value_said_in_capitals_is_not_the_pronoun_it():
    s = schema_from_rows([["Name", "Team", "Pay"], ["Al", "IT", 1], ["Bea", "Sales", 2], ["Cai", "Finance", 3]])
    r = formula("Back office for IT or Finance staff, otherwise Front office", s, "D2", method="rules")
    assert [r.value, _at(r, s, 3), _at(r, s, 4)] == ["Back office", "Front office", "Back office"]


@pytest.fixture
def parcels():
    return schema_from_rows([
        ["运单号", "收件人", "入库日期", "重量（kg）", "到付（元）"],
        ["SF01", "张三", "2026-11-01", 12.5, 0],
        ["SF02", "李四", "2026-11-02", 3.0, 8],
        ["SF03", "王五", "2026-11-02", 10.0, 0],
    ])


@pytest.mark.parametrize("request_", ["10公斤及以上标大件，其他小件", "按重量分大件小件（>=10kg算大件）"])
def test_a_unit_names_the_column_and_a_pair_is_split(parcels, request_):
    r = formula(request_, parcels, "F2", method="rules")
    assert r.formula == '=IF(D2>=10,"大件","小件")'
    assert [r.value, _at(r, parcels, 3), _at(r, parcels, 4)] == ["大件", "小件", "大件"]


def test_a_measure_word_after_the_number():
    s = schema_from_rows([["日期", "汽油（升）", "洗车次数", "班长"],
                          ["2026-11-01", 300, 25, "老王"], ["2026-11-02", 280, 12, "老李"], ["2026-11-03", 310, 20, "老王"]])
    r = formula("洗车多于20台标忙", s, "E2", method="rules")
    assert r.formula == '=IF(C2>20,"忙","")' and r.value == "忙" and _at(r, s, 4) == ""


def test_the_else_clause_said_as_the_condition_negated_without_de():
    s = schema_from_rows([["项目", "负责人", "预算（万元）", "完成进度"],
                          ["官网改版", "刘", 12, 1], ["仓库盘点", "周", 3, 0.4]])
    r = formula("完成进度是100%就标已完成，不是就标进行中", s, "E2", method="rules")
    assert r.formula == '=IF(D2=1,"已完成","进行中")' and _at(r, s, 3) == "进行中"


@pytest.fixture
def visits():
    return schema_from_rows([["单号", "客户", "服务类型", "时长（小时）", "客户评分", "考核成绩"],
                             ["P1", "陈", "保洁", 3, 5, 70], ["P2", "林", "做饭", 2, 4, None], ["P3", "何", "保洁", 4, 5, 50]])


def test_a_value_said_with_its_column_and_de(visits):
    r = formula("评分5分的标“好评”", visits, "G2", method="rules")
    assert r.formula == '=IF(E2=5,"好评","")' and _at(r, visits, 3) == ""


def test_empty_scores_left_empty_when_the_request_says_so(visits):
    r = formula("考核成绩>=60写及格，不到60写不及格，空的不填", visits, "G2", method="rules")
    assert [r.value, _at(r, visits, 3), _at(r, visits, 4)] == ["及格", "", "不及格"]


def test_a_second_threshold_in_the_negated_else_is_not_dropped(visits):
    # "，不满3写B" after "满5写A": two rules, not one and its opposite (read clause by clause since
    # h/fzhcond14: the rows between are left blank)
    r = formula("客户评分满5写好评，不满3写差评", visits, "G2", method="rules")
    assert r.formula == '=IF(E2>=5,"好评",IF(E2<3,"差评",""))'
    assert _at(r, visits, 3) == ""


@pytest.fixture
def repairs():
    return schema_from_rows([["Job", "Customer", "Booked in", "Settled", "Price"],
                             ["R1", "Ames", "2026-10-01", "2026-10-09", 80],
                             ["R2", "Binns", "2026-10-03", None, 120],
                             ["R3", "Cole", "2026-10-04", "2026-10-20", 60]])


def test_a_date_column_named_by_another_form_of_its_verb(repairs):
    r = formula("say Open when there's no settlement date, else Closed", repairs, "F2", method="rules")
    assert r.formula == '=IF(D2="","Open","Closed")' and _at(r, repairs, 3) == "Open" and r.value == "Closed"


def test_two_capitalised_labels_depending_on_a_date_being_there(repairs):
    r = formula("put Closed or Open depending on whether theres a settlement date", repairs, "F2", method="rules")
    assert [r.value, _at(r, repairs, 3), _at(r, repairs, 4)] == ["Closed", "Open", "Closed"]


def test_a_class_with_no_other_class_said_is_not_guessed():
    # "算热门" names one class; the other rows' (blank? 一般?) is not said
    s = schema_from_rows([["剧目", "类型", "2025"], ["雷雨", "话剧", 80], ["茶馆", "话剧", 40]])
    with pytest.raises(TaskError):
        formula("25年>=60场算热门", s, "D2", method="rules")
    r = formula("2025年不少于60场的标“热门”，否则“一般”", s, "D2", method="rules")
    assert r.formula == '=IF(C2>=60,"热门","一般")' and _at(r, s, 3) == "一般"
