"""A form filled in by the founder keeps the form's own example answers ("*Example: ARR $2.0M*",
"示例：…"): those figures are the form's, never the company's, so the reader drops the lines
(document._EXAMPLE_LINE).  A fill from such a form once took its founding year from the example
line, a fact the company never stated.  The documents are of fictitious companies written here."""

from __future__ import annotations

from tests.tasks.fill_docs import pitch

_FORM = ("# Quarterly investor update — founder form\n\n"
         "*Replace the example values in italics with your own.*\n\n"
         "## 1. Company\n\n"
         "*Example: \"Acme makes invoicing software for vets. Founded 2017.\"*\n\n"
         "Larkspur Robotics makes shelf-scanning robots for grocery stores. Founded in 2021.\n\n"
         "## 2. Traction\n\n"
         "*Example: ARR $2.0M · YoY growth 40% · customers 150*\n\n"
         "ARR $1.3M, up 85% year on year, 42 grocery chains as customers.\n")


def test_a_forms_example_answers_are_not_the_companys_figures():
    r = pitch(_FORM)
    assert r.data["company"]["founded"] == "2021-01-01"
    assert r.data["traction"]["arr"] == 1_300_000
    assert r.data["traction"]["growth"] == 0.85
