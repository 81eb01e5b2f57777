"""Per-row requests, round 2 (issue 16 item 1; h/fprow2): a rate over a column whose header
is its unit ("fee per minute" with Mins, "cost per litre" with Litres), and decimal places
said as "round to 2 places".

Every example runs on a small sheet written here through the public ``formula`` entry point
with a target cell; the value is checked on three rows (the formula must fill down).
"""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from tests.tasks.test_formula_row_units_times import _xlsx


def rows3(r, s):
    return [evaluate(r.intent["template"].replace("{r}", str(n)), s).value for n in (2, 3, 4)]


@pytest.fixture
def sessions(tmp_path):
    return _xlsx(tmp_path, [
        ["Client", "Therapist", "Mins", "Fee"],
        ["Ann", "Jo", 45, 60],
        ["Bob", "Jo", 30, 40],
        ["Cy", "Al", 60, 75],
    ], name="Sessions")


@pytest.fixture
def batches(tmp_path):
    return _xlsx(tmp_path, [
        ["Batch", "Beer", "Litres", "Bottles", "Ingredient Cost"],
        ["B1", "Pale", 400, 800, 310.5],
        ["B2", "Stout", 350, 700, 290],
        ["B3", "IPA", 420, 840, 401.2],
    ], name="Batches")


def test_rate_over_a_unit_header(sessions, batches):
    r = formula("fee per minute for each session to 2 dp", sessions, "E2", method="rules")
    assert r.formula == "=ROUND(D2/C2,2)" and rows3(r, sessions) == [1.33, 1.33, 1.25]
    r = formula("ingredient cost per litre for every batch, rounded to 2dp", batches, "F2", method="rules")
    assert r.formula == "=ROUND(E2/C2,2)" and rows3(r, batches) == [0.78, 0.83, 0.96]


def test_round_to_n_places(batches):
    r = formula("for each brew, ingredient cost divided by litres (round to 2 places)", batches, "F2",
                method="rules")
    assert r.formula == "=ROUND(E2/C2,2)"


def test_rate_over_unit_needs_one_amount(batches):
    # two amounts could go over Litres (Bottles, Ingredient Cost): no guess
    with pytest.raises(TaskError):
        formula("per litre for every batch", batches, "F2", method="rules")


@pytest.fixture
def subs(tmp_path):
    return _xlsx(tmp_path, [
        ["Member No", "Name", "Annual Sub", "Paid So Far", "Email"],
        ["M1", "Ann", 120, 120, "a@x"],
        ["M2", "Bob", 120, 60, "b@x"],
        ["M3", "Cy", 90, 0, "c@x"],
    ], name="Subs")


def test_still_owed_is_charged_less_paid(subs, tmp_path):
    for q in ("balance each member still owes, in a new column", "what's left to pay per member",
              "amount outstanding for every member"):
        r = formula(q, subs, "F2", method="rules")
        assert r.formula == "=C2-D2" and rows3(r, subs) == [0, 60, 90]
    s = _xlsx(tmp_path, [
        ["房号", "业主", "单价（元/㎡·月）", "应缴", "实缴"],
        ["101", "王", 2.5, 900, 900],
        ["102", "李", 2.5, 800, 500],
        ["103", "赵", 3, 700, 0],
    ], name="物业费")
    r = formula("每户还欠多少", s, "F2", method="rules")
    assert r.formula == "=D2-E2" and rows3(r, s) == [0, 300, 700]


def test_still_owed_adds_the_fees_or_refuses_when_the_charge_is_not_one_column(tmp_path):
    # three fees (学费, 住宿费, 教材费): the charge is their sum, not one of them
    s = _xlsx(tmp_path, [
        ["学号", "姓名", "学费", "住宿费", "教材费", "已缴金额"],
        ["1", "王", 5000, 1200, 300, 6500],
        ["2", "李", 5000, 1200, 300, 3000],
        ["3", "赵", 5000, 0, 300, 0],
    ], name="缴费")
    r = formula("还欠多少钱", s, "G2", method="rules")
    assert r.formula == "=C2+D2+E2-F2" and rows3(r, s) == [0, 3500, 5300]
    with pytest.raises(TaskError):  # one fee of three named: which charges are owed is not said
        formula("学费还欠多少", s, "G2", method="rules")
    # two prices of one thing (原价, 折后价): not charges added up
    s = _xlsx(tmp_path, [
        ["订单", "原价", "折后价", "已付"],
        ["1", 100, 80, 80],
        ["2", 200, 150, 100],
        ["3", 50, 40, 0],
    ], name="订单")
    with pytest.raises(TaskError):
        formula("每单还欠多少", s, "E2", method="rules")
    # a package price (套餐价) less what is paid; 还差多少 / 尾款 ask for it too
    s = _xlsx(tmp_path, [
        ["房号", "姓名", "套餐价（元）", "已付（元）"],
        ["1", "王", 30000, 30000],
        ["2", "李", 40000, 10000],
        ["3", "赵", 50000, 0],
    ], name="入住")
    for q in ("还欠多少钱，每位都算一下", "每位还差多少尾款"):
        r = formula(q, s, "E2", method="rules")
        assert r.formula == "=C2-D2" and rows3(r, s) == [0, 30000, 50000]
    # a price per head: the charge may be guests x price, not the price
    s = _xlsx(tmp_path, [
        ["Order", "Guests", "Price per Head", "Deposit Paid"],
        ["O1", 50, 30, 500],
        ["O2", 80, 28, 600],
        ["O3", 40, 35, 400],
    ], name="Orders")
    with pytest.raises(TaskError):
        formula("balance still owed per order", s, "E2", method="rules")


