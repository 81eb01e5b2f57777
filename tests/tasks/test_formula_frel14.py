"""Relative dates, round 14: a countdown to each row's date or the days past it, from the day the
request pins (written DATE(y,m,d)) or from today where it says so ("days until the wedding",
"离到期还有几天（按2026年12月6日算）", "逾期几天（截至…）"), and 本月 / 上个月 said plainly as
the month of the day asked.  Sheets of our own; the refusals where the reading must not fire."""

from __future__ import annotations

import datetime as dt

import pytest

from o3local.errors import O3Error
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import schema_from_rows

D = dt.datetime


@pytest.fixture(autouse=True)
def _asked_on(monkeypatch):
    monkeypatch.setenv("O3_TODAY", "2026-12-06")


def _ask(request: str, schema, target: str | None = None):
    return formula(request, schema, target, method="rules")


def _weddings():
    """A caterer's bookings: one date column, the wedding day."""
    rows = [["Couple", "Venue", "Wedding Date", "Guests"]]
    for i, d in enumerate([D(2026, 12, 19), D(2027, 1, 9), D(2027, 3, 6), D(2026, 11, 28)]):
        rows.append([f"Couple {i}", f"Hall {i % 2}", d, 80 + 10 * i])
    return schema_from_rows(rows)


def _contracts():
    """合同台账: 签订日期 and 到期日期, and no column that says whether one was settled."""
    rows = [["合同编号", "对方单位", "签订日期", "到期日期", "金额"]]
    for i, (a, b) in enumerate([(D(2025, 12, 1), D(2026, 12, 31)), (D(2026, 1, 15), D(2026, 11, 30)),
                                (D(2026, 3, 1), D(2027, 2, 28))]):
        rows.append([f"HT{i}", f"单位{i}", a, b, 10000 * (i + 1)])
    return schema_from_rows(rows)


def _shop():
    """门店流水: one date column over November and December 2026."""
    rows = [["日期", "门店", "营业额"]]
    for i, d in enumerate([D(2026, 11, 3), D(2026, 11, 15), D(2026, 11, 28), D(2026, 12, 1), D(2026, 12, 3),
                           D(2026, 12, 5)]):
        rows.append([d, f"店{i % 2}", 1000 + 100 * i])
    return schema_from_rows(rows)


@pytest.mark.parametrize("request_", ["days until the wedding from today", "how many days left until each wedding",
                                      "days to go until the wedding date"])
def test_days_until_the_one_date_from_today(request_):
    a = _ask(request_, _weddings(), "E2")
    assert a.formula == "=C2-TODAY()"


def test_days_until_a_pinned_day_is_written_as_a_date():
    a = _ask("days remaining until the wedding as of 7 Dec 2026", _weddings(), "E2")
    assert a.formula == "=C2-DATE(2026,12,7)"
    assert evaluate(a.formula, _weddings()).value == 12


@pytest.mark.parametrize("request_", ["离到期还有几天（按2026年12月6日算）", "按2026年12月6日算，每份合同离到期还剩多少天",
                                      "距离到期日还有多少天，2026-12-06算起"])
def test_zh_days_left_to_the_deadline_column(request_):
    a = _ask(request_, _contracts(), "F2")
    assert a.formula == "=D2-DATE(2026,12,6)"
    assert evaluate(a.formula, _contracts()).value == 25


def test_days_overdue_from_a_pinned_day_never_below_zero():
    s = _contracts()
    a = _ask("逾期几天（截至2026年12月20日）", s, "F3")
    assert a.formula == "=MAX(0,DATE(2026,12,20)-D3)"
    assert evaluate(a.formula, s).value == 20
    assert evaluate(a.formula.replace("D3", "D2"), s).value == 0
    assert _ask("days overdue as of 20 Dec 2026", s, "F3").formula == "=MAX(0,DATE(2026,12,20)-D3)"


def test_days_overdue_beside_a_paid_column_is_refused():
    rows = [["Invoice", "Due Date", "Paid Date", "Amount"], ["A1", D(2026, 11, 1), D(2026, 11, 20), 100],
            ["A2", D(2026, 11, 15), None, 200]]
    with pytest.raises(O3Error):
        _ask("days overdue as of 6 Dec 2026", schema_from_rows(rows), "E2")


