"""Rounding asks the eighteenth round read (issue 16, rounding): a Chinese clause that names the
unit kept (四舍五入到元 / 取到百元 / 保留到角 / 精确到十位), wherever it stands; a bare "，整数";
a leading "round the X" with no places said (a whole number); "with no decimals".
Each ask is written as several people would type it.  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _fruit():
    rows = [["日期", "品种", "斤数", "单价", "货款", "客户"]]
    for i in range(8):
        rows.append([f"2026-11-{i + 1:02d}", ["苹果", "香蕉"][i % 2], 3.5 + i, 4.25 + i / 10, 15.37 + 7.31 * i, f"客户{i}"])
    return schema_from_rows(rows, sheet="水果账")


def _visits():
    rows = [["Visit", "Client", "Distance", "Fee"]]
    for i in range(6):
        rows.append([f"V{i}", f"C{i % 3}", 3.26 + 1.7 * i, 40.5 + 3.35 * i])
    return schema_from_rows(rows, sheet="Visits")


def test_money_rounded_to_the_unit_named():
    sheet = _fruit()
    for ask in ("货款四舍五入到元", "每一笔的货款精确到元", "货款取到元，每行都要", "G列把货款四舍五入到整数元",
                "货款保留到元"):
        assert _answer(ask, sheet, "G2") == "=ROUND(E2,0)", ask
    for ask in ("货款精确到角", "货款四舍五入到毛"):
        assert _answer(ask, sheet, "G2") == "=ROUND(E2,1)", ask
    for ask in ("货款四舍五入到十元", "货款取到10元"):
        assert _answer(ask, sheet, "G2") == "=ROUND(E2,-1)", ask


def test_a_per_row_computation_rounded_to_a_unit():
    sheet = _fruit()
    assert _answer("斤数×单价，四舍五入到分", sheet, "G2") == "=ROUND(C2*D2,2)"
    assert _answer("货款除以斤数，精确到分", sheet, "G2") == "=ROUND(E2/C2,2)"
    assert _answer("货款向上取整到十元", sheet, "G2") == "=ROUNDUP(E2,-1)"


def test_an_average_rounded_to_hundreds():
    sheet = _fruit()
    for ask in ("苹果的平均货款（取到百元）", "苹果平均货款多少，四舍五入到百元", "苹果的货款平均值 精确到百位"):
        assert _answer(ask, sheet) == '=ROUND(AVERAGEIF(B2:B9,"苹果",E2:E9),-2)', ask


def test_a_bare_whole_number_clause():
    sheet = _fruit()
    for ask in ("货款，整数", "货款（整数）", "货款，要整数"):
        assert _answer(ask, sheet, "G2") == "=ROUND(E2,0)", ask


def test_minutes_and_shares_are_not_money_units():
    sheet = _fruit()
    # 分钟 after 精确到 is a time, 百分比 a share: neither is read as 分 or 百元
    assert _answer("货款精确到分钟", sheet, "G2") != "=ROUND(E2,2)"
    assert _answer("货款精确到百分比", sheet, "G2") != "=ROUND(E2,-2)"


def test_round_said_first_with_no_places_is_a_whole_number():
    sheet = _visits()
    for ask in ("round the Distance column into E", "can you round distance", "Round off the distance for every visit",
                "please round the distances"):
        assert _answer(ask, sheet, "E2") == "=ROUND(C2,0)", ask
    assert _answer("round up the distance", sheet, "E2") == "=ROUNDUP(C2,0)"
    assert _answer("round distance to 1 dp", sheet, "E2") == "=ROUND(C2,1)"


def test_with_no_decimals():
    sheet = _visits()
    for ask in ("Distance with no decimals", "fee with no decimal places", "Distance, no decimals"):
        got = _answer(ask, sheet, "E2")
        assert got in ("=ROUND(C2,0)", "=ROUND(D2,0)"), (ask, got)