@pytest.fixture
def rounds(tmp_path):
    """Two Yes/No columns: 'No' alone names neither; 'paid is no' names Paid."""
    return _xlsx(tmp_path, [
        ["Job No", "Customer", "Frames", "Paid"],
        ["0031", "Ann", "Yes", "Yes"],
        ["0032", "Bob", "No", "No"],
        ["0033", "Cy", "No", "Yes"],
    ], name="Rounds")


def test_a_shared_value_named_by_its_column(rounds):
    for q in ("CHASE if Paid is No", "CHASE next to every job not paid for", "put CHASE by anyone who hasn't paid"):
        r = formula(q, rounds, "E2", method="rules")
        assert r.formula == '=IF(D2="No","CHASE","")' and rows3(r, rounds) == ["", "CHASE", ""]
    with pytest.raises(TaskError):  # which column's No? not said
        formula("CHASE if No", rounds, "E2", method="rules")


@pytest.fixture
def club(tmp_path):
    import datetime as dt

    return _xlsx(tmp_path, [
        ["Member No", "Name", "Joined", "Annual Sub"],
        ["M1", "Ann", dt.date(2019, 9, 2), 120],
        ["M2", "Bob", dt.date(2024, 8, 31), 120],
        ["M3", "Cy", dt.date(2025, 9, 1), 90],
    ], name="Subs")


def test_whole_years_of_membership_at_a_pinned_date(club, tmp_path):
    import datetime as dt

    for q in ("how many full years has each person been in the choir as at 1 Sep 2026",
              "how many full years has each person been a member as of 1 Sep 2026"):
        r = formula(q, club, "E2", method="rules")
        assert r.formula == '=DATEDIF(C2,DATE(2026,9,1),"Y")' and rows3(r, club) == [6, 2, 1]
    s = _xlsx(tmp_path, [
        ["编号", "姓名", "注册日期", "时长"],
        ["1", "王", dt.date(2020, 3, 1), 10],
        ["2", "李", dt.date(2026, 1, 1), 5],
        ["3", "赵", dt.date(2023, 12, 31), 8],
    ], name="志愿者")
    for q in ("注册满几年了（算到2026年12月31日，按整年）", "到2026-12-31为止每人注册了几整年"):
        r = formula(q, s, "E2", method="rules")
        assert r.formula == '=DATEDIF(C2,DATE(2026,12,31),"Y")' and rows3(r, s) == [6, 0, 3]


def test_days_been_in_is_not_years(club):
    # 'been in the' says years only with a year word: days are not DATEDIF "Y"
    with pytest.raises(TaskError):
        formula("how many days has each person been in the choir as at 1 Sep 2026", club, "E2", method="rules")


def test_rate_per_hour_said_as_hourly_rate(tmp_path):
    s = _xlsx(tmp_path, [
        ["Hire Ref", "Boat", "Hours", "Rate per Hour"],
        ["H1", "Topper", 2, 15],
        ["H2", "Laser", 3, 18],
        ["H3", "Wayfarer", 1.5, 22],
    ], name="Hire")
    r = formula("cost of each hire in a new column (hours times hourly rate)", s, "E2", method="rules")
    assert r.formula == "=C2*D2" and rows3(r, s) == [30, 54, 33]


def test_year_end_as_the_as_of_date(tmp_path):
    import datetime as dt

    s = _xlsx(tmp_path, [
        ["教练", "级别", "入职日期"],
        ["陈教练", "A", dt.date(2020, 3, 1)],
        ["王教练", "B", dt.date(2026, 1, 1)],
        ["李教练", "A", dt.date(2023, 12, 31)],
    ], name="教练表")
    r = formula("每个教练入职满几年（截至2026年底）", s, "D2", method="rules")
    assert r.formula == '=DATEDIF(C2,DATE(2026,12,31),"Y")' and rows3(r, s) == [6, 0, 3]
    s = _xlsx(tmp_path, [
        ["Name", "Grade", "Date of Birth"],
        ["Ann", "A", dt.date(1990, 12, 31)],
        ["Bob", "B", dt.date(2000, 6, 1)],
        ["Cy", "A", dt.date(2010, 1, 1)],
    ], name="Members")
    r = formula("how old is everyone at the end of 2026", s, "D2", method="rules")
    assert r.formula == '=DATEDIF(C2,DATE(2026,12,31),"Y")' and rows3(r, s) == [36, 26, 16]


