"""English IF labels said after a frame that only asks for the column (``statuses.framed``).

Phrasings a different person might type for the same ask, on workbooks of our own: a frame of
asking words before the clauses ("Need a ... column:", "can u do an IF that says", "Mark each
job", "qc flag col -"), the labels named in the frame ("Heavy/OK column:"), two columns compared
("over the cap" = the Cap column), one column named in the frame that clauses naming no column
are about ("Rating column -> No rating if blank, ..."), labels that say what a row lacks ("No
rating").  Near misses get no answer: a frame that holds a condition ("For open jobs: ..."),
a frame naming labels the clauses do not give, two columns in the frame."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _weights():
    """Batch, Line, Weight (kg), Cap (kg): two numbers compared per row."""
    rows = [["Batch", "Line", "Weight", "Cap"]]
    for i in range(8):
        rows.append([f"B-{100 + i}", "East" if i % 2 else "West", 40 + (i * 7) % 23, 50])
    return schema_from_rows(rows, sheet="Batches")


def _jobs():
    """Job, Engineer, Minutes (a number), Rating (1-5, some empty)."""
    rows = [["Job", "Engineer", "Minutes", "Rating"]]
    for i in range(9):
        rows.append([f"J{i}", ["Ann", "Bo", "Cy"][i % 3], 20 + i * 9, None if i % 4 == 0 else 1 + i % 5])
    return schema_from_rows(rows, sheet="Jobs")


OVER = '=IF(C2>D2,"Heavy","OK")'


def test_a_frame_of_asking_words_before_two_clauses():
    sheet = _weights()
    for ask in ("Need a Heavy/OK column: Heavy when the weight is above the cap, OK otherwise",
                "can u do an IF that says Heavy if the Weight is more than the Cap, else OK",
                "could you give me a formula that shows Heavy if Weight > Cap, otherwise OK",
                "Mark each batch Heavy if its weight is over the cap, otherwise OK",
                "qc flag col - Heavy when Weight is above Cap, else OK"):
        assert _answer(ask, sheet, "E2") == OVER, ask


def test_a_frame_that_holds_more_than_asking_words_is_no_frame():
    sheet = _weights()
    # the frame names labels the clauses do not give: which is meant is not said
    assert _answer("Pass/Fail column: Heavy when Weight > Cap, OK otherwise", sheet, "E2") is None
    # two columns named in the frame: which one a clause without a column is about is not said
    assert _answer("Weight and Cap column: Over if blank, else OK", sheet, "E2") is None


RATED = '=IF(D2="","No rating",IF(D2>=4,"Good","Poor"))'


def test_clauses_about_the_column_the_frame_names():
    sheet = _jobs()
    for ask in ("Rating column -> No rating if blank, Good for 4+, Poor otherwise",
                "nested IF for the rating score: blank = No rating, 4+ = Good, anything else Poor",
                "rating col: empty -> No rating, 4 or more -> Good, else Poor",
                "for the Rating: No rating when empty, Good when 4 or more, otherwise Poor"):
        assert _answer(ask, sheet, "E2") == RATED, ask


def test_a_label_that_says_what_the_row_lacks():
    sheet = _jobs()
    assert _answer("No rating if Rating is blank, Good if Rating is 4 or more, Poor otherwise", sheet, "E2") == RATED
    assert _answer("Not rated when Rating is empty, Good when Rating >= 4, else Poor", sheet,
                   "E2") == '=IF(D2="","Not rated",IF(D2>=4,"Good","Poor"))'


def test_a_clause_naming_no_column_without_a_frame_column_gets_no_answer():
    sheet = _jobs()
    assert _answer("Put Good if it is 4 or more, No rating if blank, else Poor", sheet, "E2") is None
