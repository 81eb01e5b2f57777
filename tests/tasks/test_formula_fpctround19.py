"""Percentage and rounding asks of the nineteenth round (issue 16): a count said in front of its
column's name ("jobs with 3 bedrooms", "2-night stays") is that column's value, in a share, a
count or a total; a bound, a rank or a span around the number keeps it out.
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


def _lets():
    rows = [["Ref", "Agent", "Area", "Bedrooms", "Rent", "Let"]]
    for i in range(9):
        rows.append([f"L{i}", ["Ann", "Bo", "Cy"][i % 3], ["North", "South"][i % 2], 1 + i % 4, 650 + 45 * i,
                     ["Yes", "No"][i % 2]])
    return schema_from_rows(rows, sheet="Flats")


def test_a_count_before_its_column_is_the_columns_value_in_a_share():
    sheet = _lets()
    for ask in ("what % of flats were 2 bedrooms?", "share of 2-bedroom flats", "proportion of flats with 2 bedrooms",
                "2 bedroom flats as a percentage of all flats", "% of 2-bedroom flats"):
        assert _answer(ask, sheet) == '=COUNTIF(D2:D10,"2")/COUNTA(D2:D10)', ask


def test_a_count_before_its_column_in_a_count_and_a_total():
    sheet = _lets()
    for ask in ("how many flats have 3 bedrooms", "number of 3-bedroom flats", "count the 3 bedroom flats"):
        assert _answer(ask, sheet) == '=COUNTIF(D2:D10,"3")', ask
    for ask in ("total rent of 3-bedroom flats", "sum of rent for 3 bedroom flats"):
        assert _answer(ask, sheet) == '=SUMIF(D2:D10,"3",E2:E10)', ask
    assert _answer("average rent for 1-bedroom flats", sheet) == '=AVERAGEIF(D2:D10,"1",E2:E10)'


def test_bounds_ranks_spans_and_numbers_the_column_lacks_are_not_its_value():
    sheet = _lets()
    for ask in ("share of flats with 9 bedrooms", "how many flats have 2 or 3 bedrooms",
                "how many flats have 2-3 bedrooms", "flats with 3 or more bedrooms as a share"):
        assert '"2")' not in (_answer(ask, sheet) or "") and '"3")' not in (_answer(ask, sheet) or ""), ask
    assert _answer("share of flats with 9 bedrooms", sheet) is None


def _marks():
    rows = [["Pupil", "Form", "Quiz", "Essay"]]
    for i in range(7):
        rows.append([f"P{i}", ["7A", "7B"][i % 2], 4 + i % 7, 20 + 3 * i])
    return schema_from_rows(rows, sheet="Marks")


def test_a_column_as_a_share_of_a_number_said_outright():
    sheet = _marks()
    for ask in ("quiz as a % of 10", "each pupil's quiz out of 10 as a percentage", "quiz score as a % of the max (10)",
                "Quiz out of 10, as a %", "quiz as % of the maximum of 10", "quiz as a percentage of the max, 10"):
        assert _answer(ask, sheet, "F2") == "=C2/10", ask
    assert _answer("essay as a % of 50 marks", sheet, "F2") == "=D2/50"


def test_a_share_of_the_max_with_no_number_is_not_a_constant():
    sheet = _marks()
    assert _answer("quiz as a % of the max", sheet, "F2") != "=C2/10"
    assert _answer("quiz out of 10", sheet, "F2") is None  # no share asked: a mark out of 10 is the mark


def _scores_zh():
    rows = [["学号", "班级", "笔试", "面试"]]
    for i in range(7):
        rows.append([f"S{i}", ["一班", "二班"][i % 2], 60 + 5 * i, 3 + i % 3])
    return schema_from_rows(rows, sheet="成绩")


def test_a_column_as_a_share_of_a_number_in_chinese():
    sheet = _scores_zh()
    for ask in ("面试占5分的百分比", "面试得分按满分5分算百分比", "面试占满分5分的比例", "面试，满分5分，换算成百分比"):
        assert _answer(ask, sheet, "F2") == "=D2/5", ask
    assert _answer("笔试占150的比例", sheet, "F2") == "=C2/150"


def test_round_with_its_direction_said_after_what_is_rounded():
    sheet = _lets()
    for ask in ("round the rent up to the next whole number for each flat", "round rent up to whole numbers",
                "How do I round the rents up (always up) to whole numbers?", "round each rent up"):
        assert _answer(ask, sheet, "H2") == "=ROUNDUP(E2,0)", ask
    assert _answer("round the rent down to whole numbers", sheet, "H2") == "=ROUNDDOWN(E2,0)"
    assert _answer("round the rent up to 1 dp", sheet, "H2") == "=ROUNDUP(E2,1)"
