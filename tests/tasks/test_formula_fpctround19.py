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
