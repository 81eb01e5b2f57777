"""Rankings, lookups and plain aggregates (round 11, h/frank9), each on a workbook of our own:
year-header sheets whose title says what the numbers are, superlatives whose column is implied,
and asides that leave the sheet's own total row out."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _years() -> object:
    """A sheet of year columns under a title naming the measure: 各水库历年供水量（万吨）."""
    return schema_from_rows([["各水库历年供水量（万吨）"],
                             ["水库", "所在县", 2022, 2023, 2024, 2025],
                             ["东湖", "安平", 120, 130, 128, 140],
                             ["西岭", "安平", 90, 95, 99, 101],
                             ["南坝", "青石", 200, 180, 210, 220],
                             ["北塘", "青石", 60, 70, 65, 80]])


def test_a_shortened_title_measure_names_the_year_columns():
    """"2025年总水量" under 供水量: the title's measure shortened (水量) names the year columns."""
    sheet = _years()
    assert formula("2025年总水量", sheet, method="rules").value == 140 + 101 + 220 + 80


def test_measure_total_count_word_on_year_columns_is_a_sum():
    """"25年供水总数": 总数 after the title's measure is the sum of the year column, not a row count."""
    sheet = _years()
    r = formula("25年供水总数", sheet, method="rules")
    assert r.value == 140 + 101 + 220 + 80, r.formula


def test_measure_with_liang_ranks_a_year_column():
    """"24年供水量最多的水库": the year column is compared, the reservoir named."""
    sheet = _years()
    r = formula("24年供水量最多的水库", sheet, method="rules")
    assert r.value == "南坝", r.formula


def test_a_row_count_word_elsewhere_stays_a_count():
    """Without year columns 总数 after a row noun is not read as a sum."""
    sheet = schema_from_rows([["订单号", "客户", "金额"], ["A1", "甲", 10], ["A2", "乙", 20], ["A3", "甲", 30]])
    try:
        r = formula("订单总数", sheet, method="rules")
    except TaskError:
        return
    assert r.value == 3, r.formula


def _parcels() -> object:
    return schema_from_rows([["单号", "日期", "收件人", "城市", "重量（kg）", "运费", "件数"],
                             ["P01", "2026-11-02", "周一鸣", "杭州", 2.5, 12, 1],
                             ["P02", "2026-11-02", "钱小红", "苏州", 9.8, 30, 2],
                             ["P03", "2026-11-03", "周一鸣", "宁波", 4.1, 18, 1],
                             ["P04", "2026-11-04", "孙立", "杭州", 1.2, 8, 1]])


def test_heaviest_row_noun_and_person_question():
    """"最重的包裹是谁的": 最重 compares the weight column, 包裹 is what one row is, 谁 the recipient
    (each named once: a name on two rows would leave 包裹 unread)."""
    sheet = schema_from_rows([["单号", "收件人", "城市", "重量（kg）"], ["P01", "周一鸣", "杭州", 2.5],
                              ["P02", "钱小红", "苏州", 9.8], ["P03", "孙立", "宁波", 4.1]])
    r = formula("最重的包裹是谁的", sheet, method="rules")
    assert r.value == "钱小红", r.formula


def test_heaviest_then_which_city():
    r = formula("最重的那单寄到哪个城市", _parcels(), method="rules")
    assert r.value == "苏州", r.formula


def test_single_row_most_is_one_row_not_a_total_per_person():
    """"谁一次运费最多": 一次 says one row, though 周一鸣 has two rows."""
    assert formula("谁一次运费最多", _parcels(), method="rules").value == "钱小红"


def test_most_expensive_row_noun_left_over_in_english():
    sheet = schema_from_rows([["Ref", "Date", "Customer", "Town", "Price"],
                              ["W1", "2026-10-01", "Ada Moss", "Hexham", 80],
                              ["W2", "2026-10-03", "Ben Lark", "Corbridge", 140],
                              ["W3", "2026-10-05", "Cy Dunn", "Hexham", 95]])
    assert formula("who had the most expensive repair", sheet, method="rules").value == "Ben Lark"
    # a value left over is a condition, not a row noun: refused rather than ignored
    try:
        r = formula("who had the most expensive repair in Hexham", sheet, method="rules")
    except TaskError:
        return
    assert r.value == "Cy Dunn", r.formula


def test_name_of_a_thing_is_not_the_owner():
    """"name of the heaviest pet": the pet's name is asked, not the owner's; refused where the
    sheet's Pet column is not named."""
    sheet = schema_from_rows([["Owner", "Pet", "Weight (kg)"], ["Jo Park", "Rex", 30], ["Al Vee", "Tig", 4]])
    try:
        r = formula("name of the heaviest animal", sheet, method="rules")
    except TaskError:
        return
    assert r.value == "Rex", r.formula


