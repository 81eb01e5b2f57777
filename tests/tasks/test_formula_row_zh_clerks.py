"""Chinese per-row requests said the way shop clerks type them (issue 16 item 1).

A mobile number masked "前三后四" or with no count at all (the way such numbers are quoted),
whose number it is said before the column ("会员手机号打码"), and more of the classes a
clerk asks one value per row for.  Values are checked on small sheets written here.
"""

import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import read_sheet


def _at(r, s, row):
    return evaluate(r.intent["template"].replace("{r}", str(row)), s).value


@pytest.fixture
def members(tmp_path):
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "会员"
    for row in (["卡号", "会员", "手机号", "储值", "消费"],
                ["V0012345678", "周敏", "13812345678", 500, 320],
                ["V0087654321", "吴涛", "15987654321", 300, 300],
                ["V0011112222", "郑丽", "18600001111", 1000, 150]):
        ws.append(row)  # the phone numbers typed as text, as a shop's export keeps them
    wb.save(tmp_path / "members.xlsx")
    return read_sheet(tmp_path / "members.xlsx")


@pytest.mark.parametrize("said", ["手机号打码，只留前三后四", "会员手机号脱敏一下，前三后四", "把手机号打码",
                                  "会员的手机号隐藏一下"])
def test_a_mobile_number_masked_as_it_is_quoted(members, said):
    r = formula(said, members, "F2", method="rules")
    assert r.formula == '=LEFT(C2,3)&"****"&RIGHT(C2,4)' and r.value == "138****5678"
    assert _at(r, members, 4) == "186****1111"


def test_a_mask_with_no_count_needs_the_mobile_column_named(members):
    for said in ("卡号打码", "打码"):  # 卡号 is 11 characters too, but not a mobile number
        with pytest.raises(TaskError):
            formula(said, members, "F2", method="rules")