def test_days_overdue_with_two_dates_and_no_day_said_is_refused():
    with pytest.raises(O3Error):  # not the gap from 签订日期 to 到期日期
        _ask("逾期天数", _contracts(), "F2")


def test_a_deadline_said_as_the_date_is_not_the_day_counted_from():
    rows = [["户主", "缴款日"], ["张三", D(2026, 12, 12)], ["李四", D(2026, 12, 8)]]
    with pytest.raises(O3Error):
        _ask("12月10日截止，算每户逾期几天", schema_from_rows(rows), "C2")


@pytest.mark.parametrize(("request_", "value"), [("本月营业额合计", 1300 + 1400 + 1500), ("这个月一共几笔", 3),
                                                 ("上个月营业额合计", 1000 + 1100 + 1200), ("上月店0的营业额", 1000 + 1200)])
def test_zh_this_and_last_month_said_plainly(request_, value):
    a = _ask(request_, _shop())
    assert a.value == value
    assert "DATE(2026," in a.formula


def test_zh_this_month_inside_a_header_is_the_column():
    rows = [["品名", "类别", "期初库存", "本月售出", "最后进货日期"]]
    for i, d in enumerate([D(2026, 12, 1), D(2026, 11, 20), D(2026, 12, 4)]):
        rows.append([f"货{i}", "鱼竿" if i != 1 else "鱼线", 50, 10 + i, d])
    a = _ask("鱼竿类本月售出合计", schema_from_rows(rows))
    assert "DATE(" not in a.formula and a.value == 10 + 12


def _takings():
    """Daily takings over November and December 2026 (no row on 6 Nov or 29 Nov, the days the two
    countings of "the last 30 / 7 days" differ on)."""
    rows = [["Date", "Shop", "Sales"]]
    for i, d in enumerate([D(2026, 10, 20), D(2026, 11, 3), D(2026, 11, 15), D(2026, 11, 28), D(2026, 12, 1),
                           D(2026, 12, 1), D(2026, 12, 3), D(2026, 12, 5)]):
        rows.append([d, f"S{i % 2}", 1000 + 100 * i])
    return schema_from_rows(rows)


@pytest.mark.parametrize(("request_", "value"), [
    ("total sales in the last 30 days", 1200 + 1300 + 1400 + 1500 + 1600 + 1700),
    ("sales over the past 7 days", 1400 + 1500 + 1600 + 1700),
    ("total sales for S1 in the previous 7 days", 1500 + 1700)])
def test_the_last_n_days_end_on_the_day_asked(request_, value):
    a = _ask(request_, _takings())
    assert a.value == value
    assert 'A9,"<="&DATE(2026,12,6)' in a.formula


@pytest.mark.parametrize(("request_", "value"), [("近30天营业额合计", 8700), ("最近7天的营业额", 6200),
                                                 ("过去7天有几笔", 4)])
def test_zh_the_last_n_days(request_, value):
    rows = [["日期", "门店", "营业额"]]
    for i, d in enumerate([D(2026, 10, 20), D(2026, 11, 3), D(2026, 11, 15), D(2026, 11, 28), D(2026, 12, 1),
                           D(2026, 12, 1), D(2026, 12, 3), D(2026, 12, 5)]):
        rows.append([d, f"店{i % 2}", 1000 + 100 * i])
    assert _ask(request_, schema_from_rows(rows)).value == value


def test_the_last_n_days_with_a_row_on_the_day_the_countings_differ_on_is_refused():
    rows = [["Date", "Sales"], [D(2026, 11, 6), 100], [D(2026, 11, 20), 200], [D(2026, 12, 2), 300]]
    with pytest.raises(O3Error):  # 6 Nov: in "from 30 days ago", not in "today and the 29 days before"
        _ask("total sales in the last 30 days", schema_from_rows(rows))


@pytest.mark.parametrize(("request_", "value"), [("total sales on 2026-12-01", 2900), ("sales since 2026-12-03", 3300),
                                                 ("2026-12-01的营业额", None)])
def test_an_iso_date_is_a_day(request_, value):
    if value is None:  # (the Chinese form on a Chinese sheet)
        rows = [["日期", "营业额"], [D(2026, 12, 1), 500], [D(2026, 12, 1), 700], [D(2026, 12, 2), 100]]
        assert _ask(request_, schema_from_rows(rows)).value == 1200
        return
    assert _ask(request_, _takings()).value == value
