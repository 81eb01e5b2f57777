"""Lookups the sixteenth round's lookup helper taught the rules: the row of a day said as a date
(several rows of the day when each gives the same answer; 12/12/2026 is a date either way round),
a weekday column that is no column of people, a person's own number ("what's Rita's number", a
parent's number on a pupils' sheet), and a Chinese given name for the person (诗雨 for 郭诗雨).
The near misses are refused.  These workbooks are our own."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _value(request, sheet):
    r = _answer(request, sheet)
    assert r is not None, request
    ev = evaluate(r.formula, sheet)
    assert ev.ok, (request, r.formula, ev.error)
    return ev.value


def _stalls():
    """A market trader's log: two rows on 5 Dec (one market), two on 6 Dec (two markets)."""
    rows = [["Date", "Market", "Item", "Qty"],
            [dt.date(2026, 12, 5), "Morpeth", "Jam", 4],
            [dt.date(2026, 12, 5), "Morpeth", "Chutney", 2],
            [dt.date(2026, 12, 6), "Hexham", "Jam", 3],
            [dt.date(2026, 12, 6), "Corbridge", "Honey", 1],
            [dt.date(2026, 12, 12), "Alnwick", "Jam", 6]]
    return schema_from_rows(rows, sheet="Stalls")


def test_the_market_of_a_day_with_several_rows_of_one_market():
    for said in ("which market was I at on 5 Dec 2026?", "market on 2026-12-05"):
        assert _value(said, _stalls()) == "Morpeth", said


def test_a_day_of_two_markets_is_refused():
    assert _answer("which market was I at on 6 Dec 2026?", _stalls()) is None
    assert _answer("which item did I sell on 5 Dec 2026", _stalls()) is None  # Jam or Chutney


def test_a_slashed_date_with_day_and_month_alike_is_a_date():
    assert _value("market on 12/12/2026", _stalls()) == "Alnwick"


def _rota():
    rows = [["日期", "星期", "营业额", "值班"]]
    staff = ["小雨", "阿强", "小雨", "老周"]
    days = ["周一", "周二", "周三", "周四"]
    for i, (who, day) in enumerate(zip(staff, days, strict=True)):
        rows.append([dt.date(2026, 11, 2 + i), day, 1000 + 100 * i, who])
    return schema_from_rows(rows, sheet="排班")


def test_who_is_on_duty_on_a_day_beside_a_weekday_column():
    for said in ("2026年11月3日是谁值班", "2026-11-03值班的是谁"):
        assert _value(said, _rota()) == "阿强", said


def _members():
    rows = [["Member", "Phone", "Plan", "Visits"],
            ["Rita Sousa", "07700 900111", "Gold", 4],
            ["Omar Haddad", "07700 900222", "Silver", 2],
            ["Lena Fox", "07700 900333", "Gold", 7]]
    return schema_from_rows(rows, sheet="Members")


def test_a_persons_number_is_their_phone():
    for said, phone in (("what's Rita's number", "07700 900111"), ("Omar Haddad's mobile?", "07700 900222"),
                        ("number for lena fox", "07700 900333"), ("what number do we have for Rita", "07700 900111")):
        assert _value(said, _members()) == phone, said


def test_a_number_of_something_else_is_no_phone():
    r = _answer("Rita's number of visits", _members())
    assert r is None or "B2:B4" not in r.formula, r.formula
    assert _answer("Gold's number", _members()) is None  # a plan has no phone


def _pupils():
    rows = [["Pupil", "Class", "Parent phone", "Paid"]]
    for i, (name, cls) in enumerate([("Evie Reid", "6A"), ("Sam Cole", "6B"), ("Ava Shah", "6A")]):
        rows.append([name, cls, f"07800 00000{i}", 20 + i])
    return schema_from_rows(rows, sheet="Trip")


def test_a_parents_number_on_a_pupils_sheet():
    for said in ("evie's mum's number?", "Evie Reid's dad's phone", "phone for evie reid's mum",
                 "parent's number for Evie Reid"):
        assert _value(said, _pupils()) == "07800 000000", said


def _own_phones():
    rows = [["Pupil", "Phone", "Class"], ["Evie Reid", "0781 111", "6A"], ["Sam Cole", "0782 222", "6B"]]
    return schema_from_rows(rows, sheet="Pupils")


def test_a_parents_number_is_not_the_pupils_own():
    assert _answer("evie's mum's number", _own_phones()) is None
    assert _value("evie's number", _own_phones()) == "0781 111"


def _students():
    rows = [["学号", "姓名", "电话", "课程"],
            ["S01", "郭诗雨", "13800000001", "钢琴"],
            ["S02", "王浩然", "13800000002", "吉他"],
            ["S03", "李浩然", "13800000003", "鼓"]]
    return schema_from_rows(rows, sheet="学员")


def test_a_chinese_given_name_names_the_person():
    assert _value("诗雨的电话", _students()) == 13800000001


def test_a_given_name_two_people_share_is_refused():
    assert _answer("浩然的电话", _students()) is None


def _tasks():
    rows = [["Task", "Owner", "Start date", "Due date"],
            ["Logo refresh", "Priya", dt.date(2026, 11, 2), dt.date(2026, 11, 20)],
            ["Price list", "Tom", dt.date(2026, 11, 5), dt.date(2026, 12, 1)]]
    return schema_from_rows(rows, sheet="Tasks")


def test_when_a_value_is_due_reads_the_date_column_the_verb_names():
    assert _value("when is the price list due", _tasks()) == _value("due date of price list", _tasks())
    assert _value("when did the logo refresh start", _tasks()) == _value("start date of logo refresh", _tasks())


def test_when_with_no_verb_beside_two_dates_is_refused():
    assert _answer("when is the price list", _tasks()) is None


def _loans():
    rows = [["单号", "借阅人", "借阅日期", "页数"],
            ["J01", "王芳", dt.date(2026, 10, 3), 120],
            ["J02", "李雷", dt.date(2026, 10, 5), 80],
            ["J03", "赵敏", dt.date(2026, 10, 9), 45]]
    return schema_from_rows(rows, sheet="借阅")


def test_a_column_named_like_the_date_columns_stem_keeps_its_name():
    # 借阅人 is its own column, not 借阅日期 with 人 after it
    for said in ("2026年10月5日的借阅人是谁", "2026-10-05借阅人"):
        assert _value(said, _loans()) == "李雷", said
