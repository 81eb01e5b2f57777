"""Checks the sixteenth round's lead added: an English label typed in lower case is written the
way a sheet shows labels (Keep, Review), unless the user quoted it or the sheet already holds it
in lower case.  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.labelcase import cased
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _jobs(status=("done", "booked", "done")):
    rows = [["Job", "Hours", "Status"]]
    for i, s in enumerate(status):
        rows.append([f"J-{10 + i}", 3 * i + 2, s])
    return schema_from_rows(rows, sheet="Jobs")


def test_a_lower_case_pair_is_written_capitalised():
    r = _answer("long/short flag per job (long = over 4 hours)", _jobs(), "D2")
    assert r is not None, "the pair should be read"
    assert '"Long"' in r.formula and '"Short"' in r.formula, r.formula


def test_the_value_shown_follows_the_label():
    assert cased("busy/quiet (busy = over 4)", '=IF(B2>4,"busy","quiet")', _jobs()) == '=IF(B2>4,"Busy","Quiet")'
    assert cased("in progress or done", '=IF(C2="","in progress","done")', _jobs()) \
        == '=IF(C2="","In progress","done")'  # "done" is the sheet's own value, kept


def test_quoted_labels_and_compared_values_keep_their_case():
    sheet = _jobs(("x", "y"))
    assert cased("write 'long' if over 4 hours", '=IF(B2>4,"long","")', sheet) == '=IF(B2>4,"long","")'
    # a value the formula compares with is the sheet's, never re-cased
    assert cased("flag x jobs", '=IF(C2="x","flag","")', sheet) == '=IF(C2="x","Flag","")'
    assert cased("count x", '=COUNTIF(C2:C3,"x")', sheet) == '=COUNTIF(C2:C3,"x")'


def test_chinese_requests_are_left_alone():
    assert cased("超过4小时的标long", '=IF(B2>4,"long","")', _jobs()) == '=IF(B2>4,"long","")'
