"""Lookups by a code people say without its zeros or prefix (the seventeenth round's lookup
helper).  Staff IDs, badges and refs are kept as text with their leading zeros ("0095"); people
type "employee 95", "staff id 0095", "badge no. 95".  These workbooks are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import build_schema


def _answer(request, sheet, cell=None):
    try:
        return formula(request, sheet, cell, method="rules")
    except TaskError:
        return None


def _staff():
    rows = [["Staff ID", "Name", "Team", "Days off", "Overtime"]]
    for i, (name, team) in enumerate([("Ana Body", "Red"), ("Ben Cole", "Blue"), ("Cy Dunn", "Red"),
                                      ("Di Egan", "Blue"), ("Ed Fry", "Red")]):
        rows.append([f"{41 + 7 * i:04d}", name, team, 3 + i, 2 * i + 1])
    # cells as a workbook keeps them: the IDs stay text with their zeros
    return build_schema({(r + 1, c + 1): v for r, row in enumerate(rows) for c, v in enumerate(row)}, "Staff")


def _value(text, sheet):
    ev = evaluate(text, sheet)
    assert ev.ok, (text, ev.error)
    return ev.value


def test_a_criterion_with_leading_zeros_matches_the_codes_kept_as_text():
    # Excel reads "0048" as the number 48 and matches the text "0048" by it
    sheet = _staff()
    assert _value('=SUMIF(A2:A6,"0048",D2:D6)', sheet) == 4
    assert _value('=COUNTIF(A2:A6,"0048")', sheet) == 1
    assert _value('=COUNTIF(A2:A6,"<>0048")', sheet) == 4
    assert _value('=SUMIFS(E2:E6,A2:A6,"0055",C2:C6,"Red")', sheet) == 5
    assert _value('=COUNTIF(A2:A6,"0.5")', sheet) == 0  # a decimal is left as it is


def test_a_number_column_for_one_staff_id_is_answered():
    # three people's ways of asking one row's Days off by an ID kept with its zeros
    sheet = _staff()
    for ask in ("days off for staff id 0048", "Days off of staff ID 0048", "staff id 0048 days off",
                "days off for employee 0048", "overtime for staff id 41"):
        r = _answer(ask, sheet)
        assert r is not None, ask
        assert _value(r.formula, sheet) == (1 if "overtime" in ask else 4), (ask, r.formula)


def _desk():
    rows = [["Ticket", "Opened", "Category", "Agent", "Requester", "Cost"]]
    people = ["Cat Doe", "Dan Eve", "Fay Gil", "Guy Ho", "Ivy Jo", "Kim Lu"]
    for i, who in enumerate(people):
        rows.append([f"HD-{1201 + i}", f"2026-11-0{i + 1}", ["Network", "Mail"][i % 2], ["Ann", "Bob"][i % 2],
                     who, 10 * i])
    return build_schema({(r + 1, c + 1): v for r, row in enumerate(rows) for c, v in enumerate(row)}, "Desk")


def test_who_is_the_column_named_answers_with_that_column():
    # "who is the agent" asks for the Agent, not the sheet's column of names (Requester)
    sheet = _desk()
    for ask in ("who is the agent on HD-1203", "who's the agent for ticket 1203", "who was the agent on ticket 1203"):
        r = _answer(ask, sheet)
        assert r is not None, ask
        assert r.formula.startswith("=INDEX(D2:D7,"), (ask, r.formula)
    r = _answer("who raised ticket 1203?", sheet)
    assert r is not None and r.formula.startswith("=INDEX(E2:E7,"), r and r.formula


def _jobs():
    rows = [["Job", "Customer", "Dropped", "Collected", "Quoted", "Invoiced"]]
    for i, who in enumerate(["Amy Ball", "Ben Cox", "Cal Dee", "Dot Elm", "Eve Fox", "Flo Gee"]):
        done = i < 4  # the newest jobs are not collected or invoiced yet: blank cells at the end
        rows.append([101 + i, who, f"2026-11-{10 + i}", f"2026-11-{20 + i}" if done else None, 40 + i,
                     45 + i if done else None])
    cells = {(r + 1, c + 1): v for r, row in enumerate(rows) for c, v in enumerate(row) if v is not None}
    for (r, c), v in list(cells.items()):
        if r > 1 and c in (3, 4) and isinstance(v, str):
            import datetime as dt

            cells[(r, c)] = dt.date.fromisoformat(v)
    return build_schema(cells, "Jobs")


def test_a_participle_header_is_named_by_its_verb():
    # Collected / Invoiced asked as collection, "collected date", "what did we invoice"
    sheet = _jobs()
    for ask, letter in (("collection date for job 102", "D"), ("collected date for job 102", "D"),
                        ("when was job 102 collected", "D"), ("what did we invoice for job 102", "F"),
                        ("invoiced amount on job 102", "F")):
        r = _answer(ask, sheet)
        assert r is not None, ask
        assert r.formula.startswith(f"=INDEX({letter}2:{letter}7,MATCH(102,A2:A7,0))"), (ask, r.formula)


def test_a_verb_another_header_holds_is_not_guessed():
    # "quote" is Quoted's verb, but "Quote no" holds it too: which one is asked is unclear
    rows = [["Quote no", "Client", "Quoted"], ["Q1", "Ann Lee", 5], ["Q2", "Bob Ray", 6]]
    sheet = build_schema({(r + 1, c + 1): v for r, row in enumerate(rows) for c, v in enumerate(row)}, "Quotes")
    from o3local.tasks.formula.participles import said_as_headers

    assert said_as_headers("quote for ann lee", sheet) is None
    assert said_as_headers("quotes for ann lee", sheet) is None


def test_an_answer_column_with_blank_last_cells_reaches_the_key_column_s_last_row():
    sheet = _jobs()
    r = _answer("invoiced for Ben Cox", sheet)
    assert r is not None and r.formula == '=INDEX(F2:F7,MATCH("Ben Cox",B2:B7,0))', r and r.formula
