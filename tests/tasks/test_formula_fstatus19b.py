"""Two-label statuses: the placing letter kept out of the label, the pair said before "whether"
matched to the date column it names, and a leading "To" kept in a label ("To do").

Phrasings a different person might type, on workbooks of our own: the target column named
mid-sentence ("put X in K next to ...") or first ("K = X if ..."), the pair written with "/" or
"or" and "depending on" / "based on whether", the label named by the date column's header or by
its verb's participle (Returned -> Return date)."""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _loans():
    """Item, Borrower, Lent (date), Returned (date, some empty), Settled (Yes/blank)."""
    rows = [["Item", "Borrower", "Lent", "Returned", "Settled"]]
    for i in range(6):
        rows.append([f"Drill {i}", f"Neighbour {i % 3}", dt.date(2026, 11, 1 + i),
                     dt.date(2026, 11, 10 + i) if i % 2 else None, "Yes" if i % 3 else None])
    return schema_from_rows(rows, sheet="Loans")


def test_the_placing_letter_is_not_part_of_the_label():
    sheet = _loans()
    for ask in ("put Remind in F next to anyone who hasn't settled",
                "F = Remind if Settled is empty",
                "write Remind in F for the ones not settled"):
        got = _answer(ask, sheet, "F2")
        assert got in ('=IF(E2="","Remind","")', '=IF(E2<>"Yes","Remind","")'), (ask, got)


def test_a_pair_before_whether_goes_by_the_date_column_it_names():
    sheet = _loans()
    want = '=IF(D2="","Out","Returned")'
    for ask in ("status col F -> Out / Returned depending on whether there's a returned date",
                "Out or Returned based on whether Returned has a date",
                "show Out / Returned depending on whether the Returned date is filled in"):
        got = _answer(ask, sheet, "F2")
        assert got in (want, '=IF(D2<>"","Returned","Out")'), (ask, got)


def test_a_label_that_starts_with_to_keeps_it():
    rows = [["Job", "Done", "Paid"]]
    for i in range(6):
        rows.append([f"J{i}", dt.date(2026, 10, 1 + i) if i % 3 else None, dt.date(2026, 10, 20 + i) if i % 2 else None])
    sheet = schema_from_rows(rows, sheet="Jobs")
    want = '=IF(B2="","To do",IF(C2="","To bill","Closed"))'
    for ask in ("To do if not done yet, To bill if done but not paid, Closed if paid",
                "Can you give me a formula that says To do when Done is empty, To bill when Paid is empty, otherwise Closed",
                "In D: To do when Done is empty, To bill when Paid is empty, else Closed"):
        assert _answer(ask, sheet, "D2") == want, ask


def _repairs():
    """单号, 报修日期, 约定期限 (date), 修复日期 (date, some empty)."""
    rows = [["单号", "报修日期", "约定期限", "修复日期"]]
    for i in range(6):
        rows.append([f"WX-{i}", dt.date(2026, 11, 1 + i), dt.date(2026, 12, 5 + 3 * i),
                     dt.date(2026, 11, 20 + i) if i % 3 == 0 else None])
    return schema_from_rows(rows, sheet="报修单")


ZH_STATUS = '=IF(D2<>"","已修复",IF(C2<DATE(2026,12,12),"逾期未修","处理中"))'


def test_zh_three_statuses_said_clause_by_clause():
    sheet = _repairs()
    for ask in ("今天是2026年12月12日，修复日期有值就是已修复，没有的话过了约定期限就写逾期未修，否则处理中",
                "按2026-12-12算，修复了的标已修复，没修复且过期的标逾期未修，其他标处理中",
                "修复日期不为空的写已修复；修复日期为空并且已经过了期限的写逾期未修；其余写处理中（今天2026年12月12日）"):
        assert _answer(ask, sheet, "E2") == ZH_STATUS, ask


def test_zh_statuses_without_the_rest_or_with_a_column_as_label_get_no_answer():
    from o3local.tasks.formula import zhstatuses

    sheet = _repairs()
    assert zhstatuses.read("修复日期有值就是已修复，过了期限就写逾期未修，没修复的写处理中", sheet) is not None
    assert zhstatuses.read("修复日期有值就是已修复，过了期限就写逾期未修", sheet) is None  # the rest not said
    assert zhstatuses.read("修复日期有值就是约定期限，过了期限就写逾期未修，否则处理中", sheet) is None  # a column


def _tickets():
    """Ticket, Priority (P1/P2/P3), Opened (date), Resolved (date, some empty)."""
    rows = [["Ticket", "Priority", "Opened", "Resolved"]]
    for i in range(9):
        rows.append([f"T{i}", ("P1", "P2", "P3")[i % 3], dt.date(2026, 11, 1 + i),
                     dt.date(2026, 11, 15 + i) if i % 2 else None])
    return schema_from_rows(rows, sheet="Tickets")


def test_alternatives_inside_an_and():
    sheet = _tickets()
    want = '=IF(AND(OR(B2="P1",B2="P2"),D2=""),"Escalate","")'
    for ask in ("Nested IF help: if Priority is P1 or P2 and there is no Resolved date, show Escalate, otherwise leave it blank",
                "Escalate if priority is P1 or P2 and no resolved date, else blank",
                "if P1 or P2 and Resolved is empty then Escalate, otherwise nothing"):
        assert _answer(ask, sheet, "E2") == want, ask
