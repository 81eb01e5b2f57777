"""Single-answer requests read generally (issue 16 item 2/3): no operation word, year and
month conditions, comparisons without a column, derived totals, sheet shapes.

Sheets and requests written here (not the dev set's).  Each answer's value is
checked, and so is a refusal where a guess would be wrong.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import read_sheet, schema_from_rows


@pytest.fixture
def claims():
    return schema_from_rows([
        ["Date", "Clerk", "Type", "Amount", "State"],
        [dt.date(2024, 7, 3), "Okoro", "Hotels", 420.0, "Open"],
        [dt.date(2024, 7, 19), "Lindqvist", "Taxi", 35.5, "Paid"],
        [dt.date(2024, 8, 2), "Okoro", "Taxi", 61.0, "Paid"],
        [dt.date(2024, 8, 30), "Mbeki", "Hotels", 980.0, "Open"],
        [dt.date(2024, 9, 12), "Lindqvist", "Hotels", 610.0, "Paid"],
    ])


@pytest.fixture
def mendian():
    return schema_from_rows([
        ["日期", "店员", "片区", "营业额", "成本"],
        [dt.date(2024, 3, 2), "马超", "东北片区", 360.0, 200.0],
        [dt.date(2024, 3, 20), "黄忠", "西北片区", 450.0, 310.0],
        [dt.date(2024, 4, 8), "马超", "西北片区", 120.0, 90.0],
        [dt.date(2024, 5, 1), "魏延", "东北片区", 800.0, 500.0],
    ])


@pytest.fixture
def crew():
    return schema_from_rows([
        ["Staff No", "Name", "Team", "Joined", "Pay"],
        ["S1", "Ana Ruiz", "Ops", dt.date(2017, 5, 1), 41000],
        ["S2", "Ben Ode", "Ops", dt.date(2021, 2, 11), 38000],
        ["S3", "Cy Lam", "Risk", dt.date(2020, 9, 30), 52000],
        ["S4", "Di Park", "Risk", dt.date(2023, 1, 5), 47000],
    ])


def test_no_operation_word_is_a_total_under_the_named_conditions(claims, mendian):
    assert formula("Okoro's taxi expenses", claims, method="rules").value == 61
    assert formula("amount in August", claims, method="rules").value == 1041
    assert formula("魏延的营业额", mendian, method="rules").value == 800
    assert formula("西北的营业额", mendian, method="rules").value == 570  # 西北 -> 西北片区
    assert formula("3月份营业额", mendian, method="rules").value == 810
    with pytest.raises(TaskError):  # a text field of a row is a lookup, never a sum
        formula("Okoro's state", claims, method="rules")


def test_counts_compare_the_amount_not_the_count(claims, crew):
    r = formula("how many claims exceed 500", claims, method="rules")
    assert r.formula == '=COUNTIF(D2:D6,">500")' and r.value == 2
    assert formula("number of claims above $100", claims, method="rules").value == 3
    assert formula("工资超过4万的有几个人", schema_from_rows(
        [["姓名", "工资"], ["甲", 41000], ["乙", 38000], ["丙", 52000]]), method="rules").value == 2
    try:  # "how many ... not": read as <= 500 (3 claims), or refused; never the count above 500
        assert formula("how many claims are not above 500", claims, method="rules").value == 3
    except TaskError:
        pass


def test_years_compare_against_the_date_column(crew):
    assert formula("how many people joined in 2020 or later", crew, method="rules").value == 3
    assert formula("how many staff joined after 2020", crew, method="rules").value == 2
    assert formula("2021年以后入职的有几人", crew, method="rules").value == 2
    assert formula("how many joined before 2020", crew, method="rules").value == 1


def test_months_in_chinese_numerals_and_the_value_column_named_twice(mendian):
    assert formula("三月一共卖了多少钱", mendian, method="rules").value == 810
    assert formula("营业额超过400的合计营业额", mendian, method="rules").value == 1250


def test_derived_totals_profit_and_stock_worth(mendian):
    assert formula("总利润", mendian, method="rules").value == pytest.approx(630)
    assert formula("西北片区的利润", mendian, method="rules").value == pytest.approx(170)
    stock = schema_from_rows([
        ["Part", "Bin", "On Hand", "Unit Price"],
        ["Bolt", "B1", 100, 0.2],
        ["Nut", "B2", 300, 0.1],
    ])
    r = formula("what is our stock worth", stock, method="rules")
    assert r.formula == "=SUMPRODUCT(C2:C3,D2:D3)" and r.value == pytest.approx(50)
    # the sheet keeps a quantity: "how many items in total" adds it up
    assert formula("how many items do we have in total", stock, method="rules").value == 400
    assert formula("how many units are there", stock, method="rules").value == 400  # units: the qty


def test_header_paraphrases_and_singulars():
    shop = schema_from_rows([
        ["Item", "Unit Price", "Sales"],
        ["Tea", 3.0, 120],
        ["Cake", 4.5, 300],
    ])
    assert formula("mean price per unit", shop, method="rules").value == pytest.approx(3.75)
    assert formula("largest single sale", shop, method="rules").value == 300


def test_title_row_and_total_row(tmp_path):
    """A title above the header is not the header; a total row at the bottom is not data."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Report"
    for row in (["Quarterly sales 2024"], ["Region", "Rep", "Sales"], ["North", "Ann", 100],
                ["South", "Bo", 250], ["North", "Cid", 50], ["Total", None, 400]):
        ws.append(row)
    wb.save(tmp_path / "report.xlsx")
    s = read_sheet(tmp_path / "report.xlsx")
    assert s.header_row == 2 and [c.header for c in s.columns] == ["Region", "Rep", "Sales"]
    r = formula("total sales", s, method="rules")
    assert r.formula == "=SUM(C3:C5)" and r.value == 400  # not 800
    assert formula("average sales", s, method="rules").value == pytest.approx(400 / 3)
    assert formula("who has the lowest sales", s, method="rules").value == "Cid"
    zh = schema_from_rows([["地区", "金额"], ["华东", 10], ["华南", 20], ["合计", 30]])
    assert formula("金额合计", zh, method="rules").value == 30


