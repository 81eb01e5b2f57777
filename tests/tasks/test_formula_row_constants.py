"""A per-row answer reads its row: a formula of constants alone ("=1/9/2026", read from a date
in the request) is the same number on every row and answers nothing per row."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


@pytest.fixture
def members():
    return schema_from_rows([
        ["Member No", "Name", "Joined", "Annual Sub"],
        ["00041", "Ann Lee", dt.date(2019, 3, 2), 120.0],
        ["00042", "Bo Chan", dt.date(2022, 9, 14), 90.0],
        ["00043", "Cy Hart", dt.date(2024, 1, 20), 120.0],
    ])


def test_a_date_in_the_request_is_never_the_per_row_answer(members):
    try:
        answer = formula("years of membership per member (to 1/9/2026)", sheet=members, target_cell="E2",
                         method="rules")
    except TaskError:
        return  # refusing is right
    assert "C2" in answer.formula, answer.formula  # an answer reads the row's Joined date


def test_a_per_row_answer_still_reads_its_row(members):
    answer = formula("annual sub divided by 12", sheet=members, target_cell="E2", method="rules")
    assert answer.formula == "=D2/12"
    assert answer.fill_range == "E2:E4"
