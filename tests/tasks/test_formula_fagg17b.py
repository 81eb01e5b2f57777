"""fagg17b: totals and counts over the rows not done yet, Chinese goods counts, whole-unit
rounding.  Our own sheets and phrasings (several people's ways of asking the same thing).

- "still to be / yet to be / left to be <done>" names the blanks of the date column a row is
  done on; a quantity named alone with it is its total ("loads not delivered yet"), and a reading
  that leaves that column out is never the answer (it adds up the done rows too).
- 且 / 并且 / and joining such a blank to another condition keeps both.
- 记录数 / 条记录 count rows; 在住 / 还住着 / 在职 are the rows whose leaving date is blank.
- 桶数, 箱数, 袋数 count goods: added up (never read as marks), and 几桶 / 多少箱 ask for them.
- "to the nearest whole mile / hour / metre" is a whole number, as "whole number" is.
"""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.rows import rounding_clause
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _gravel():
    """Deliveries of gravel: Shipped is blank until the bags go out."""
    rows = [["Ref", "Client", "Town", "Booked", "Shipped", "Bags", "Rate"]]
    towns = ["Ripon", "Thirsk", "Ripon", "Masham", "Thirsk", "Ripon"]
    for i, (town, bags) in enumerate(zip(towns, [4, 2, 6, 5, 3, 8], strict=True)):
        shipped = dt.date(2026, 10, 10 + i) if i % 3 else None
        rows.append([f"G-{200 + i}", f"Client {i}", town, dt.date(2026, 10, 1 + i), shipped, bags, 31.5])
    return schema_from_rows(rows, sheet="Deliveries")


# rows 2 and 5 (G-200, G-203) are not shipped: 4 + 5 bags, one of them in Ripon
_WAITING_BAGS = 9


def test_a_quantity_still_to_be_done_is_the_total_over_the_blanks():
    sheet = _gravel()
    for said in ("how many bags are still to be shipped?", "bags not shipped yet",
                 "total bags yet to be shipped", "bags left to be shipped",
                 "sum of bags with no shipped date", "unshipped bags"):
        r = _answer(said, sheet)
        assert r is not None, said
        assert "E2:E7" in r.formula and r.value == _WAITING_BAGS, (said, r.formula)


def test_a_blank_joined_by_and_keeps_the_other_condition():
    sheet = _gravel()
    for said in ("how many Ripon deliveries and not shipped yet", "bags for Ripon still to be shipped"):
        r = _answer(said, sheet)
        assert r is not None, said
        assert '"Ripon"' in r.formula and "E2:E7" in r.formula, (said, r.formula)


def test_a_reading_that_drops_the_blank_is_never_given():
    r = _answer("how many bags are still to be shipped", _gravel())
    assert r is None or "E2:E7" in r.formula
    # a price is no quantity: "the rate not shipped yet" is not added up
    assert _answer("rate not shipped yet", _gravel()) is None


def _inspections():
    rows = [["编号", "检查日期", "车间", "隐患数", "整改完成日期"]]
    for i, (shop, n) in enumerate([("一车间", 0), ("二车间", 3), ("一车间", 2), ("仓库", 1), ("二车间", 4)]):
        done = dt.date(2026, 11, 5 + i) if i in (1, 3) else None
        rows.append([f"JC-{i + 1:02d}", dt.date(2026, 11, 1 + i), shop, n, done])
    return schema_from_rows(rows, sheet="检查记录")


def test_a_blank_joined_by_qie_keeps_the_other_condition():
    sheet = _inspections()
    # rows with 隐患数 > 0 and no 整改完成日期: JC-03 and JC-05
    for said in ("统计隐患数大于0且整改完成日期为空的记录数", "隐患数大于0并且整改完成日期为空的有几条",
                 "隐患数大于0，整改完成日期为空的有几条"):
        r = _answer(said, sheet)
        assert r is not None, said
        assert r.value == 2, (said, r.formula)


def test_record_count_words_count_rows():
    sheet = _inspections()
    for said in ("二车间的记录数", "有多少条记录是二车间的"):
        r = _answer(said, sheet)
        assert r is not None and r.value == 2, (said, r and r.formula)


def _dorm():
    rows = [["床号", "姓名", "部门", "入住日期", "退宿日期", "月租"]]
    for i, dept in enumerate(["生产部", "品质部", "生产部", "行政部", "生产部"]):
        left = dt.date(2026, 9, 1 + i) if i in (0, 3) else None
        rows.append([f"B{i + 1}", f"员工{i}", dept, dt.date(2025, 3, 1 + i), left, 300])
    return schema_from_rows(rows, sheet="宿舍")


def test_still_living_in_is_the_blank_leaving_date():
    sheet = _dorm()
    for said in ("在住人数", "现在还住着几个人", "还在住的有几个人"):
        r = _answer(said, sheet)
        assert r is not None and r.value == 3, (said, r and r.formula)
    r = _answer("生产部还住着几个人", sheet)
    assert r is not None and r.value == 2, r and r.formula


def test_still_employed_read_as_a_value_where_a_column_says_it():
    rows = [["工号", "姓名", "状态", "离职日期"]]
    for i in range(4):
        rows.append([f"E{i}", f"员工{i}", "在职" if i % 2 else "离职", None if i % 2 else dt.date(2026, 1, 1 + i)])
    r = _answer("在职人数", schema_from_rows(rows, sheet="员工"))
    assert r is not None and '"在职"' in r.formula, r and r.formula


def _water():
    rows = [["日期", "客户", "品牌", "桶数", "单价", "押金"]]
    for i, (who, n) in enumerate([("王老师", 2), ("小区物业", 5), ("王老师", 1), ("李记", 3), ("小区物业", 4)]):
        rows.append([dt.date(2026, 11, 1 + i), who, "景田", n, 16, 30])
    return schema_from_rows(rows, sheet="送水")


def test_goods_counted_in_a_measure_are_added_up():
    sheet = _water()
    for said in ("小区物业桶数", "小区物业的桶数", "小区物业一共要了几桶", "小区物业一共多少桶"):
        r = _answer(said, sheet)
        assert r is not None and r.value == 9, (said, r and r.formula)
    r = _answer("平均每单几桶，保留一位小数", sheet)
    assert r is not None and r.value == 3.0, r and r.formula


def test_whole_units_round_to_no_decimals():
    for said in ("average hours, nearest whole hour", "average length (to the nearest whole metre)",
                 "total weight rounded to the nearest whole kilo", "round each fare to the nearest whole pound in col F"):
        clause = rounding_clause(said)
        assert clause is not None and clause[2] == 0, said
    assert rounding_clause("round up each order to the next whole box in col G")[4] == "ROUNDUP"
    # "whole" of something that is no unit, and "to whole ..." with no rounding said, are not a clause
    assert rounding_clause("average hours over the whole year") is None
    assert rounding_clause("split the fares to whole miles") is None
