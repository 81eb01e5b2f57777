"""Checks that refuse a formula answering another question (issue 16 item 5)."""

import datetime as dt

import pytest

from o3local.errors import TaskError, UsageError
from o3local.tasks.formula import formula
from o3local.tasks.formula.checks import (
    header_reference,
    identifier_sum,
    month_ignored,
    number_ignored,
)
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def ledger():
    return schema_from_rows([
        ["Invoice ID", "Booked", "Client", "Net"],
        [5001, dt.date(2025, 4, 3), "Ames", 120.0],
        [5002, dt.date(2025, 5, 8), "Bell", 80.0],
        [5003, dt.date(2025, 4, 21), "Ames", 40.0],
    ])


def test_each_check_names_what_is_wrong(ledger):
    assert "header cell D1" in header_reference("=SUM(D1:D4)", ledger)
    assert header_reference("=SUM(D2:D4)", ledger) is None
    assert "Invoice ID" in identifier_sum("=SUM(A2:A4)", ledger)
    assert identifier_sum("=SUMIF(C2:C4,\"Ames\",D2:D4)", ledger) is None
    assert identifier_sum("=COUNT(A2:A4)", ledger) is None  # counting IDs is fine
    assert "april" in month_ignored("net total for april", "=SUM(D2:D4)", ledger)
    assert month_ignored("net total for april", '=SUMIFS(D2:D4,B2:B4,">="&DATE(2025,4,1))', ledger) is None
    assert "70" in number_ignored("count nets above 70", "=COUNT(D2:D4)")
    assert number_ignored("count nets above 70", '=COUNTIF(D2:D4,">70")') is None
    assert number_ignored("share at 5%", "=D2*0.05") is None


def test_generated_answers_pass_the_checks_or_are_refused(ledger):
    with pytest.raises(TaskError):
        formula("total invoice id", ledger, method="rules")
    assert formula("net total for april", ledger, method="rules").value == 160
    assert formula("total net", ledger, method="rules").value == 240


def test_the_default_target_refuses_functions_some_applications_lack():
    s = schema_from_rows([["Customer", "City", "Amount"], ["Acme", "Paris", 120.0],
                          ["Bolt", "Berlin", 80.5], ["Core", "Paris", 200.0]])
    with pytest.raises(TaskError, match="FILTER") as info:
        formula("list the customers in Paris", s, method="rules")
    assert info.value.code == "task.target"
    assert formula("list the customers in Paris", s, method="rules", target="excel-365").value == ["Acme", "Core"]
    with pytest.raises(TaskError, match="MAXIFS"):
        formula("highest amount in Paris", s, method="rules", target="excel-2016")
    assert formula("highest amount in Paris", s, method="rules").value == 200
    # a function the request names is the user's choice
    assert formula("Amount of Core using XLOOKUP", s, method="rules").formula.startswith("=XLOOKUP(")
    with pytest.raises(UsageError):
        formula("total amount", s, method="rules", target="lotus-123")


def test_values_and_the_asked_row_are_not_dropped():
    s = schema_from_rows([["区域", "商品", "单价"], ["华东", "纸", 5.0], ["华南", "笔", 12.0], ["华北", "夹", 3.0]])
    from o3local.tasks.formula.checks import (
        contradictory_criteria,
        extreme_without_its_row,
        value_ignored,
    )

    assert "both" in contradictory_criteria('=SUMIFS(C2:C4,A2:A4,"华东",A2:A4,"华南")')
    assert contradictory_criteria('=SUMIFS(C2:C4,A2:A4,"华东",B2:B4,"笔")') is None
    # a label for "B2 and C1 students" as AND: no student is at both levels, the column stays blank
    assert "both 'B2' and 'C1'" in contradictory_criteria('=IF(AND(C2="B2",C2="C1"),"Advanced","")')
    assert contradictory_criteria('=IF(OR(C2="B2",C2="C1"),"Advanced","")') is None
    assert contradictory_criteria('=IF(AND(C2="B2",D2="Paid"),"Go","")') is None
    assert contradictory_criteria('=IF(AND(C2="B2",IF(D2="x",1,0)),"a",C2="C1")') is None
    assert "华南" in value_ignored("华东和华南的单价合计", '=SUMIF(A2:A4,"华东",C2:C4)', s)
    assert "商品" in extreme_without_its_row("单价最高的商品", "=MAX(C2:C4)", s)
    r = formula("华东和华南的单价合计", s, method="rules")  # two regions: both totals, added
    assert "华东" in r.formula and "华南" in r.formula and r.value == 17
    assert formula("单价最高的商品", s, method="rules").value == "笔"


