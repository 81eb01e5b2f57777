"""A refusal says which words of the request the rules could not place, and the sheet's columns,
so the user can reword with the sheet's own names instead of guessing."""

import datetime as dt

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows
from o3local.tasks.formula.unread import marked_request, unread_words


@pytest.fixture
def jobs():
    return schema_from_rows([
        ["Job No", "Customer", "Date In", "Quantity", "Status"],
        ["004661", "Pinewood", dt.date(2026, 3, 2), 200, "Ready"],
        ["004662", "Ash & Co", dt.date(2026, 3, 4), 50, "Printing"],
        ["004663", "Pinewood", dt.date(2026, 3, 9), 120, "Collected"],
    ])


@pytest.fixture
def sales():
    return schema_from_rows([
        ["日期", "门店", "营业额"],
        [dt.date(2026, 11, 1), "大学城店", 5200.0],
        [dt.date(2026, 11, 2), "步行街店", 6100.0],
    ])


def test_an_english_refusal_names_the_unplaced_words_and_the_columns(jobs):
    with pytest.raises(TaskError) as err:
        formula("how many jobs are sitting in the zorbly queue", sheet=jobs, method="rules")
    msg = err.value.message
    assert "'zorbly', 'queue' match no column, value or operation" in msg
    assert "(Job No, Customer, Date In, Quantity, Status)" in msg
    # the words the sheet does name are not blamed, nor a light verb that names no rows ("sitting")
    assert "'jobs'" not in msg and "'how'" not in msg and "'sitting'" not in msg


def test_a_value_of_the_sheet_is_never_called_unplaced(jobs):
    assert "pinewood" not in unread_words("pinewood's zorbly quantity", jobs)
    assert unread_words("pinewood's zorbly quantity", jobs) == ["zorbly"]


def test_a_chinese_refusal_marks_the_characters_where_they_stand(sales):
    assert marked_request("这半个月总营业额多少", sales) == "这【半】个【月】总营业额多少"
    with pytest.raises(TaskError) as err:
        formula("这半个月总营业额多少", sheet=sales, method="rules")
    assert "“这【半】个【月】总营业额多少”中【】里的字对不上" in err.value.message
    assert "（列：日期、门店、营业额）" in err.value.message