def test_how_many_pieces_of_a_product_is_the_quantity_not_the_rows():
    shop = schema_from_rows([
        ["Seller", "Product", "Qty", "Amount"],
        ["Ivy Stone", "Kettle", 4, 120.0],
        ["Raj Patel", "Toaster", 2, 90.0],
        ["Ivy Stone", "Kettle", 3, 95.0],
    ])
    r = formula("how many kettles were sold", shop, method="rules")
    assert r.formula == '=SUMIF(B2:B4,"Kettle",C2:C4)' and r.value == 7
    assert formula("how many kettle orders", shop, method="rules").value == 2  # rows
    assert formula("how many orders did ivy take", shop, method="rules").value == 2  # Ivy Stone
    zh = schema_from_rows([["店员", "商品", "数量"], ["周瑜", "水壶", 4], ["小乔", "烤箱", 2], ["周瑜", "水壶", 3]])
    assert formula("水壶卖了多少个", zh, method="rules").value == 7
    assert formula("周瑜做了几单", zh, method="rules").value == 2


def test_people_are_counted_and_per_month_on_a_sheet_of_months_is_per_row():
    staff = schema_from_rows([["工号", "姓名", "部门", "月薪"], ["A1", "甲", "一部", 9000],
                              ["A2", "乙", "二部", 8000], ["A3", "丙", "一部", 7000]])
    assert formula("一共有多少员工", staff, method="rules").value == 3  # never the salaries summed
    months = schema_from_rows([["月份", "收入", "支出"], ["1月", 10, 4], ["2月", 12, 8], ["3月", 9, 6]])
    assert formula("平均每月支出", months, method="rules").value == 6
    with pytest.raises(TaskError):  # a department repeats: one average per department
        formula("平均每个部门的月薪", staff, method="rules")


@pytest.fixture
def hr():
    return schema_from_rows([
        ["ID", "Full Name", "Dept", "Start Date", "Annual Salary"],
        ["A01", "Maria Lopez", "Marketing", dt.date(2015, 3, 1), 64000],
        ["A02", "John Park", "Engineering", dt.date(2019, 7, 15), 98000],
        ["A03", "Aisha Bello", "Engineering", dt.date(2021, 1, 4), 105000],
        ["A04", "Tom Wright", "Marketing", dt.date(2012, 9, 30), 71000],
    ])