def test_the_users_own_range_and_number_lists_are_not_flagged():
    s = schema_from_rows([["Region", "Sales"], ["East", 10], ["West", 20], ["North", 30]])
    assert header_reference("=INDEX(A1:B4,2,2)", s, "value in row 2, column 2 of the table A1:B4") is None
    assert number_ignored("position of 100 in 0,50,100,150", "=MATCH(100,{0,50,100,150},1)") is None
    assert number_ignored("format 1234.5 with 2 decimals", '=TEXT(1234.5,"0.00")') is None


def test_how_many_of_a_repeating_column_is_not_a_row_count():
    s = schema_from_rows([["Dept", "Name"], ["IT", "A"], ["IT", "B"], ["HR", "C"]])
    from o3local.tasks.formula.checks import count_of_repeated_values

    assert "Dept" in count_of_repeated_values("how many depts", "=COUNTA(A2:A4)", s)
    assert count_of_repeated_values("how many names", "=COUNTA(B2:B4)", s) is None  # unique
    r = formula("how many depts", s, method="rules")  # the departments, never the rows
    assert r.formula == "=SUMPRODUCT(1/COUNTIF(A2:A4,A2:A4))" and r.value == pytest.approx(2)


def test_a_number_with_a_unit_is_looked_for_in_the_unit_the_sheet_counts_in():
    from o3local.tasks.formula.schema import schema_from_rows

    shop = schema_from_rows([["门店", "营业额"], ["A店", 21000], ["B店", 18000]])
    wan = schema_from_rows([["项目", "预算（万元）"], ["ERP", 50], ["OA", 80]])
    assert number_ignored("营业额过2万的有几条", '=COUNTIF(B2:B3,">20000")', shop) is None
    assert number_ignored("count of $1k+ gifts", '=COUNTIF(B2:B3,">=1000")', shop) is None
    assert number_ignored("预算超过60万的有几个", '=COUNTIF(B2:B3,">60")', wan) is None
    assert "60万" in number_ignored("预算超过60万的有几个", '=COUNTIF(B2:B3,">600000")', wan)


def test_an_operation_the_request_asks_for_must_be_in_this_answer():
    from o3local.tasks.formula.checks import operation_ignored
    from o3local.tasks.formula.schema import schema_from_rows

    staff = schema_from_rows([["Name", "Dept", "Salary", "Bonus"], ["Ann Lee", "Sales", 5200.5, 300],
                              ["Bo Chan", "IT", 6100.25, 0], ["Cy Diaz", "Sales", 4800.75, 150]])
    assert "round" in operation_ignored("average salary of Sales rounded",
                                        '=AVERAGEIF(B2:B4,"Sales",C2:C4)', staff)
    assert operation_ignored("average salary of Sales rounded",
                             '=ROUND(AVERAGEIF(B2:B4,"Sales",C2:C4),0)', staff) is None
    assert "average" in operation_ignored("average bonus of Sales ranked", "=RANK(D2,$D$2:$D$4)", staff)
    assert "排名" in operation_ignored("工资排名", "=C2", staff)
    assert "比例" in operation_ignored("奖金占工资的比例", "=D2", staff)
    # a column whose name holds an operation word is a column: "Rank", "Insurance %"
    ranked = schema_from_rows([["Team", "Rank", "Points"], ["Reds", 1, 30], ["Blues", 2, 20]])
    assert operation_ignored("rank of the Reds", '=INDEX(B2:B3,MATCH("Reds",A2:A3,0))', ranked) is None
    # the labels the formula writes are not operations: "Over budget", "Below"
    assert operation_ignored('show "Below" if salary is under 5000', '=IF(C2<5000,"Below","")', staff) is None
    # old behaviour: a per-row answer that dropped "average" was returned; now it is refused
    with pytest.raises(TaskError, match="average"):
        formula("average bonus of Sales ranked", staff, target_cell="E2", method="rules")


