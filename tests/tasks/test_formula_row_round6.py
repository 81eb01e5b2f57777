"""Per-row requests, round 6 (issue 16; h/fenrow6): a booking's end said as "when does it
end" (start time + hours/24, not the end of a month); a Yes/No column with a two-word header
named beside the row's noun ("flag jobs with the invoice unpaid as Chase"); "write <label>
where <condition>".

Every example runs on a small sheet written here through the public ``formula`` entry point
with a target cell.
"""

import datetime as dt

import pytest

from o3local.tasks.formula import formula
from tests.tasks.test_formula_row_units_times import _xlsx, rows3


@pytest.fixture
def sessions(tmp_path):
    return _xlsx(tmp_path, [
        ["Session", "Day", "Coach", "Begins", "Hours", "Invoice paid"],
        ["S-1", dt.date(2026, 5, 4), "Mo", dt.time(9, 0), 2, "Yes"],
        ["S-2", dt.date(2026, 5, 5), "Li", dt.time(13, 30), 1.5, "No"],
        ["S-3", dt.date(2026, 5, 6), "Mo", dt.time(18, 0), 3, "No"],
    ], name="Sessions")


def test_end_of_a_booking_is_start_plus_hours(sessions):
    for q in ("what time does each session end?", "when does every session end, begins + hours"):
        r = formula(q, sessions, "G2", method="rules")
        assert r.formula == "=D2+E2/24", q


def test_end_of_the_month_is_not_a_booking_end(sessions):
    r = formula("end of the month for each day", sessions, "G2", method="rules")
    assert r.formula == "=EOMONTH(B2,0)"


def test_yes_no_column_beside_the_row_noun(sessions):
    for q in ("flag sessions with invoice unpaid as Chase", "flag sessions with an unpaid invoice as Chase"):
        r = formula(q, sessions, "G2", method="rules")
        assert r.formula == '=IF(F2="No","Chase","")', q
        assert rows3(r, sessions) == ["", "Chase", "Chase"]


def test_write_label_where_condition(sessions):
    r = formula("write Chase where the invoice is unpaid", sessions, "G2", method="rules")
    assert r.formula == '=IF(F2="No","Chase","")'


def test_lessons_attended_names_lessons_taken(tmp_path):
    s = _xlsx(tmp_path, [
        ["Student", "Lessons booked", "Lessons taken"],
        ["Ava", 10, 8],
        ["Ben", 12, 12],
        ["Cal", 6, 2],
    ], name="Register")
    r = formula("rank each student by lessons attended, most = 1", s, "D2", method="rules")
    assert r.formula == "=RANK(C2,$C$2:$C$4)"


@pytest.fixture
def register(tmp_path):
    return _xlsx(tmp_path, [
        ["Student", "Lessons booked", "Lessons taken"],
        ["Ava", 10, 8],
        ["Ben", 12, 12],
        ["Cal", 6, 6],
    ], name="Register")


def test_all_their_booked_lessons_is_taken_against_booked(register):
    for q in ("write Done if they've had all their booked lessons", "mark students who've used up every lesson as Done"):
        r = formula(q, register, "D2", method="rules")
        assert r.formula == '=IF(C2>=B2,"Done","")', q
        assert rows3(r, register) == ["", "Done", "Done"]


def test_negated_concept_is_not_read_as_itself(register):
    from o3local.errors import TaskError

    with pytest.raises(TaskError):
        formula("Owed if they haven't had all their booked lessons", register, "D2", method="rules")


def test_lessons_left_and_attendance_rate(register):
    r = formula("sessions still to go for each student", register, "D2", method="rules")
    assert r.formula == "=B2-C2" and rows3(r, register) == [2, 0, 0]
    r = formula("attendance % per student", register, "D2", method="rules")
    assert r.formula == "=C2/B2" and rows3(r, register) == [0.8, 1, 1]


@pytest.fixture
def stall(tmp_path):
    """Two header rows: "Takings" spans Cash | Card | Stock cost (the stock is money out)."""
    import openpyxl

    from o3local.tasks.formula.schema import read_sheet

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Market"
    ws.append(["Date", "Takings", None, None, "Customers"])
    ws.append([None, "Cash", "Card", "Stock cost", None])
    ws.merge_cells("B1:D1")
    ws.merge_cells("A1:A2")
    ws.merge_cells("E1:E2")
    for i, (cash, card, stock, n) in enumerate([(120, 80, 50, 20), (90, 110, 40, 25), (60, 40, 30, 8)]):
        ws.append([dt.date(2026, 6, 1 + i), cash, card, stock, n])
    wb.save(tmp_path / "m.xlsx")
    return read_sheet(tmp_path / "m.xlsx")


def test_total_takings_leaves_out_a_cost_under_the_same_header(stall):
    r = formula("total takings each day", stall, "F3", method="rules")
    assert r.formula == "=B3+C3"


def test_rounded_to_pence(stall):
    r = formula("(cash+card)/customers, rounded to pence", stall, "F3", method="rules")
    assert r.formula == "=ROUND((B3+C3)/E3,2)"


def test_label_on_a_sum_of_columns(stall):
    for q in ("mark a day Busy if cash+card beat 150", "Busy if cash plus card is over £150"):
        r = formula(q, stall, "F3", method="rules")
        assert r.formula == '=IF(B3+C3>150,"Busy","")', q
        assert rows3_from(r, stall, 3) == ["Busy", "Busy", ""]
    # "and" may mean each of them: not a sum
    r = formula("Busy if cash and card over 70", stall, "F3", method="rules")
    assert r.formula == '=IF(AND(B3>70,C3>70),"Busy","")'


def rows3_from(r, s, first):
    from tests.tasks.test_formula_row_units_times import at

    return [at(r, s, n) for n in range(first, first + 3)]


def test_a_rate_written_with_a_slash_is_no_pair_of_labels():
    """"if labour is 40 quid/hr" is a rate, not the labels quid / hr: never IF(hours=40,"quid","hr")."""
    from o3local.errors import TaskError
    from o3local.tasks.formula import formula
    from o3local.tasks.formula.schema import schema_from_rows

    s = schema_from_rows([["Job", "Parts", "Labour hrs"], ["J1", 20.0, 1.5], ["J2", 5.0, 2.0],
                          ["J3", 0.0, 1.0]])
    try:
        answer = formula("what did each job come to if labour is 40 quid/hr", s, target_cell="D2",
                         method="rules").formula
    except TaskError:
        answer = None
    assert answer is None or '"quid"' not in answer
    assert formula("mark each job Long/Short: Long if labour hrs over 1.5", s, target_cell="D2",
                   method="rules").formula == '=IF(C2>1.5,"Long","Short")'


def test_an_operand_named_by_its_first_word_before_a_plus_is_not_dropped():
    """"call-out + parts + labour at £40 an hour": call-out names Call-out fee; an answer that
    adds parts and labour alone is refused, not returned."""
    from o3local.tasks.formula.checks import operand_before_unused
    from o3local.tasks.formula.schema import schema_from_rows

    s = schema_from_rows([["Job", "Call-out fee", "Parts", "Labour hrs"], ["J1", 65.0, 20.0, 1.5],
                          ["J2", 65.0, 5.0, 2.0]])
    assert "Call-out fee" in operand_before_unused("call-out + parts + labour at £40 an hour", "=C2+D2*40", s)
    assert operand_before_unused("call-out + parts + labour at £40 an hour", "=B2+C2+D2*40", s) is None
    assert operand_before_unused("parts plus labour at £40 an hour", "=C2+D2*40", s) is None