def test_who_answers_with_the_names_and_a_header_named_by_its_last_word(hr):
    # "who": the column of names, never the first text column (the IDs)
    assert formula("who joined most recently", hr, method="rules").value == "Aisha Bello"
    assert formula("who earns the least", hr, method="rules").value == "Maria Lopez"
    # "Annual Salary" owns salary / payroll / earning
    assert formula("total payroll", hr, method="rules").value == 338000
    assert formula("number of employees earning more than 70000", hr, method="rules").value == 3
    assert formula("which department does Aisha Bello work in", hr, method="rules").value == "Engineering"
    codes = schema_from_rows([["Code", "Zone", "Score"], ["X1", "N", 3], ["X2", "S", 5]])
    with pytest.raises(TaskError):  # no column of names: no "who"
        formula("who has the highest score", codes, method="rules")


def test_a_total_word_holding_the_column_name_and_worth_words_on_a_sales_sheet():
    zh = schema_from_rows([["客户", "城市", "金额（元）"], ["华润", "北京", 360.0], ["万科", "上海", 45.0]])
    assert formula("总金额", zh, method="rules").value == 405
    assert formula("华润一共买了多少钱", zh, method="rules").value == 360
    en = schema_from_rows([["Customer", "Revenue"], ["Acme", 10.0], ["Globex", 30.0]])
    assert formula("average order value", en, method="rules").value == 20  # the amount, no product


@pytest.fixture
def kehu():
    return schema_from_rows([
        ["下单日期", "客户", "城市", "金额（元）"],
        [dt.date(2024, 1, 5), "华润", "北京", 360.0],
        [dt.date(2024, 1, 17), "万科", "上海", 45.0],
        [dt.date(2024, 2, 2), "华润", "上海", 1798.0],
        [dt.date(2024, 2, 20), "保利", "深圳", 50.0],
    ])


def test_two_values_of_a_column_and_all_but_one(kehu, claims):
    r = formula("北京和上海的金额合计", kehu, method="rules")
    assert r.formula == '=SUM(SUMIF(C2:C5,{"北京","上海"},D2:D5))' and r.value == 2203
    assert formula("除北京以外的金额合计", kehu, method="rules").value == 1893
    assert formula("how many claims by Okoro or Mbeki", claims, method="rules").value == 3
    assert formula("total amount excluding Okoro", claims, method="rules").value == pytest.approx(1625.5)
    with pytest.raises(TaskError):  # an average over either value is not the two averages
        formula("average amount of Okoro or Mbeki", claims, method="rules")


def test_distinct_counts_and_the_median(kehu):
    r = formula("有多少个客户", kehu, method="rules")
    assert r.formula == "=SUMPRODUCT(1/COUNTIF(B2:B5,B2:B5))" and r.value == pytest.approx(3)
    assert formula("几个城市", kehu, method="rules").value == pytest.approx(3)
    assert formula("金额的中位数", kehu, method="rules").value == pytest.approx(205)


def test_kth_largest_and_sums_of_the_top_n(kehu, claims):
    assert formula("第二高的金额", kehu, method="rules").formula == "=LARGE(D2:D5,2)"
    r = formula("金额前三名之和", kehu, method="rules")
    assert r.formula == "=SUM(LARGE(D2:D5,{1,2,3}))" and r.value == pytest.approx(2208)
    assert formula("sum of the 2 largest amounts", claims, method="rules").value == pytest.approx(1590)
    assert formula("average of the two smallest amounts", claims, method="rules").value == pytest.approx(48.25)
    with pytest.raises(TaskError):  # a list of three values does not fit one cell as a number
        formula("top 3 amounts of Okoro", claims, method="rules")


def test_a_count_naming_a_column_it_does_not_read_is_refused():
    sites = schema_from_rows([["Town", "Building", "Listed"], ["Ayr", "Mill", "*"], ["Ely", "Barn", None],
                              ["Rye", "Inn", "*"]])
    with pytest.raises(TaskError):  # "listed" is a condition the readers cannot write: never all rows
        formula("what is the total number of buildings that are listed", sites, method="rules")


def test_shares_of_rows_and_of_a_total(kehu, claims):
    marks = schema_from_rows([["姓名", "语文", "数学"], ["王一", 58, 90], ["李二", 75, 40], ["赵三", 90, 61],
                              ["钱四", 61, 59]])
    r = formula("语文及格率", marks, method="rules")
    assert r.formula == '=COUNTIF(B2:B5,">=60")/COUNTA(B2:B5)' and r.value == pytest.approx(0.75)
    assert formula("数学不及格率", marks, method="rules").value == pytest.approx(0.5)
    assert formula("上海的金额占比", kehu, method="rules").value == pytest.approx(1843 / 2253)
    assert formula("what percentage of claims are paid", claims, method="rules").value == pytest.approx(0.6)


