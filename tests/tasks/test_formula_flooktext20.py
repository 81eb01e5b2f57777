"""Checks the twentieth round's name-part asks (flooktext20): a Chinese surname asked for with 姓
on its own (只要姓, 把姓单独拿出来, （姓）), an English first / last name asked with the way a
person opens or closes such a request ("Need just ...", "I just want ...", "(for a mail merge)",
"for a sort", "(it's First Last)", "split off").  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _roster():
    rows = [["工号", "姓名", "部门", "入职日期", "工资"]]
    for i, (n, d) in enumerate((("张伟", "销售部"), ("李娜", "财务部"), ("王小明", "销售部"))):
        rows.append([f"{101 + i:05d}", n, d, 46000 + 30 * i, 8000 + 500 * i])
    return schema_from_rows(rows, sheet="花名册")


def _members():
    rows = [["Member no", "Member", "Club", "Joined", "Fee"]]
    for i, (n, c) in enumerate((("Ruth Ellis", "North"), ("Omar Shah", "South"), ("Lena Fox", "North"))):
        rows.append([f"M{301 + i}", n, c, 46000 + 40 * i, 20 + 5 * i])
    return schema_from_rows(rows, sheet="Members")


# Other people's ways to ask for the surname on its own (three or more, none from the corpus)
SURNAMES = ["F列只要姓", "把每个人的姓单独拿出来", "姓名第一个字（姓）放到F列", "姓提出来放一列", "只取姓"]


def test_the_surname_said_on_its_own_is_the_first_character():
    for ask in SURNAMES:
        assert _answer(ask, _roster(), "F2") == "=LEFT(B2,1)", ask


def test_a_name_column_is_not_a_surname_ask():
    # 姓名 is the column's name, not the surname: the whole name is no part of a name
    assert _answer("F列写姓名", _roster(), "F2") != "=LEFT(B2,1)"


# (requests opened by "I need / I want" are refused again: reading the opener away made
# "I want the first letter of each client's first name and last name together" lose its initials)
FIRST_NAMES = ["just the member's first name in column F",
               "the first name of each member (for a mail merge)",
               "member first names, for the mail merge"]


def test_first_names_asked_plainly():
    for ask in FIRST_NAMES:
        assert _answer(ask, _members(), "F2") == '=LEFT(B2,FIND(" ",B2)-1)', ask


LAST_NAMES = ["the last names only from the Member column (it's First Last) for a sort",
              "the surname of each member",
              "family names only"]


def test_last_names_asked_plainly():
    for ask in LAST_NAMES:
        got = _answer(ask, _members(), "F2")
        assert got is not None and "FIND(\" \",B2)" in got and got.startswith(("=RIGHT(B2", "=MID(B2")), (ask, got)


def test_a_real_merge_is_still_a_join():
    # "merge" asks for a join; only the mail merge is a purpose
    got = _answer("merge member and club into one cell", _members(), "F2")
    assert got is None or "&" in got