def test_how_many_of_a_quantity_is_not_a_count_of_rows():
    from o3local.tasks.formula.checks import count_of_a_quantity
    from o3local.tasks.formula.schema import schema_from_rows

    stock = schema_from_rows([["Part", "On Hand"], ["Bolt", 100], ["Nut", 300]])
    assert "On Hand" in count_of_a_quantity("how many units are there", "=COUNT(B2:B3)", stock)
    assert count_of_a_quantity("how many entries does On Hand have", "=COUNT(B2:B3)", stock) is None
    assert count_of_a_quantity("how many units are there", "=SUM(B2:B3)", stock) is None
    assert formula("how many units are there", stock, method="rules").value == 400


def test_row_numbers_and_serials_are_identifiers_no_one_adds():
    items = schema_from_rows([["序号", "项目", "金额"], [1, "拆旧", 800.0], [2, "水电", 3200.0],
                              [3, "瓷砖", 5400.0]])
    assert "序号" in identifier_sum("=SUM(A2:A4)", items)
    assert identifier_sum("=SUM(C2:C4)", items) is None
    assert formula("金额一共多少", items, method="rules").value == 9400.0
    with pytest.raises(TaskError):
        formula("把序号加起来", items, method="rules")


def test_a_label_for_two_values_of_one_column_is_never_a_blank_column():
    """"tag B2 and C1 students as Advanced": an AND of both levels labels nobody."""
    s = schema_from_rows([["Student", "Level", "Fee"], ["Ana", "B1", 300], ["Ben", "C1", 320],
                          ["Cai", "B2", 310], ["Dee", "A2", 280]])
    try:
        r = formula("tag B2 and C1 students as Advanced", s, method="rules", target_cell="D2")
    except TaskError:
        return  # refused: better than a column that stays blank
    assert "AND(" not in r.formula and "OR(" in r.formula


def test_a_year_column_is_not_the_years_other_measure():
    """"2025年一共接了多少单" beside a column 2025年单数: not the total of the 2025 revenue column."""
    from o3local.tasks.formula.checks import year_column_for_its_measure

    s = schema_from_rows([["业务", "2024", "2025", "2025年单数"], ["婚纱照", 68798, 62620, 152],
                          ["证件照", 30100, 35500, 1420]])
    assert "2025年单数" in year_column_for_its_measure("2025年一共接了多少单", "=SUM(C2:C3)", s)
    assert year_column_for_its_measure("2025年一共收了多少钱", "=SUM(C2:C3)", s) is None
    assert year_column_for_its_measure("2025年单数合计", "=SUM(D2:D3)", s) is None
    try:
        r = formula("2025年一共接了多少单", s, method="rules")
    except TaskError:
        return
    assert r.value == 1572


def test_a_field_asked_of_a_named_row_is_never_a_count_of_its_rows():
    """"周婷电话多少" on a sheet where 周婷 delivers several times: her phone (one value on all her
    rows), not how many rows she has; the check refuses the count wherever it comes from."""
    from o3local.tasks.formula.checks import attribute_counted

    s = schema_from_rows([
        ["日期", "客户", "联系电话", "品名", "重量"],
        [dt.date(2026, 3, 1), "周婷", "13800001111", "纸板", 120.5],
        [dt.date(2026, 3, 2), "吴磊", "13900002222", "铁皮", 80.0],
        [dt.date(2026, 3, 5), "周婷", "13800001111", "纸板", 60.0],
    ])
    assert "联系电话" in attribute_counted("周婷电话多少", '=COUNTIF(B2:B4,"周婷")', s)
    assert attribute_counted("周婷送了几次", '=COUNTIF(B2:B4,"周婷")', s) is None
    assert attribute_counted("周婷的单数", '=COUNTIF(B2:B4,"周婷")', s) is None
    answer = formula("周婷电话多少", s, method="rules")
    assert "C2:C4" in answer.formula and str(answer.value) == "13800001111"