def test_the_row_of_the_kth_largest_and_a_superlative_of_an_implied_amount(hr):
    assert formula("who has the second highest salary", hr, method="rules").value == "John Park"
    zh = schema_from_rows([["姓名", "部门", "月薪"], ["王丽", "市场部", 6400], ["李强", "研发部", 9800],
                           ["周敏", "研发部", 10500]])
    r = formula("月薪第二高的是谁", zh, method="rules")
    assert r.formula == "=INDEX(A2:A4,MATCH(LARGE(C2:C4,2),C2:C4,0))" and r.value == "李强"
    orders = schema_from_rows([["Customer", "City", "Quantity", "Revenue"], ["Acme", "Boston", 3, 360.0],
                               ["Globex", "Denver", 10, 45.0], ["Initech", "Austin", 2, 1798.0]])
    # "order" is the amount of an order: the revenue, not the quantity
    assert formula("which customer placed the largest order", orders, method="rules").value == "Initech"


def test_a_second_table_below_a_blank_row_is_not_data_and_blank_rows_inside_are(kehu):
    s = schema_from_rows([["Region", "Sales"], ["East", 10], ["West", 20], [None, None],
                          ["Rep", "Bonus"], ["Ann", 5], ["Bo", 7]])
    assert [c.range for c in s.columns] == ["A2:A3", "B2:B3"]
    assert formula("total sales", s, method="rules").value == 30  # not the bonuses
    gap = schema_from_rows([["Region", "Sales"], ["East", 10], [None, None], ["West", 20], ["合计", 30]])
    r = formula("total sales", gap, method="rules")
    assert r.formula == "=SUM(B2:B4)" and r.value == 30  # the blank row stays, the total row goes
    assert formula("金额超过1000元的有几笔", kehu, method="rules").value == 1


def test_no_total_of_prices_and_no_total_for_a_question_about_rows():
    orders = schema_from_rows([
        ["Customer", "City", "Category", "Quantity", "Price", "Revenue"],
        ["Acme", "Boston", "Tech", 3, 120.0, 360.0],
        ["Globex", "Denver", "Tech", 10, 4.5, 45.0],
        ["Initech", "Boston", "Desk", 16, 2.0, 32.0],
        ["Initech", "Austin", "Tech", 1, 99.0, 99.0],
    ])
    for request in ("price of tech",  # prices of several rows are not added up
                    "what did Globex order in Denver",  # the thing ordered, not its revenue
                    ):
        with pytest.raises(TaskError):
            formula(request, orders, method="rules")
    assert formula("how many items did Initech buy", orders, method="rules").value == 17  # pieces
    assert formula("number of tech items sold", orders, method="rules").value == 14
    zh = schema_from_rows([["客户", "城市", "数量", "金额"], ["华润", "北京", 3, 360.0], ["万科", "北京", 25, 50.0],
                           ["华润", "上海", 2, 1798.0]])
    assert formula("北京数量", zh, method="rules").value == 28  # the quantity column, not a row count
    with pytest.raises(TaskError):  # 华润's orders: rows or their amount? not a total guessed from 订单
        formula("华润的订单", zh, method="rules")


def test_a_whole_year_of_the_date_column(crew):
    r = formula("2021年入职的人数", crew, method="rules")
    assert r.formula == '=COUNTIFS(D2:D5,">="&DATE(2021,1,1),D2:D5,"<="&DATE(2021,12,31))'
    assert r.value == 1
    assert formula("how many people joined in 2020", crew, method="rules").value == 1


def test_a_not_is_never_dropped():
    """Found in formula-dev3's one blind run (fixed after it, not re-scored): 病假不为0的人数
    became COUNTIF(…,"0"), the people with NO sick leave.  Answered with <> 0, or refused."""
    s = schema_from_rows([["姓名", "部门", "病假"], ["张三", "销售", 0], ["李四", "销售", 2], ["王五", "财务", 1]])
    for q in ("病假不为0的人数", "病假不是0的人数", "病假不等于0的人数"):
        try:
            assert formula(q, s, method="rules").value == 2, q
        except TaskError:
            pass
    assert formula("病假为0的人数", s, method="rules").value == 1