# --- round 5 (h/fprow5): English per-row arithmetic, rates, ages and text --------------------------

@pytest.fixture
def walks(tmp_path):
    return _xlsx(tmp_path, [
        ["Walk ID", "Dog", "Duration (mins)", "Fee", "Tip", "Paid"],
        ["W1", "Rex", 30, 12, 1, "Yes"],
        ["W2", "Bo", 45, 15, 0, "No"],
        ["W3", "Cy", 60, 18, 2, "Yes"],
    ], name="Walks")


def test_add_one_column_onto_another(walks):
    for q in ("add the tip onto the fee for every walk, put it in col G", "add tip to fee for each walk"):
        r = formula(q, walks, "G2", method="rules")
        assert r.formula in ("=D2+E2", "=E2+D2") and rows3(r, walks) == [13, 15, 20]


def test_what_a_row_brought_in_including_a_column(walks):
    for q in ("what did each walk bring in including the tip?", "what each walk came to incl. the tip"):
        r = formula(q, walks, "G2", method="rules")
        assert r.formula == "=D2+E2" and rows3(r, walks) == [13, 15, 20]


def test_what_a_row_brought_in_needs_one_charge_column(tmp_path):
    # two charges (Fee, Parts Cost): which one the tip goes onto is not said
    s = _xlsx(tmp_path, [
        ["Job", "Fee", "Parts Cost", "Tip"],
        ["J1", 40, 10, 2],
        ["J2", 50, 0, 0],
        ["J3", 30, 5, 1],
    ], name="Jobs")
    with pytest.raises(TaskError):
        formula("what did each job bring in including the tip", s, "E2", method="rules")


def test_hourly_rate_over_minutes(walks):
    for q in ("work out the hourly rate for every walk, 2 dp", "£ per hour for each walk rounded to 2 decimals",
              "fee per hour for each walk, 2dp"):
        r = formula(q, walks, "G2", method="rules")
        assert r.formula == "=ROUND(D2/C2*60,2)" and rows3(r, walks) == [24, 20, 18]


def test_hourly_rate_needs_one_amount(tmp_path):
    # Fee and Charge: which is the rate's amount is not said
    s = _xlsx(tmp_path, [
        ["Visit", "Mins", "Fee", "Charge"],
        [1, 30, 12, 1],
        [2, 45, 15, 0],
        [3, 60, 18, 2],
    ], name="Visits")
    with pytest.raises(TaskError):
        formula("hourly rate per visit, 2 dp", s, "E2", method="rules")


def test_miles_per_hour_not_the_row_number(tmp_path):
    s = _xlsx(tmp_path, [
        ["Visit", "Client", "Miles", "Mins"],
        [1, "Ann", 30, 40],
        [2, "Bob", 12, 20],
        [3, "Cy", 50, 60],
    ], name="Visits")
    for q in ("average speed each trip in mph, whole number", "mph for every journey, no decimals"):
        r = formula(q, s, "E2", method="rules")
        assert r.formula == "=ROUND(C2/D2*60,0)" and rows3(r, s) == [45, 36, 50]


def test_age_at_the_rows_own_day(tmp_path):
    import datetime as dt

    s = _xlsx(tmp_path, [
        ["Patient", "DOB", "Session Date", "Fee"],
        ["Ann", dt.date(1980, 5, 1), dt.date(2026, 4, 30), 40],
        ["Bob", dt.date(1990, 1, 1), dt.date(2026, 1, 1), 40],
        ["Cy", dt.date(2000, 6, 15), dt.date(2026, 6, 16), 40],
    ], name="Sessions")
    for q in ("age at appointment for each row", "how old was each patient at their appointment (years)"):
        r = formula(q, s, "E2", method="rules")
        assert r.formula == '=DATEDIF(B2,C2,"Y")' and rows3(r, s) == [45, 36, 26]


