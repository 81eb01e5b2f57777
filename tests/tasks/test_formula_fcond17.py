"""Conditional counts and totals over rows not done yet (fcond17): the blank of a date or a
status column said as "no closed date", "still open", "waiting on a decision", "未回款", beside
the request's other conditions.  These workbooks are our own.

Phrasings a different person would type for the same asks (generality discipline):
- tickets of one agent still open: "how many of Ava's tickets are still open (no resolved date)",
  "count tickets for Ava with no resolved date", "open tickets for Ava with no resolved date, how many";
- bids still undecided: "how many of our bids are still waiting on a decision",
  "how many applications are waiting for a decision", "count of open bids";
- quotes still open: "total value of open quotes", "how many quotes are pending",
  "open quotes for Delta Ltd, total value";
- money not collected: "未回款金额合计", "未回款的金额合计", "还没回款的金额一共多少".
"""

from __future__ import annotations

import datetime as dt

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _tickets():
    """Resolved is a date left empty until the ticket is resolved; Resolved at is its time."""
    rows = [["Ref", "Logged", "Resolved", "Resolved at", "Agent", "Priority"]]
    agents = ["Ava Stone", "Liam Roy", "Ava Stone", "Mia Chen", "Liam Roy", "Ava Stone", "Mia Chen"]
    for i, agent in enumerate(agents):
        done = i % 3 != 0
        rows.append([f"T{200 + i}", dt.date(2026, 10, 1 + i), dt.date(2026, 10, 5 + i) if done else None,
                     "10:30" if done else None, agent, "High" if i % 2 else "Low"])
    return schema_from_rows(rows, sheet="Tickets")


def test_no_resolved_date_beside_a_resolved_time_is_the_date_column():
    sheet = _tickets()
    for said in ("count tickets for Ava with no resolved date",
                 "how many of Ava's tickets have no resolved date",
                 "open tickets for Ava with no resolved date, how many"):
        # (the Resolved range starts blank: it goes last, as LibreOffice needs, see ifsorder.py)
        assert _answer(said, sheet) == '=COUNTIFS(E2:E8,"Ava Stone",C2:C8,"")', said


def test_a_condition_between_two_not_done_words_is_kept():
    # "open ... for Ava ... no resolved date": Ava is never dropped between the two
    got = _answer("how many open tickets for Ava have no resolved date", _tickets())
    assert got in (None, '=COUNTIFS(E2:E8,"Ava Stone",C2:C8,"")'), got  # (the blank-started range last)


def test_with_no_is_a_negation_not_a_number_column():
    sheet = _tickets()
    assert _answer("how many tickets have no resolved date", sheet) == "=COUNTBLANK(C2:C8)"
    assert _answer("nos of tickets with no resolved date", sheet) == "=COUNTBLANK(C2:C8)"


def _grants():
    """Decision is Awarded / Declined, empty while the funder has not decided."""
    rows = [["Ref", "Funder", "Requested", "Decision", "Awarded"]]
    data = [("Arts Fund", 5000, "Awarded", 4000), ("Tree Trust", 3000, None, None),
            ("Arts Fund", 2500, "Declined", 0), ("Bell Trust", 8000, None, None),
            ("Tree Trust", 1200, "Awarded", 1200)]
    for i, (funder, asked, decision, got) in enumerate(data):
        rows.append([f"G{i + 1}", funder, asked, decision, got])
    return schema_from_rows(rows, sheet="Grants")


def test_waiting_on_a_decision_is_the_empty_decision():
    sheet = _grants()
    for said in ("how many of our bids are still waiting on a decision?",
                 "how many applications are waiting for a decision",
                 "how many bids are still pending"):
        assert _answer(said, sheet) == "=COUNTBLANK(D2:D6)", said
    assert _answer("total requested still waiting on a decision", sheet) == '=SUMIFS(C2:C6,D2:D6,"")'


def test_how_many_of_our_rows_counts_the_rows():
    sheet = _grants()
    assert _answer("how many of our applications were declined", sheet) == '=COUNTIF(D2:D6,"Declined")'


def _quotes(statuses=("Won", None, "Lost", None, "Won", None)):
    rows = [["Quote", "Client", "Value", "Status"]]
    clients = ["Delta Ltd", "Kite Co", "Delta Ltd", "Delta Ltd", "Kite Co", "Kite Co"]
    for i, (client, status) in enumerate(zip(clients, statuses, strict=True)):
        rows.append([f"Q{i + 1}", client, 1000 + 250 * i, status])
    return schema_from_rows(rows, sheet="Quotes")


def test_open_quotes_are_those_with_no_status_yet():
    sheet = _quotes()
    assert _answer("total value of open quotes", sheet) == '=SUMIFS(C2:C7,D2:D7,"")'
    assert _answer("how many quotes are pending", sheet) == "=COUNTBLANK(D2:D7)"
    assert _answer("open quotes for Delta Ltd, total value", sheet) == '=SUMIFS(C2:C7,D2:D7,"",B2:B7,"Delta Ltd")'


def test_a_status_that_says_open_itself_is_read_as_that_value():
    sheet = _quotes(("Won", "Open", "Lost", "Open", "Won", "Lost"))
    assert _answer("how many quotes are open", sheet) == '=COUNTIF(D2:D7,"Open")'


def test_a_status_column_with_no_blank_is_not_guessed():
    # every quote decided: "open" names no rows here, and is not read as all of them
    got = _answer("how many quotes are still open", _quotes(("Won", "Lost", "Won", "Lost", "Won", "Lost")))
    assert got is None or "COUNTBLANK" not in got, got


def _invoices():
    rows = [["发票号", "客户", "金额(元)", "回款日期"]]
    data = [("华泰", 1200, dt.date(2026, 9, 1)), ("东盛", 800, None), ("华泰", 560, None),
            ("东盛", 1500, dt.date(2026, 9, 20))]
    for i, (client, amount, paid) in enumerate(data):
        rows.append([f"FP{i + 1}", client, amount, paid])
    return schema_from_rows(rows, sheet="开票")


def test_not_collected_amount_with_the_unit_in_the_header():
    sheet = _invoices()
    for said in ("未回款金额合计", "未回款的金额合计", "还没回款的金额一共多少"):
        assert _answer(said, sheet) == '=SUMIFS(C2:C5,D2:D5,"")', said


def _deals(header="Value"):
    rows = [["Deal", "Region", header]]
    for i, (region, value) in enumerate([("North", 7200), ("South", 3100), ("North", 4800), ("North", 12500)]):
        rows.append([f"D{i + 1}", region, value if header == "Value" else value / 1000])
    return schema_from_rows(rows, sheet="Deals")


def test_a_threshold_in_thousands_is_written_out():
    sheet = _deals()
    for said in ("number of deals in north over 5k", "count North deals over 5K",
                 "how many North deals were over 5000"):
        got = _answer(said, sheet)
        assert got in (None, '=COUNTIFS(B2:B5,"North",C2:C5,">5000")'), (said, got)
    assert _answer("number of deals in north over 5k", sheet) == '=COUNTIFS(B2:B5,"North",C2:C5,">5000")'
    assert _answer("how many deals were over £2.5k", sheet) == '=COUNTIF(C2:C5,">2500")'


def test_a_sheet_in_thousands_keeps_the_k_figure():
    # Value (£k) holds 7.2, 3.1 ...: "over 5k" is its 5, never 5000
    got = _answer("number of deals in north over 5k", _deals("Value (£k)"))
    assert got is None or ">5000" not in got, got