def test_a_name_matched_against_a_column_that_does_not_hold_it_is_refused():
    """"how many jobs is Ravi on" on a sheet of sites and cleaners: Ravi is a Cleaner, and a
    COUNTIF of him in Site counts 0 - the wrong column, refused, so the Cleaner reading answers."""
    from o3local.tasks.formula.checks import criterion_in_another_column

    s = schema_from_rows([["Site", "Cleaner", "Hours"], ["Mill Lane", "Ravi", 3],
                          ["Kirkgate", "Jo", 2], ["Eastgate", "Ravi", 4]])
    assert "Cleaner" in criterion_in_another_column('=COUNTIF(A2:A4,"Ravi")', s)
    assert criterion_in_another_column('=COUNTIF(B2:B4,"Ravi")', s) is None
    assert criterion_in_another_column('=SUMIFS(C2:C4,A2:A4,"Kirkgate",B2:B4,"Jo")', s) is None
    assert "Site" in criterion_in_another_column('=SUMIFS(C2:C4,B2:B4,"Kirkgate")', s)
    assert criterion_in_another_column('=COUNTIF(A2:A4,"Nobody")', s) is None  # held nowhere: a zero
    assert formula("how many jobs is ravi on", s, method="rules").value == 2


def test_a_total_of_the_column_the_request_names_never_adds_up_its_neighbour():
    """"total weekly visits" where Visits per week holds its numbers as text and Hours per visit
    is the sheet's number column: adding the hours is refused (the check), never returned."""
    from o3local.tasks.formula.checks import named_amount_unread

    s = schema_from_rows([["Site", "Visits per week", "Hours per visit"],
                          ["Mill Lane", "2", 1.5], ["Kirkgate", "5", 3.0], ["Eastgate", "1", 2.0]])
    assert "Visits per week" in named_amount_unread("total weekly visits", "=SUM(C2:C4)", s)
    assert named_amount_unread("total hours per visit", "=SUM(C2:C4)", s) is None
    try:
        answer = formula("total weekly visits across all sites", s, method="rules")
    except TaskError:
        answer = None
    assert answer is None or answer.value == 8


def test_labels_the_request_names_must_be_written():
    """"say Too many or OK": a per-row answer that writes no text (a capacity looked up) is refused."""
    from o3local.tasks.formula.checks import labels_unwritten

    assert "Too many" in labels_unwritten("check each party against the pitch - say Too many or OK",
                                          "=INDEX(Pitches!$D$2:$D$5,MATCH(E2,Pitches!$A$2:$A$5,0))")
    assert "OK" in labels_unwritten("is the party bigger than the pitch sleeps? Too many / OK", "=F2+G2")
    assert labels_unwritten("say Too many or OK", '=IF(F2>4,"Too many","OK")') is None
    assert labels_unwritten("average speed in km/h", "=C2/D2") is None


def test_a_column_named_only_inside_a_value_is_not_what_to_add_up():
    """"how many raku glaze bookings" where Raku glaze is a course and Glaze (kg) a column: the
    glaze is part of the course's name, so adding up Glaze (kg) is refused; "total glaze for raku
    glaze students" names it apart and is answered."""
    from o3local.tasks.formula.checks import amount_named_inside_a_value

    s = schema_from_rows([["Student", "Course", "Glaze (kg)"], ["Ama", "Raku glaze", 2.0],
                          ["Ben", "Wheel basics", 1.0], ["Cy", "Raku glaze", 3.5]])
    why = amount_named_inside_a_value("how many raku glaze bookings", '=SUMIF(B2:B4,"Raku glaze",C2:C4)', s)
    assert "Glaze (kg)" in why
    assert amount_named_inside_a_value("total glaze for raku glaze students",
                                       '=SUMIF(B2:B4,"Raku glaze",C2:C4)', s) is None
    assert formula("total glaze for raku glaze students", s, method="rules").value == 5.5