def test_total_row_aside_in_any_framing():
    """An aside naming the sheet's own total row and saying to leave it out is read, however
    framed; the total row is never in the range."""
    sheet = schema_from_rows([["Order", "Tip"], ["A1", 2.5], ["A2", 4], ["A3", 1.5], ["Total", 8]])
    for req in ("total tips (there's already a total row, don't count it twice)",
                "total tips - leave out the total line at the bottom",
                "sum of tips, ignoring the totals row"):
        assert formula(req, sheet, method="rules").value == 8, req


def test_total_row_aside_zh_with_hang():
    sheet = schema_from_rows([["品名", "金额"], ["水泥", 300], ["钢筋", 500], ["合计", 800]])
    assert formula("金额一共多少（别把合计行算进去）", sheet, method="rules").value == 800


def _months(total: bool = True) -> object:
    rows = [["Van", "Jan", "Feb", "Mar", "Apr"], ["V1", 10, 14, 9, 12], ["V2", 8, 11, 15, 7], ["V3", 5, 6, 4, 9]]
    if total:
        rows.append(["Total", 23, 31, 28, 28])
    return schema_from_rows(rows, sheet="Rentals 2025")


def test_which_month_was_busiest_reads_the_total_row():
    """"which month was busiest overall": the month header over the Total row's largest value."""
    r = formula("which month was busiest overall", _months(), method="rules")
    assert r.formula == "=INDEX(B1:E1,MATCH(MAX(B5:E5),B5:E5,0))" and r.value == "Feb", r.formula
    r = formula("quietest month in 2025?", _months(), method="rules")
    assert r.value == "Jan", r.formula


def test_which_period_without_a_total_row_is_refused():
    try:
        r = formula("which month was busiest overall", _months(total=False), method="rules")
    except TaskError:
        return
    assert r.value == "Feb", r.formula  # a total per month computed some other way, never a guess


def test_which_year_zh_total_row():
    """Under a title naming the measure (各门店历年营业额): 营业额 is what the year columns hold."""
    sheet = schema_from_rows([["各门店历年营业额（万元）"], ["门店", 2022, 2023, 2024], ["一店", 50, 60, 55],
                              ["二店", 40, 30, 70], ["合计", 90, 90, 125]])
    r = formula("哪一年营业额最高", sheet, method="rules")
    assert r.value in (2024, "2024"), r.formula


def _jobs() -> object:
    return schema_from_rows([["工单号", "日期", "业主", "报修类型", "维修工", "费用"],
                             ["WX2611001", "2026-11-01", "周红", "水管", "老李", 80],
                             ["WX2611002", "2026-11-02", "吴芳", "电路", "小马", 120],
                             ["WX2611013", "2026-11-05", "郑强", "门锁", "老李", 60],
                             ["WX2611024", "2026-11-09", "王丽", "水管", "小马", 9013]])


def test_a_code_said_by_its_tail():
    """"1013那单", "工单1013": the month's serial of WX2611013, written without the shared 2611."""
    for req in ("1013那单是谁修的", "工单1013是谁修的"):
        r = formula(req, _jobs(), method="rules")
        assert r.formula == '=INDEX(E2:E5,MATCH("WX2611013",A2:A5,0))', (req, r.formula)


def test_a_bare_number_is_not_read_as_a_code_tail():
    """"费用超过1013的单子有几个": 1013 is an amount here (no code word, no 那单), not WX2611013."""
    try:
        r = formula("费用超过1013的单子有几个", _jobs(), method="rules")
    except TaskError:
        return
    assert "WX2611013" not in r.formula, r.formula


def test_who_did_names_the_doers_column():
    """"who served order B-12": the Server column (the verb's stem), not another text column."""
    sheet = schema_from_rows([["Order No", "Table", "Server", "Dish"], ["B-11", 3, "Nina", "Soup"],
                              ["B-12", 5, "Omar", "Steak"], ["B-13", 2, "Nina", "Pie"]])
    r = formula("who served order B-12", sheet, method="rules")
    assert r.value == "Omar", r.formula


def test_earliest_compares_dates_never_amounts():
    """最早 / 最晚 compare dates or times: never a number column, and a noun after 哪台 that is
    no column (机子) is not answered with the times' column."""
    sheet = schema_from_rows([["机号", "日期", "开机时间", "消费"], ["A01", "2026-11-03", "21:10", 12],
                              ["A02", "2026-11-01", "08:30", 30], ["B01", "2026-11-02", "13:05", 5]])
    try:
        r = formula("哪台机子开机时间最早", sheet, method="rules")
    except TaskError:
        return
    assert "D2:D4" not in r.formula and not r.formula.startswith("=INDEX(C2:C4"), r.formula
