"""Per-row readers on phrasings none of the dev sets holds (issue 16 item 1: generalize, not memorize).

Each test is one general structure of a family, tried in several surface orders
and both languages on a small sheet written here: IF labels in any order
("<A> if <cond>, otherwise <B>", "<A> for <cond>", "mark ... as <A>, others <B>"),
quantifiers over the marks columns, dates against a year, the part of a date the
phrase is headed by, shifts of N days/weeks/months, days between two date columns,
a date shown like an example.  Values are checked on the target row and another.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def shop():
    return schema_from_rows([
        ["Clerk", "Store", "Qty", "Min Stock", "Revenue", "Cost", "Status", "Opened", "Shipped"],
        ["Mia Park", "Leeds", 4, 10, 1200.0, 700.0, "Open", dt.date(2024, 2, 29), dt.date(2024, 3, 10)],
        ["Raj Das", "York", 25, 10, 800.0, 900.0, "Closed", dt.date(2023, 12, 3), dt.date(2024, 1, 3)],
        ["Lea Roy", "Leeds", 0, 5, 3000.0, 1000.0, "Open", dt.date(2025, 7, 14), dt.date(2025, 8, 1)],
    ])


@pytest.fixture
def ban():
    return schema_from_rows([
        ["姓名", "部门", "物理", "化学", "生物", "入职日期", "销售额", "成本", "数量"],
        ["甲", "销售部", 95, 58, 77, dt.date(2019, 3, 5), 12000.0, 8000.0, 3],
        ["乙", "财务部", 61, 72, 60, dt.date(2021, 7, 9), 9000.0, 9500.0, 10],
        ["丙", "销售部", 45, 88, 90, dt.date(2015, 1, 20), 15000.0, 7000.0, 7],
    ])


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)).replace("{p}", str(row - 1)), s).value


def test_english_labels_without_quotes_in_any_order(shop):
    r = formula("High if revenue is over 1000, otherwise Low", shop, "J2", method="rules")
    assert r.formula == '=IF(E2>1000,"High","Low")' and _at(r, shop, 3) == "Low"
    r = formula("Big for revenue of at least 1000, else Small", shop, "J3", method="rules")
    assert r.formula == '=IF(E3>=1000,"Big","Small")' and r.value == "Small"
    r = formula("mark rows where revenue exceeds cost as Profitable, others Loss", shop, "J3", method="rules")
    assert r.formula == '=IF(E3>F3,"Profitable","Loss")' and r.value == "Loss"
    r = formula("Low stock when qty is under the min stock", shop, "J2", method="rules")
    assert r.formula == '=IF(C2<D2,"Low stock","")' and _at(r, shop, 3) == ""
    r = formula("Yes when the store is York or Leeds, otherwise No", shop, "J2", method="rules")
    assert r.formula == '=IF(OR(B2="York",B2="Leeds"),"Yes","No")'
    # a column as a branch only when the branch is its name
    r = formula("Revenue when status is Open, else blank", shop, "J3", method="rules")
    assert r.formula == '=IF(G3="Open",E3,"")' and r.value == "" and _at(r, shop, 4) == 3000


def test_the_other_label_of_a_known_pair(shop):
    r = formula("Pass when revenue is at least 1000", shop, "J2", method="rules")
    assert r.formula == '=IF(E2>=1000,"Pass","Fail")'
    r = formula("out of stock if qty is 0", shop, "J4", method="rules")
    assert r.formula == '=IF(C4=0,"out of stock","in stock")' and r.value == "out of stock"
    r = formula("flag Hot if qty is 0", shop, "J2", method="rules")  # no known opposite: blank
    assert r.formula == '=IF(C2=0,"Hot","")'


def test_between_and_a_date_against_a_year(shop, ban):
    r = formula('"Mid" if revenue is between 500 and 1500, otherwise "Other"', shop, "J2", method="rules")
    assert r.formula == '=IF(AND(E2>=500,E2<=1500),"Mid","Other")' and _at(r, shop, 4) == "Other"
    assert formula("销售额在10000到13000之间的为中等", ban, "J2", method="rules").value == "中等"
    r = formula("Senior if opened before 2024", shop, "J3", method="rules")
    assert r.formula == '=IF(YEAR(H3)<2024,"Senior","")' and r.value == "Senior"
    r = formula("2018年以前入职的显示老员工", ban, "J4", method="rules")
    assert r.formula == '=IF(YEAR(F4)<2018,"老员工","")' and r.value == "老员工"


def test_all_or_any_of_the_marks(ban):
    # 数量 is whole numbers too, but a quantity is not a mark
    r = formula("三科都在60分以上的为优秀，否则一般", ban, "J2", method="rules")
    assert r.formula == '=IF(AND(C2>=60,D2>=60,E2>=60),"优秀","一般")' and _at(r, ban, 3) == "优秀"
    r = formula("任一科低于60的标记补考", ban, "J3", method="rules")
    assert r.formula == '=IF(OR(C3<60,D3<60,E3<60),"补考","")' and r.value == ""
    with pytest.raises(TaskError):  # four subjects named, three on the sheet
        formula("四科都及格的为合格", ban, "J2", method="rules")


def test_the_head_of_the_phrase_picks_the_part_of_a_date(shop, ban):
    assert formula("day of the month of the opened date", shop, "J2", method="rules").formula == "=DAY(H2)"
    assert formula("month of the opened day", shop, "J2", method="rules").formula == "=MONTH(H2)"
    assert formula("入职日期中的年", ban, "J2", method="rules").formula == "=YEAR(F2)"
    assert formula("入职日期中的日", ban, "J2", method="rules").formula == "=DAY(F2)"
    assert formula("入职日期是星期几（周一为1）", ban, "J2", method="rules").formula == "=WEEKDAY(F2,2)"
    assert formula("opened month as a short name", shop, "J2", method="rules").value == "Feb"


def test_dates_shifted_between_and_shown_like_an_example(shop, ban):
    assert formula("30 days after the opened date", shop, "J2", method="rules").formula == "=H2+30"
    assert formula("opened minus 2 months", shop, "J2", method="rules").formula == "=EDATE(H2,-2)"
    assert formula("入职日期加3个月", ban, "J2", method="rules").formula == "=EDATE(F2,3)"
    assert formula("a 6-month warranty: opened plus 6 months", shop, "J2", method="rules").formula == \
        "=EDATE(H2,6)"
    r = formula("how many days from opened to shipped", shop, "J3", method="rules")
    assert r.formula == "=I3-H3" and r.value == 31
    staff = schema_from_rows([["Name", "Born"], ["A", dt.date(1990, 3, 2)], ["B", dt.date(2000, 2, 28)],
                              ["C", dt.date(1985, 12, 31)]])
    r = formula("how old was each person on Mar 1 2025", staff, "C2", method="rules")
    assert r.formula == '=DATEDIF(B2,DATE(2025,3,1),"Y")' and r.value == 34 and _at(r, staff, 3) == 25
    r = formula("opened date shown like 2024/02/29", shop, "J3", method="rules")
    assert r.formula == '=TEXT(H3,"yyyy/mm/dd")' and r.value == "2023/12/03"
    with pytest.raises(TaskError):  # 13 cannot be a month: the example does not say which is which
        formula("opened date shown like 13/13/2024", shop, "J2", method="rules")