def test_politeness_and_purpose_words_are_read(tmp_path):
    s = _xlsx(tmp_path, [
        ["Member No", "Name", "Voice"],
        ["M1", "Ann Lee", "Alto"],
        ["M2", "Bob Roy", "Bass"],
        ["M3", "Cy Dunn", "Tenor"],
    ], name="Subs")
    for q in ("can you split out the forenames into col D", "give me each member's forename",
              "split off the forename for each member so I can do name badges"):
        r = formula(q, s, "D2", method="rules")
        assert r.formula == '=LEFT(B2,FIND(" ",B2)-1)' and rows3(r, s) == ["Ann", "Bob", "Cy"]
    with pytest.raises(TaskError):  # a closing clause with a comparison may be a condition: not dropped
        formula("first names so I can see who is over 30", s, "D2", method="rules")


def test_amount_per_minute_when_money_is_meant(walks):
    for q in ("how much per minute is each walk? round to 2dp", "£/min for every walk, rounded 2 decimals"):
        r = formula(q, walks, "G2", method="rules")
        assert r.formula == "=ROUND(D2/C2,2)" and rows3(r, walks) == [0.4, 0.33, 0.3]


def test_last_digits_of_each_persons_phone(tmp_path):
    s = _xlsx(tmp_path, [
        ["Patient", "Phone", "Fee"],
        ["Ann Lee", "07700 900111", 40],
        ["Bob Roy", "07700 900222", 45],
        ["Cy Dunn", "07700 900333", 50],
    ], name="Sessions")
    for q in ("the last four digits of each patient's mobile", "phone ending (last four) for each row"):
        r = formula(q, s, "D2", method="rules")
        assert r.formula == "=RIGHT(B2,4)" and rows3(r, s) == ["0111", "0222", "0333"]


def test_dates_named_by_their_verb_and_volume_by_its_unit(batches, tmp_path):
    import datetime as dt

    s = _xlsx(tmp_path, [
        ["Batch", "Brewed", "Packaged", "Litres"],
        ["B1", dt.date(2026, 1, 5), dt.date(2026, 1, 19), 400],
        ["B2", dt.date(2026, 2, 1), dt.date(2026, 2, 22), 350],
        ["B3", dt.date(2026, 3, 2), dt.date(2026, 3, 12), 420],
    ], name="Batches")
    for q in ("days from brew to packaging for each batch", "how long did each batch sit before packaging (days)"):
        r = formula(q, s, "E2", method="rules")
        assert r.formula == "=C2-B2" and rows3(r, s) == [14, 21, 10]
    r = formula("volume rank for each batch", s, "E2", method="rules")
    assert r.formula == "=RANK(D2,$D$2:$D$4)" and rows3(r, s) == [2, 3, 1]


def test_unquoted_prefix_or_space_removed(tmp_path):
    s = _xlsx(tmp_path, [
        ["Order No", "Plate", "Qty"],
        ["FS-1042", "AB12 CDE", 2],
        ["FS-1043", "XY34 FGH", 1],
        ["FS-1044", "KL56 MNO", 5],
    ], name="Orders")
    r = formula("order number without the FS- bit, as a number", s, "D2", method="rules")
    assert r.formula == '=VALUE(SUBSTITUTE(A2,"FS-",""))' and rows3(r, s) == [1042, 1043, 1044]
    r = formula("plate without the space", s, "D2", method="rules")
    assert r.formula == '=SUBSTITUTE(B2," ","")' and rows3(r, s) == ["AB12CDE", "XY34FGH", "KL56MNO"]
    with pytest.raises(TaskError):  # no column starts with GB-
        formula("plate without the GB- prefix", s, "D2", method="rules")


def test_hourly_rate_not_read_over_a_rate_column(tmp_path):
    # the sheet has an Hourly Rate: "hourly rate" may name it, and "at the hourly rate" is rate x time
    s = _xlsx(tmp_path, [
        ["Job", "Mins", "Hourly Rate", "Fee"],
        ["J1", 30, 20, 10],
        ["J2", 60, 25, 25],
        ["J3", 90, 20, 30],
    ], name="Jobs")
    for q in ("hourly rate for each job", "charge for each job at the hourly rate", "£ per hour for each job"):
        try:
            r = formula(q, s, "E2", method="rules")
        except TaskError:
            continue
        assert "/B2*60" not in r.formula


def test_each_day_is_the_row_not_the_day_of_the_month():
    """"profit each day after stock" on a food truck's daily sheet was =DAY(A3): the 3rd, 24th …"""
    from o3local.tasks.formula.schema import schema_from_rows

    s = schema_from_rows([["Date", "Pitch", "Cash", "Card", "Stock"],
                          [dt.date(2026, 6, 1), "Market", 300.5, 200, 80],
                          [dt.date(2026, 6, 2), "Park", 250, 150, 60]])
    try:
        r = formula("profit each day after stock", s, method="rules", target_cell="F2")
    except TaskError:
        r = None
    assert r is None or "DAY(" not in r.formula
    assert formula("day of each date", s, method="rules", target_cell="F2").formula == "=DAY(A2)"
