"""Corpus cases of the AI tasks (formula, summarize, fill) that no model is needed to meet.

Through ``o3-local formula``, ``o3-local summarize`` and ``o3-local render --from``: a
request or text that is empty, too long or in an unsupported language, a workbook that
is empty, headerless or not one, a formula that refers to its own cell, a request the
rules cannot answer, a language no installed model writes.  Models are kept out
(``O3_MODELS_DIR`` is an empty folder), so nothing here loads one.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from o3local.errors import Problem

from .corpus import MANIFEST, Found, case, cli, package, raised, text, workbook

LEDGER = [["Region", "Amount", "Note"], ["North", 120, "a"], ["South", 80, "b"], ["North", 200, "c"]]


def no_models(t: Path) -> dict[str, str]:
    (t / "models").mkdir(exist_ok=True)
    return {"O3_MODELS_DIR": str(t / "models")}


def sheet(t: Path, rows: list[list[Any]] = LEDGER, name: str = "ledger.xlsx") -> Path:
    path = t / name
    path.write_bytes(workbook(rows))
    return path


def formula(t: Path, *args: str) -> Problem:
    return cli(["formula", *args], no_models(t))


# -- formula: the request and the options ---------------------------------------------------

case("task.empty", "the request is empty", "")(lambda t: formula(t, "   "))
case("task.too_long", "the request is longer than 2000 characters", "")(lambda t: formula(t, "sum " * 600))
case("usage.cell", "target cell '2D' is not a cell like D2", "")(
    lambda t: formula(t, "total amount", "--sheet", str(sheet(t)), "--cell", "2D"))
case("usage.sheet", "generating a formula needs the sheet", "")(lambda t: formula(t, "total amount"))
case("usage.write", "--write needs --sheet", "")(
    lambda t: formula(t, "total amount", "--write", str(t / "out.xlsx")))
case("usage.write", ("--write needs --cell", "the answer is one value"), "")(
    lambda t: formula(t, "total amount", "--sheet", str(sheet(t)), "--write", str(t / "out.xlsx")))


def _api(**kw: Any) -> Found:
    from o3local.tasks.formula import formula as run

    return raised(lambda: run("total amount", None, **kw))


case("usage.target", ("excel-97", "portable"), "")(lambda t: _api(target="excel-97"))
case("usage.mode", "unknown mode 'fix' (use generate, repair or complete)", "")(lambda t: _api(mode="fix"))
case("usage.method", "unknown method 'magic' (use auto, rules or llm)", "")(lambda t: _api(method="magic"))

# -- formula: the workbook ------------------------------------------------------------------

case("data.sheet", ("no sheet named 'Sales'", "sheets: Sheet"), "ledger.xlsx")(
    lambda t: formula(t, "total amount", "--sheet", str(sheet(t)), "--sheet-name", "Sales"))
case("data.empty", "the sheet is empty", "empty.xlsx /Sheet")(
    lambda t: formula(t, "total amount", "--sheet", str(sheet(t, [], "empty.xlsx"))))
case("data.no_header", ("the sheet has no header row: B1 holds a value (2024.5)", "not a column name"),
     "numbers.xlsx /Sheet/B1")(
    lambda t: formula(t, "total amount", "--sheet", str(sheet(t, [["Region", 2024.5], ["North", 1]], "numbers.xlsx"))))


@case("data.read", "cannot read the workbook", "notes.xlsx")
def _zip_not_workbook(t: Path) -> Found:
    with zipfile.ZipFile(t / "notes.xlsx", "w") as z:
        z.writestr("notes.txt", "a zip, but no workbook inside")
    return formula(t, "total amount", "--sheet", str(t / "notes.xlsx"))


# -- formula: answers that do not pass their checks -----------------------------------------

case("task.unanswerable", ("cannot answer 'make me a sandwich'", "'sandwich' matches no column, value or operation", "(Region, Amount, Note)"),
     "")(
    lambda t: formula(t, "make me a sandwich", "--sheet", str(sheet(t)), "--method", "rules"))
case("task.circular", "refers to its own cell B3 (circular reference)", "")(
    lambda t: formula(t, "=SUM(B2:B4", "--mode", "repair", "--sheet", str(sheet(t)), "--cell", "B3"))
case("task.target", ("FILTER", "which portable does not compute"), "")(
    lambda t: formula(t, "list the regions where amount is over 100", "--sheet", str(sheet(t)),
                      "--method", "rules"))
case("task.group_by", "one result per Region", "")(
    lambda t: raised(lambda: __import__("o3local.tasks.formula", fromlist=["formula"]).formula(
        "total amount by region", str(sheet(t)), method="rules", target="excel-365")))


case("task.evaluate", "the formula =B2/0 does not evaluate on the sheet: #DIV/0!", "")(
    lambda t: formula(t, "=B2/0", "--mode", "repair", "--sheet", str(sheet(t))))
case("task.evaluate", "unknown name 'TOTAL' (not a cell, range or function)", "")(
    lambda t: formula(t, "=total*2", "--mode", "repair", "--sheet", str(sheet(t))))
case("task.function", "unknown function FOOBAR", "")(
    lambda t: formula(t, "=FOOBAR(B2)", "--mode", "repair", "--sheet", str(sheet(t))))
case("task.repair", "cannot repair the formula '=)'", "")(
    lambda t: formula(t, "=)", "--mode", "repair", "--sheet", str(sheet(t))))
case("task.complete", "cannot complete '=SUM(B2:B4)+' without a model", "")(
    lambda t: formula(t, "=SUM(B2:B4)+", "--mode", "complete", "--sheet", str(sheet(t))))


@case("task.cell_taken", "cell A2 already holds 'North'; choose an empty cell", "")
def _cell_taken(t: Path) -> Found:
    path = sheet(t)
    err = formula(t, "=1+1", "--mode", "repair", "--sheet", str(path), "--cell", "A2", "--write", str(t / "out.xlsx"))
    assert not (t / "out.xlsx").exists()
    return err


# -- summarize ------------------------------------------------------------------------------

def summarize(t: Path, content: str, *args: str, name: str = "notes.txt") -> Problem:
    (t / name).write_text(content, encoding="utf-8")
    return cli(["summarize", str(t / name), *args], no_models(t))


case("task.empty", "the text is empty: nothing to summarize", "notes.txt")(lambda t: summarize(t, "  \n\n "))
case("task.empty", "the text has no words to summarize", "notes.txt")(lambda t: summarize(t, "1234 5678 -- 42."))
case("task.language", ("the text looks like Japanese", "--lang en"), "notes.txt")(
    lambda t: summarize(t, "これは日本語の文章です。会議は明日の午後に行われます。よろしくお願いします。" * 3))
case("task.language", ("the text looks like French", "--lang en"), "notes.txt")(
    lambda t: summarize(t, "Le rapport de la société est dans le dossier et les chiffres sont pour le mois. " * 4))
case("usage.lang", "unknown language 'fr' (use auto, en or zh)", "")(
    lambda t: summarize(t, "The report is ready.", "--lang", "fr"))
case("usage.max_chars", "max_chars must be an integer >=", "")(
    lambda t: summarize(t, "The report is ready.", "--max-chars", "3"))


@case("task.too_long", ("the text has 2,000,001 characters; the limit is 2,000,000", "split the document"),
      "notes.txt")
def _too_long(t: Path) -> Found:
    return summarize(t, "a" * 2_000_001)


def _summarize_api(value: Any, **kw: Any) -> Found:
    from o3local.tasks.summarize import summarize as run

    return raised(lambda: run(value, **kw))


case("usage.text", "text must be a string", "")(lambda t: _summarize_api(b"bytes"))
case("usage.style", "unknown style 'poem' (use paragraph, bullets or headline)", "")(
    lambda t: _summarize_api("The report is ready.", style="poem"))

# -- fill: a template's inputs from the user's document -------------------------------------


def fill(t: Path, pkg: Path, source: str, *args: str) -> Problem:
    (t / "memo.md").write_text(source, encoding="utf-8")
    return cli(["render", str(pkg), "--from", str(t / "memo.md"), "--fill-only", "-o", str(t / "data.json"),
                *args], no_models(t))


FILL_MANIFEST = dict(MANIFEST, required_permissions=["read:document", "write:document"],
                     inputs={"type": "object", "properties": {"title": {"type": "string"}}})

case("task.no_model", ("no installed model writes this document's language", "o3-local models build"), "memo.md")(
    lambda t: fill(t, package(t, text("{{ title }}"), FILL_MANIFEST),
                   "# Quarterly plan\n\nWe will open two stores.", "--fill-method", "model"))


@case("task.model_language", "the model smollm2-135m-instruct does not write this document's language (zh)", "")
def _model_language(t: Path) -> Found:
    # the Python API names the model (the CLI picks one that writes the language)
    import os

    from o3local.tasks.fill import fill as run

    (t / "plan.md").write_text("# 季度计划\n\n我们将在上海开设两家新店。", encoding="utf-8")
    saved = os.environ.get("O3_MODELS_DIR")
    os.environ["O3_MODELS_DIR"] = no_models(t)["O3_MODELS_DIR"]
    try:
        return raised(lambda: run(FILL_MANIFEST["inputs"], str(t / "plan.md"), method="model",
                                  model="smollm2-135m-instruct"))
    finally:
        if saved is None:
            del os.environ["O3_MODELS_DIR"]
        else:
            os.environ["O3_MODELS_DIR"] = saved


@case("usage.fill_schema", "has no inputs schema to fill", "")
def _no_inputs(t: Path) -> Found:
    manifest = {k: v for k, v in FILL_MANIFEST.items() if k != "inputs"}
    return fill(t, package(t, text("hello"), manifest), "# Plan\n\nSome text.")


@case("task.too_long", "a fill reads at most", "memo.md")
def _fill_too_long(t: Path) -> Found:
    return fill(t, package(t, text("{{ title }}"), FILL_MANIFEST), "word " * 400_000)
