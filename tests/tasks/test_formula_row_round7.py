"""Per-row requests, round 7 (issue 16; h/fenrow7): what is still owed when the paid column is a
deposit or an extras column is charged on top; a stay's end (start + nights); rates multiplied
through ("weekly hours" on Visits per week × Hours per visit); a rate column "Per night" on
another sheet named as "nightly rate"; counts stored as text under a "per week" header; a
charge column named by its first word ("call-out" for Call-out fee); "new col" and a bare "in K".

Every example runs on a small sheet written here through the public ``formula`` entry point.
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from tests.tasks.test_formula_other_sheet import _book
from tests.tasks.test_formula_row_units_times import _xlsx, rows3


@pytest.fixture
def repairs(tmp_path):
    return _xlsx(tmp_path, [
        ["Ref", "Owner", "Bike", "Price", "Deposit"],
        ["R1", "Ann", "Road", 120, 20],
        ["R2", "Bob", "BMX", 60, 60],
        ["R3", "Cy", "MTB", 95, 0],
    ], name="Repairs")


def test_owed_is_price_less_deposit(repairs):
    for q in ("balance left to pay on each ref", "what does each owner still owe us", "amount outstanding per bike"):
        r = formula(q, repairs, "F2", method="rules")
        assert r.formula == "=D2-E2" and rows3(r, repairs) == [100, 0, 95], q


def test_owed_adds_the_extras_to_the_quote(tmp_path):
    s = _xlsx(tmp_path, [
        ["Job", "Client", "Quote", "Extras", "Paid"],
        ["J1", "Ann", 400, 50, 450],
        ["J2", "Bob", 300, 0, 100],
        ["J3", "Cy", 250, 25, 0],
    ], name="Jobs")
    for q in ("how much is each client still owing", "balance outstanding per job, new col"):
        r = formula(q, s, "F2", method="rules")
        assert r.formula == "=C2+D2-E2" and rows3(r, s) == [0, 200, 275], q
    # a deposit and a paid column: which one is what was paid is not said
    s = _xlsx(tmp_path, [
        ["Job", "Price", "Deposit", "Paid"],
        ["J1", 400, 50, 100],
        ["J2", 300, 0, 100],
        ["J3", 250, 25, 0],
    ], name="Jobs")
    with pytest.raises(TaskError):
        formula("balance still owed per job", s, "E2", method="rules")


@pytest.fixture
def stays(tmp_path):
    return _book(tmp_path / "stays.xlsx", "Stays",
                 [["Ref", "Arrival", "Nights", "Room", "Guests"],
                  ["S1", dt.date(2026, 5, 1), 3, "Double", 2],
                  ["S2", dt.date(2026, 5, 4), 1, "Family", 4],
                  ["S3", dt.date(2026, 5, 9), 7, "Double", 1]],
                 "Rooms",
                 [["Room", "Breakfast per night", "Per night"], ["Double", 12, 80], ["Family", 20, 120]])


def test_end_of_a_stay_is_arrival_plus_nights(stays):
    for q in ("departure date for each stay", "when does everyone check out?", "arrival + nights",
              "check-out date = arrival + nights"):
        r = formula(q, stays, "F2", method="rules")
        assert r.formula == "=B2+C2", q
        assert [v.date() if isinstance(v, dt.datetime) else v for v in rows3(r, stays)][:1] != [None]


def test_a_length_in_days_ends_only_when_asked_when_it_is_due(tmp_path):
    s = _xlsx(tmp_path, [
        ["Course", "Starts", "Days"],
        ["C1", dt.date(2026, 3, 2), 5],
        ["C2", dt.date(2026, 3, 9), 3],
        ["C3", dt.date(2026, 3, 16), 1],
    ], name="Courses")
    with pytest.raises(TaskError):  # a 5-day course starting Monday may end on Friday, not Saturday
        formula("when does each course end", s, "D2", method="rules")
    r = formula("starts + days", s, "D2", method="rules")
    assert r.formula == "=B2+C2"
    s = _xlsx(tmp_path, [
        ["Tenant", "Start date", "Term (months)"],
        ["A", dt.date(2026, 1, 31), 12],
        ["B", dt.date(2026, 3, 1), 6],
        ["C", dt.date(2026, 4, 15), 24],
    ], name="Leases")
    r = formula("end date of each lease", s, "D2", method="rules")
    assert r.formula == "=EDATE(B2,C2)"


def test_the_nightly_rate_from_the_other_sheet_times_nights(stays):
    look = "INDEX(Rooms!$C$2:$C$3,MATCH(D2,Rooms!$A$2:$A$3,0))"
    r = formula("nightly rate for each stay from the Rooms tab", stays, "F2", method="rules")
    assert r.formula == f"={look}"
    for q in ("room cost for each stay (nights x nightly rate)", "nights x per night price"):
        r = formula(q, stays, "F2", method="rules")
        assert r.formula == f"=C2*{look}" and r.value == 240, q


@pytest.fixture
def contracts(tmp_path):
    """Visits per week stored as text, one digit wide (a code's shape, but a count by its header)."""
    return _xlsx(tmp_path, [
        ["Client", "Visits per week", "Hours per visit", "Hourly rate"],
        ["Acme", "1", 2.5, 15],
        ["Bolt", "3", 2, 16],
        ["Crane", "2", 4, 18],
    ], name="Contracts")


def test_rates_multiplied_through_to_what_is_asked_per_week(contracts):
    for q in ("weekly hours for each client", "hours per week at each client"):
        r = formula(q, contracts, "E2", method="rules")
        assert r.formula == "=--B2*C2" and rows3(r, contracts) == [2.5, 6, 8], q
    for q in ("weekly bill for each client", "what we charge each client a week"):
        r = formula(q, contracts, "E2", method="rules")
        assert r.formula == "=--B2*C2*D2" and rows3(r, contracts) == [37.5, 96, 144], q
    r = formula("visits x hours x rate per client", contracts, "E2", method="rules")
    assert r.formula == "=--B2*C2*D2"
    with pytest.raises(TaskError):  # per month: no rate column is per month
        formula("monthly hours for each client", contracts, "E2", method="rules")


def test_a_count_per_week_stored_as_text_is_summed(contracts):
    r = formula("total visits per week", contracts, method="rules")
    assert r.value == 6


def test_a_charge_column_named_by_its_first_word(tmp_path):
    s = _xlsx(tmp_path, [
        ["Date", "Call-out fee", "Parts", "Labour hrs"],
        [dt.date(2026, 1, 5), 60, 10, 1],
        [dt.date(2026, 1, 6), 80, 0, 2],
        [dt.date(2026, 1, 7), 60, 25, 0.5],
    ], name="Jobs")
    r = formula("total for each job: call-out + parts + labour at £40 an hour", s, "E2", method="rules")
    assert r.formula == "=B2+C2+D2*40" and rows3(r, s) == [110, 160, 105]


def test_a_bare_column_letter_closing_the_request(tmp_path):
    s = _xlsx(tmp_path, [
        ["Move", "Date"],
        ["M1", dt.date(2026, 7, 7)],
        ["M2", dt.date(2026, 7, 11)],
        ["M3", dt.date(2026, 7, 12)],
    ], name="Moves")
    r = formula("day of the week of each move in C", s, method="rules")
    assert r.target_cell == "C2" and r.formula == '=TEXT(B2,"dddd")'


def test_paid_or_owes_on_the_balance(tmp_path):
    s = _xlsx(tmp_path, [
        ["Job", "Client", "Quote", "Extras", "Paid"],
        ["J1", "Ann", 400, 50, 450],
        ["J2", "Bob", 300, 0, 100],
        ["J3", "Cy", 250, 25, 0],
    ], name="Jobs")
    for q in ("paid in full? write Paid or Owes", "mark each job Paid if they've paid quote plus extras, otherwise Owes",
              "who still owes - put Owes, or Paid when settled", "write 'Settled' or 'Outstanding'"):
        r = formula(q, s, "F2", method="rules")
        assert r.formula.startswith("=IF(C2+D2-E2>0,"), q
        assert rows3(r, s)[0] in ("Paid", "Settled") and rows3(r, s)[1] in ("Owes", "Outstanding"), q
    with pytest.raises(TaskError):  # the quote alone named: the extras left out, or not? not read
        formula("Paid if they've paid the quote, otherwise Owes", s, "F2", method="rules")


def test_a_date_columns_state_as_a_label(tmp_path):
    s = _xlsx(tmp_path, [
        ["Ticket", "Taken in", "Returned"],
        ["T1", dt.date(2026, 5, 1), dt.date(2026, 5, 3)],
        ["T2", dt.date(2026, 5, 2), None],
        ["T3", dt.date(2026, 5, 4), dt.date(2026, 5, 9)],
    ], name="Loans")
    for q in ("Out if returned is blank, else Returned", "mark each ticket Out if it hasn't been returned, else Returned"):
        r = formula(q, s, "D2", method="rules")
        assert r.formula == '=IF(C2="","Out","Returned")' and rows3(r, s) == ["Returned", "Out", "Returned"], q
    # two labels and no condition: the state as a label (statuspair.py; people asking "Collected /
    # Waiting" on a Collected date want the labels, not the date shown where there is one)
    r = formula("Returned or Out", s, "D2", method="rules")
    assert r.formula == '=IF(C2="","Out","Returned")' and rows3(r, s) == ["Returned", "Out", "Returned"]


def test_the_rows_noun_that_starts_a_headers_name(tmp_path):
    s = _xlsx(tmp_path, [
        ["Date", "Time", "Call-out fee"],
        [dt.date(2026, 1, 5), dt.time(8, 15), 60],
        [dt.date(2026, 1, 6), dt.time(19, 40), 80],
        [dt.date(2026, 1, 7), dt.time(13, 5), 60],
    ], name="Calls")
    r = formula("hour of each call-out as a number", s, "D2", method="rules")
    assert r.formula == "=HOUR(B2)" and rows3(r, s) == [8, 19, 13]


def test_tax_on_a_sum_of_columns(tmp_path):
    s = _xlsx(tmp_path, [
        ["Job", "Call-out fee", "Parts"],
        ["J1", 60, 10],
        ["J2", 80, 0.5],
        ["J3", 60, 25],
    ], name="Jobs")
    r = formula("call-out plus parts with 20% VAT on top", s, "D2", method="rules")
    assert r.formula == "=(B2+C2)*1.2" and rows3(r, s) == pytest.approx([84, 96.6, 102])
    r = formula("call-out + parts with 20% VAT on top, 2dp, per job", s, "D2", method="rules")
    assert r.formula == "=ROUND((B2+C2)*1.2,2)"
    with pytest.raises(TaskError):  # the tax of the sum, or the sum with tax? "20% VAT of" is not read
        formula("20% VAT of call-out plus parts", s, "D2", method="rules")


def test_the_part_of_a_postcode_before_the_space(tmp_path):
    s = _xlsx(tmp_path, [
        ["Client", "Postcode"],
        ["Ann Lee", "LS6 2AB"],
        ["Bob Ray", "BS16 5HL"],
        ["Cy Dunn", "M1 1AE"],
    ], name="Sites")
    for q in ("outward code of each postcode", "just the postcode district (the bit before the space)",
              "first half of the postcode"):
        r = formula(q, s, "C2", method="rules")
        assert r.formula == '=LEFT(B2,FIND(" ",B2)-1)' and rows3(r, s) == ["LS6", "BS16", "M1"], q
    r = formula("inward code of each postcode", s, "C2", method="rules")
    assert rows3(r, s) == ["2AB", "5HL", "1AE"]
    with pytest.raises(TaskError):  # two spaced columns, none named: which one?
        formula("the bit before the space", s, "C2", method="rules")


def test_a_time_of_day_bound_said_with_or_later(tmp_path):
    s = _xlsx(tmp_path, [
        ["Date", "Time", "Fee"],
        [dt.date(2026, 1, 5), dt.time(8, 15), 60],
        [dt.date(2026, 1, 6), dt.time(18, 0), 80],
        [dt.date(2026, 1, 7), dt.time(21, 5), 60],
    ], name="Calls")
    for q in ("label each call Evening if it was at 6pm or later, otherwise Day",
              "Evening if at or after 18:00, else Day"):
        r = formula(q, s, "D2", method="rules")
        assert r.formula == '=IF(B2>=TIME(18,0,0),"Evening","Day")' and rows3(r, s) == ["Day", "Evening", "Evening"], q
