"""Spreadsheet formulas from requests, plus repair and completion, checked by evaluation.

:func:`formula` is the one entry point.  Whatever produced the answer (the
rule reader, the LLM filling the typed intent, or the LLM writing a formula
under a grammar), the answer is parsed and computed on the real sheet before
it is returned; an answer that fails is retried or refused, never passed on.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ...errors import TaskError, UsageError
from .engine import Evaluation, evaluate
from .intent import Intent, explain
from .repair import complete_rules, repair
from .rules import read_request
from .schema import SheetSchema, read_sheet
from .syntax import check
from .thousands import written_out

# The readers search with about 2,000 distinct fixed patterns (the lexicon's and their own) per
# request; ``re`` keeps 512 compiled patterns and drops the oldest, so each request compiled most of
# them again: 58 % of a request's time.  A larger cache (a few MB) holds them all.
re._MAXCACHE = max(getattr(re, "_MAXCACHE", 0), 8192)  # noqa: SLF001 - the only knob re has

Mode = Literal["generate", "repair", "complete"]
Method = Literal["auto", "rules", "llm"]
MAX_REQUEST_CHARS = 2000
#: models ``auto`` lets ground a word the rules do not know (``ground.py``: the model
#: only chooses among the sheet's headers and values; the rules write the formula).
#: Qwen2.5-Coder-0.5B on formula-dev2 (in-sample: tune + the spent blind part), rules
#: then grounding vs rules alone: tune 235 / 0 wrong both, blind 102 / 4 vs 100 / 4;
#: with the synonym lexicon emptied (bench/eval_formula_ablated.py) tune 178 / 1 vs
#: 175 / 1, blind 86 / 3 vs 84 / 3: more right, never more wrong; p95 2.0 s per request
#: (docs/formula-llm.md).  ``auto`` never lets a model write an intent or a formula
#: (SmolLM2-135M 0 %; Qwen 0.5B 3 right / 3 wrong on the rules' refusals): method="llm" only.
#: Then formula-dev3's blind part (243 requests nobody tuned on, scored once at b948964):
#: rules 55 right / 7 wrong (2.9 %), rules + Qwen grounding 61 / 9 (3.7 %): the model's
#: 9 answers were 7 right and 2 wrong (a must-refuse "total minibar charges" grounded to a
#: charge column, 底薪 to the wrong column), over the issue's 3 % cap.  So no model is
#: trusted: grounding runs with method="llm" (or a caller adding a model here).  formula-dev4's
#: blind part (276, scored once at e49f728): rules 97 right / 11 wrong, with Qwen grounding
#: 100 / 12 (its 4 answers: 3 right, 1 wrong) — still not trusted.
TRUSTED_MODELS: frozenset[str] = frozenset()
#: after grounding and the paraphraser, let the model rank the canonical phrasings the code
#: lists over the sheet (``rank.py``), where a model is allowed at all (see _llm_allowed).
#: OFF: measured at its 2-nat margin (chosen on formula-dev5's tune part: +13 right / +1 wrong
#: there) it added 7 right / 10 wrong on formula-dev5's spent blind part and 13 right / 12
#: wrong on formula-dev4's (docs/formula-llm.md), far over the 3 % wrong-answer cap
RANKING = False


def _llm_allowed(method: str, model: str | None) -> bool:
    if method == "llm":
        return True
    if method != "auto":
        return False
    try:
        from ...models import resolve_model

        return resolve_model(model, "formula-generation") in TRUSTED_MODELS
    except Exception:  # no model runtime or no model installed
        return False
_CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d{1,7})$")


@dataclass
class FormulaResult:
    """An answer: the formula, its computed value on the sheet, and what it does."""

    formula: str
    value: Any
    explanation: str
    method: str
    mode: str
    intent: dict[str, Any] | None = None
    target_cell: str | None = None
    notes: list[str] = field(default_factory=list)
    #: for a per-row answer, the cells it fills down to ("J2:J13"), its first cell the target
    fill_range: str | None = None
    #: which word of the request the local model read as which column or value (None: none)
    grounding: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _schema(sheet: str | os.PathLike[str] | SheetSchema | None) -> SheetSchema | None:
    if sheet is None or isinstance(sheet, SheetSchema):
        return sheet
    return read_sheet(sheet)


def _target(cell: str | None) -> str | None:
    if cell is None:
        return None
    m = _CELL.match(cell.strip())
    if not m or int(m.group(2)) < 1:
        raise UsageError(f"target cell {cell!r} is not a cell like D2", code="usage.cell")
    return f"{m.group(1).upper()}{m.group(2)}"


def _verified(text: str, schema: SheetSchema | None, target: str | None) -> Evaluation:
    """Parse, then evaluate on the sheet; raise :class:`TaskError` on any failure."""
    check(text)
    if target and schema is not None and _covers(text, target, schema):
        raise TaskError(f"the formula refers to its own cell {target} (circular reference)",
                        code="task.circular")
    if schema is None:
        return Evaluation(text, None)
    ev = evaluate(text, schema)
    if not ev.ok:
        raise TaskError(f"the formula {text} does not evaluate on the sheet: {ev.error}",
                        code="task.evaluate")
    return ev


def _for_target(request: str, text: str, app: str) -> None:
    """Refuse an answer the target application would show as #NAME?."""
    from .targets import unsupported

    missing = unsupported(text, app, request)
    if missing:
        raise TaskError(f"the answer {text} uses {', '.join(missing)}, which {app} does not compute "
                        f"(target excel-365 allows it)", code="task.target")


def _sane(request: str, text: str, schema: SheetSchema) -> None:
    """Refuse a formula that reads headers, adds up IDs or drops a month or number (issue 16 item 5)."""
    from .checks import problems

    why = problems(request, text, schema)
    if why:
        raise TaskError(f"the formula {text} does not answer the request: {why}", code="task.check")


def _covers(text: str, target: str, schema: SheetSchema) -> bool:
    from .engine import bounded, references
    from .schema import col_index

    m = _CELL.match(target)
    tc, tr = col_index(m.group(1)), int(m.group(2))
    for ref in references(bounded(text, schema)):
        cells = re.findall(r"\$?([A-Z]{1,3})\$?(\d+)", ref.split("!")[-1])
        if not cells:
            continue
        (c1, r1), (c2, r2) = cells[0], cells[-1]
        if col_index(c1) <= tc <= col_index(c2) and int(r1) <= tr <= int(r2):
            return True
    return False


def formula(
    request: str,
    sheet: str | os.PathLike[str] | SheetSchema | None = None,
    target_cell: str | None = None,
    *,
    mode: Mode = "generate",
    method: Method = "auto",
    model: str | None = None,
    target: str = "portable",
) -> FormulaResult:
    """Answer ``request`` with a checked Excel formula.

    ``mode="generate"`` reads a request in English or Chinese against
    ``sheet`` (an .xlsx path or a :class:`SheetSchema`); ``"repair"`` fixes
    the broken formula given as ``request``; ``"complete"`` finishes a prefix.
    ``target`` is the application the formula is for (``portable``, the default:
    what Excel 2016, Excel 365, WPS and LibreOffice 7 all compute; or
    ``excel-2016``, ``excel-365``, ``wps``, ``libreoffice``); a generated
    answer using a function the target lacks is refused.
    Raises :class:`TaskError` when no answer passes the checks.
    """
    from .targets import lacks

    lacks(target)  # an unknown target is a usage error before any work
    if not isinstance(request, str) or not request.strip():
        raise TaskError("the request is empty", code="task.empty")
    if len(request) > MAX_REQUEST_CHARS:
        raise TaskError(f"the request is longer than {MAX_REQUEST_CHARS} characters",
                        code="task.too_long")
    if mode not in ("generate", "repair", "complete"):
        raise UsageError(f"unknown mode {mode!r} (use generate, repair or complete)",
                         code="usage.mode")
    if method not in ("auto", "rules", "llm"):
        raise UsageError(f"unknown method {method!r} (use auto, rules or llm)", code="usage.method")
    app = target
    target = _target(target_cell)
    schema = _schema(sheet)
    if mode == "repair":
        fixed = repair(request)  # parses by construction (user-defined functions kept)
        ev = _verified(fixed, schema, target) if schema is not None else Evaluation(fixed, None)
        return _as_shown(FormulaResult(fixed, ev.value, f"repaired {request.strip()!r}", "rules",
                                       mode, target_cell=target), schema)
    if mode == "complete":
        return _complete(request, schema, target, method, model)
    if schema is None:
        raise UsageError("generating a formula needs the sheet (sheet=...)", code="usage.sheet")
    result = _generate(request, schema, target, method, model)
    if "FILTER" in lacks(app):  # "查一下谢玉兰的手机号" read as FILTER: one row's answer, INDEX/MATCH
        from .filterone import as_index_match

        one = as_index_match(request, result.formula, schema)
        if one is not None:
            result.formula, result.value = one, _verified(one, schema, target).value
    _for_target(request, result.formula, app)
    from .labelcase import cased

    shown = cased(request, result.formula, schema)  # "keep/review" -> Keep / Review, as sheets show labels
    from .ifsorder import first_range_filled

    shown = first_range_filled(shown, schema)  # LibreOffice's COUNTIFS skips its first range's leading blanks
    if shown != result.formula:
        result.formula, result.value = shown, _verified(shown, schema, target).value
    from .explanation import explain_formula, inclusive_note, language
    from .textnumbers import converted_columns, plain

    said = explain_formula(plain(result.formula), schema, language(request),
                           per_row=result.fill_range is not None)
    if said:
        said += inclusive_note(request, result.formula)
    texts = converted_columns(result.formula, schema)
    if said and texts:  # why the formula is longer than the request
        said += (f"（{'、'.join(texts)}是以文本存储的数字，公式已换算）" if language(request) == "zh"
                 else f" ({', '.join(texts)}: numbers stored as text, converted)")
    if said:  # the reader's own line stays where the formula cannot be said
        zh = language(request) == "zh"
        result.explanation = (f"{result.grounding}{'：' if zh else ': '}{said}" if result.grounding
                              else said)
    return result


def _complete(request: str, schema: SheetSchema | None, target: str | None, method: str,
              model: str | None) -> FormulaResult:
    notes: list[str] = []
    if method in ("auto", "rules"):
        try:
            text = complete_rules(request)
            ev = _verified(text, schema, target)
            return _as_shown(FormulaResult(text, ev.value, "closed what the prefix left open",
                                           "rules", "complete", target_cell=target), schema)
        except TaskError as err:
            if not _llm_allowed(method, model):
                raise
            notes.append(err.message)
    from .llm import complete_llm

    text = complete_llm(request, schema, model, required=method == "llm")
    if text is None:
        raise TaskError(f"cannot complete {request!r}: " + "; ".join(notes)
                        + " (no local model is installed for a better guess)",
                        code="task.complete")
    ev = _verified(text, schema, target)
    return _as_shown(FormulaResult(text, ev.value, "completed by the local model", "llm",
                                   "complete", target_cell=target, notes=notes), schema)


def _as_shown(result: FormulaResult, schema: SheetSchema | None) -> FormulaResult:
    """A repaired or completed formula is the user's own: where the spreadsheet would show
    another value than the check computed (numbers stored as text), say so instead of the value."""
    from .textnumbers import excel_differs

    why = excel_differs(result.formula, schema) if schema is not None else None
    if why:
        result.value = None
        result.explanation += f"; {why}"
        result.notes.append(why)
    return result


def _per_row(request: str, schema: SheetSchema, target: str) -> FormulaResult | None:
    """The per-row family's answer for ``target``, checked on its row and two others."""
    from .rows import read as read_row
    from .schema import col_index

    m = _CELL.match(target)
    col, row = col_index(m.group(1)), int(m.group(2))
    first = min(c.first_row for c in schema.columns)
    last = max(c.last_row for c in schema.columns)
    if not first <= row <= last:
        return None  # not a data row: no formula to fill down
    reading = read_row(request, schema, col)
    if reading is None and schema.others:  # "hourly rate for each booking from the Plans tab"
        from .lookups import read_row as read_row_lookup
        from .rows import clause_read

        reading = clause_read(request, schema, col, read_row_lookup) or read_row_lookup(request, schema, col)
    if reading is None:
        return None
    from .rowbase import RowReading
    from .rowguard import guarded
    from .textnumbers import convert

    # "1.5" stored as text: the formula converts it
    reading = RowReading(convert(reading.template, schema), reading.explanation, reading.consumed)
    if not _reads_cells(reading.at(row)):
        return None  # "=1/9/2026" from "(to 1/9/2026)": a constant is the same on every row, no per-row answer
    if "{p}" in reading.template:  # reads the row above: not on the first data row
        if row == first:
            return None
        first += 1
    from .checks import header_reference, identifier_sum, operation_ignored, per_row_problems

    why = header_reference(reading.at(row), schema) or identifier_sum(reading.at(row), schema) \
        or operation_ignored(request, reading.at(row), schema) \
        or per_row_problems(request, reading.at(row), schema)
    if why:
        raise TaskError(f"the formula {reading.at(row)} does not answer the request: {why}",
                        code="task.check")
    # checked as read; then a difference of a date or time left blank on some rows shows blank there
    reading = RowReading(guarded(reading.template, schema), reading.explanation, reading.consumed)
    # the middle check row is a row with data: a blank row left between blocks of the
    # table is no row the answer is for (nothing in it to read)
    filled = {r for (r, _c), v in schema.cells.items() if first <= r <= last and v not in (None, "")}
    mid = min(filled, key=lambda r: (abs(r - (first + last) // 2), r), default=(first + last) // 2)
    others = [r for r in (first, mid, last) if r != row][:2]
    ev = None
    for r in [row, *others]:
        cell = f"{m.group(1)}{r}"
        e = _verified(reading.at(r), schema, cell)  # circular / evaluation refused here
        if e.value is None or isinstance(e.value, str) and e.value.startswith("#"):
            raise TaskError(f"the formula {reading.at(r)} gives no value on row {r}",
                            code="task.evaluate")
        ev = e if r == row else ev
    return FormulaResult(reading.at(row), ev.value, reading.explanation, "rules", "generate",
                         {"family": "rows", "template": reading.template}, target,
                         fill_range=f"{target}:{m.group(1)}{last}")


def _averaged_over_rows(request: str, schema: SheetSchema):
    """The one-cell reading of a mean asked "per X" where X names the rows ("average spend per
    transaction": the mean of the spend over all rows; ``perrow.averaged``), or None."""
    from .perrow import averaged
    from .rules import read_request

    bare = averaged(request, schema)
    if bare is None:
        return None
    try:
        return read_request(bare, schema) or _rounded_reading(bare, schema)
    except TaskError:
        return None


def _rules_read(said: str, schema: SheetSchema, target: str | None,
                notes: list[str]) -> tuple[FormulaResult | None, list[str]]:
    """The rules' answer of ``said``, else of it without its frame ("Prices tab, col E: ...",
    "... pls", "两百块以上"), and the notes that say what is still unread."""
    from .dayorder import settled, settled_on_sheet
    from .frame import figures, unframed
    from .rules import short_year

    said = settled(said)  # "after 7/12/2026" beside "today's 7 Dec 2026": the 7th of December
    said = settled_on_sheet(said, schema)  # "calls 02/12" on a sheet of December dates: 2 Dec
    answer = _rules_only(short_year(said, schema), schema, target, notes)
    if answer is None:
        bare = figures(unframed(said, schema), schema)
        if bare and bare != said:
            again: list[str] = []
            answer = _rules_only(short_year(bare, schema), schema, target, again)
            notes = again or notes  # what is still unread once the frame is cut
    return answer, notes


def _rows_unsaid(request: str, schema: SheetSchema, target: str | None) -> str | None:
    """At a target on a data row, ``request`` without the words that name its rows (``perrow``),
    or None when there is no such target or no such words.  The rules still require the
    answer to read the target's own row."""
    from .perrow import without_rows_said

    if target is None or not _row_target(target, schema):
        return None
    bare = without_rows_said(request, schema)
    return None if bare == request or not bare else bare


def _per_row_unnamed(request: str, schema: SheetSchema, target: str) -> FormulaResult | None:
    """:func:`_per_row` of ``request`` without the words that name its rows ("for every job",
    "per booking", 每份合同: ``perrow.py``), or None when it names none or that reads nothing."""
    from .perrow import without_rows_said

    bare = without_rows_said(request, schema)
    if bare == request or not bare:
        return None
    return _per_row(bare, schema, target)


def _placement(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """The cell a per-row request without a target cell is written in, and the request
    without the words that placed it (the readers need not know "放在I列"), or ``None``.

    "放在I列" / "in column J" name the column (only an empty one: a column holding
    data is a source, as in "sum of column B"); "in a new column", "for each row" and
    "each donor's total" (a column with one row per value, so each row is its own
    group) ask for one result per row, written in the first empty column right of the
    table.  The row is the first data row; the answer fills down from there.
    """
    from .compose import _unique_col, group_by
    from .rowbase import lexicon
    from .schema import col_index, col_letter

    words = lexicon("placement")
    first = min(c.first_row for c in schema.columns)
    for pattern in words["column"]:
        for m in re.finditer(pattern, request, re.IGNORECASE):
            letter = m.group(1).upper()
            c = col_index(letter)
            if not any(cc == c and r >= schema.header_row for r, cc in schema.cells):
                return f"{letter}{first}", _without(request, m)
    cue = any(re.search(p, request, re.IGNORECASE) for p in words["each_row"])
    for pattern in words["new_column"]:
        m = re.search(pattern, request, re.IGNORECASE)
        if m:
            cue, request = True, _without(request, m)
    if not cue:
        try:
            by = group_by(request, schema)
        except Exception:  # noqa: BLE001 - a request the annotator cannot read has no cue
            by = None
        cue = by is not None and _unique_col(by, schema)
    if not cue:
        return None
    return f"{col_letter(schema.last_column + 1)}{first}", request


def _placed_per_row(request: str, schema: SheetSchema, notes: list[str]) -> FormulaResult | None:
    """The per-row answer of a request without a target cell, placed by :func:`_placement`."""
    placed = _placement(request, schema)
    if placed is None:
        return None
    cell = placed[0]
    try:
        answer = _per_row(placed[1], schema, cell) or _per_row_unnamed(placed[1], schema, cell)
    except TaskError as err:  # the placement was a guess: the other readers still try
        notes.append(f"rows at {cell}: {err.message}")
        return None
    if answer is None or re.fullmatch(r"=\$?[A-Z]{1,3}\$?\d+", answer.formula):
        return None  # a copy of a column is never what was asked
    answer.notes.append(f"written for {cell}, the first data row of an empty column, "
                        f"to fill down over {answer.fill_range}")
    return answer


def _unplaced(request: str, schema: SheetSchema, target: str) -> str:
    """``request`` without the words that place it where ``target`` already is: "in a new
    column", "in column J" (J being the target's column); the readers need not know them."""
    from .rowbase import lexicon

    words = lexicon("placement")
    col = _CELL.match(target).group(1).upper()
    for pattern in words["column"]:
        m = re.search(pattern, request, re.IGNORECASE)
        if m and m.group(1).upper() == col:
            request = _without(request, m)
    for pattern in words["new_column"]:
        m = re.search(pattern, request, re.IGNORECASE)
        if m and re.search(r"column|\bcol\b|next to|列|栏|后面|后边|右边|旁边", m.group(0), re.IGNORECASE):  # not the 加一个 of "加一个月"
            request = _without(request, m)
    return request


def _reads_cells(formula: str) -> bool:
    """True when ``formula`` reads at least one cell (quoted text aside) or its own row number."""
    bare = re.sub(r'"[^"]*"', '""', formula)
    return bool(re.search(r"(?<![A-Za-z_])\$?[A-Z]{1,3}\$?\d+(?![\d(])|\bROW\(", bare))


def _row_target(target: str, schema: SheetSchema) -> bool:
    """True when ``target`` is on a data row, inside the table or in the column just right of it."""
    from .schema import col_index

    m = _CELL.match(target)
    col, row = col_index(m.group(1)), int(m.group(2))
    first = min(c.first_row for c in schema.columns)
    last = max(c.last_row for c in schema.columns)
    return first <= row <= last and col <= schema.last_column + 1


def _reads_other_sheets_only(formula: str) -> bool:
    """True when ``formula`` reads nothing but another sheet's columns, whole: at a row of this
    table, a count of another tab's rows is no answer for the row ("day rate of Gold" looked up
    on the rates tab by its key is one: the key is said)."""
    if "!" not in formula or '"' in formula or re.search(r"\b(?:MATCH|VLOOKUP|HLOOKUP|LOOKUP)\(", formula, re.I):
        return False
    body = formula
    rest = re.sub(r"(?:'[^']+'|[^\s(),=+\-*/&<>!:]+)!\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?", "", body)
    return not re.search(r"(?<![A-Z])\$?[A-Z]{1,3}\$?\d+", rest)


def _reads_row(formula: str, target: str) -> bool:
    """True when ``formula`` reads a cell of ``target``'s row on its own (not as a range's end)."""
    row = _CELL.match(target).group(2)
    return bool(re.search(rf"(?<![:$A-Z])\$?[A-Z]{{1,3}}{row}(?![\d:])", formula))


def _without(request: str, m: re.Match[str]) -> str:
    """``request`` with the matched placement words cut out (and the comma before them)."""
    head = re.sub(r"[\s,，、;；]+$", "", request[:m.start()])
    tail = request[m.end():].lstrip(" ,，、;；")
    cjk = re.compile(r"[\u4e00-\u9fff]")
    join = "" if cjk.match(head[-1:]) and cjk.match(tail[:1]) else " "  # "数量不到20的在I列写补货"
    return (head + join + tail).strip()


def _read_quietly(request: str, schema: SheetSchema):
    """The one-cell reading of ``request`` (rounded when asked), None where it is refused."""
    try:
        return read_request(request, schema) or _rounded_reading(request, schema)
    except TaskError:
        return None


def _rounded_reading(request: str, schema: SheetSchema):
    """"avg tip, round to cents", "平均药费保留两位": a one-cell number with a rounding clause
    (``rows.rounding_clause``, the per-row family's reading of it too).  The rest is read as
    its own request and its formula wrapped in ROUND (ROUNDUP / ROUNDDOWN when asked); anything
    else, or a rest that already rounds or is not one number, gets no answer."""
    from .rows import rounding_clause, without_clause

    text = request.strip()
    clause = rounding_clause(text.lower())
    if clause is None:
        return None
    rest = without_clause(text, clause)
    if not rest or rounding_clause(rest.lower()) is not None:
        return None
    try:
        reading = _converted_reading(rest, schema) or read_request(rest, schema)
    except TaskError:
        return None
    if reading is None or re.search(r"\b(?:ROUND|ROUNDUP|ROUNDDOWN|INT|TRUNC)\(", reading.formula, re.I):
        return None
    body = reading.formula[1:]
    if not re.match(r"(?:SUM|AVERAGE|AVERAGEIF|AVERAGEIFS|SUMIF|SUMIFS|SUMPRODUCT|MEDIAN|MAX|MIN|MAXIFS|MINIFS)\(",
                    body) or ":" not in body:
        return None  # only an aggregate over rows: one number
    from .compose import Reading

    n, fn = clause[2], clause[4]
    to = f"the nearest {10 ** -n}" if n < 0 else f"{n} decimal{'' if n == 1 else 's'}"
    return Reading(f"={fn}({body},{n})", f"{reading.explanation}, rounded to {to}", reading.parts)


def _converted_reading(request: str, schema: SheetSchema):
    """"average wait time in minutes" on Wait (s): a one-cell number asked in another unit than
    its column holds (``unitconvert``), the rest read as its own request."""
    from .unitconvert import converted

    return converted(request, schema, lambda rest: read_request(rest, schema))


def _fold(text: str) -> str:
    """``text`` lower-cased with its accents dropped, one character for one ("Canapés" ->
    "canapes"), so spans found in it are spans of ``text``."""
    import unicodedata

    return "".join((unicodedata.normalize("NFKD", ch)[:1] or ch).lower() for ch in text)


def _values_spelled(request: str, schema: SheetSchema) -> str:
    """``request`` with a text value of the sheet written as the sheet writes it when the request
    names it without its accents or in the other number: "canape" for Canapés, "nut allergies"
    for Nut allergy.  A header word is never rewritten (the column, not a value)."""
    heads = {w for c in schema.columns for w in re.findall(r"[a-z]+", _fold(c.header))}
    low = _fold(request)
    for col in schema.columns:
        if col.type not in ("text", "mixed"):
            continue
        for v in col.distinct:
            if not isinstance(v, str) or not re.fullmatch(r"[^\W\d_]{3,}(?: [^\W\d_]{2,}){0,2}", v.strip()):
                continue
            words = _fold(v.strip()).split()
            last = words[-1]
            forms = {last, last + "s", last + "es", last.removesuffix("s"), last.removesuffix("es")}
            if last.endswith("y"):
                forms.add(last[:-1] + "ies")
            body = r"\s+".join(re.escape(w) for w in words[:-1])
            pat = (body + r"\s+" if body else "") + "(?:" + "|".join(sorted(map(re.escape, forms), key=len,
                                                                          reverse=True)) + ")"
            m = re.search(rf"(?<![^\W\d_]){pat}(?![^\W\d_])", low)
            if m is None or request[m.start():m.end()].lower() == v.strip().lower():
                continue
            if len(words) == 1 and m.group(0) in heads or len(m.group(0)) < 4:
                continue
            request = request[:m.start()] + v.strip() + request[m.end():]
            low = _fold(request)
    # "venue for 0452": a code (W-0452) named by its number alone, written with its leading
    # zero, when one value of the sheet has that number
    for m in reversed(list(re.finditer(r"(?<![\w.,-])0\d{2,}(?![\w.,])", request))):
        codes = {v for c in schema.columns if c.type in ("text", "mixed") for v in c.distinct
                 if isinstance(v, str) and re.fullmatch(rf"[A-Za-z]{{1,4}}[-#]?{m.group(0)}", v.strip())}
        if len(codes) == 1:
            request = request[:m.start()] + codes.pop().strip() + request[m.end():]
    return request


def _rules_only(request: str, schema: SheetSchema, target: str | None,
                notes: list[str]) -> FormulaResult | None:
    """The rule readers' checked answer, or None (why goes to ``notes``)."""
    if target is None:  # "in a new column", "放在I列": the request places itself
        answer = _placed_per_row(request, schema, notes)
        if answer is not None:
            return answer
    if target is not None:
        answer = _per_row(request, schema, target)
        unplaced = _unplaced(request, schema, target)
        if answer is not None and unplaced != request \
                and re.search(rf'"(?:[^"]*\s)?{_CELL.match(target).group(1)}"', answer.formula, re.I):
            answer = None  # "mark … as Long in column I", "Chase in H": the placing letter is never (in) the label
        if answer is None and unplaced != request:
            answer = _per_row(unplaced, schema, target)
        if answer is None:  # "m2 for every job", "算每份合同还欠多少款": the rows named, the rest read
            answer = _per_row_unnamed(unplaced, schema, target)
        if answer is not None:
            return answer
    # "no. of plots", "avg no of guests", "nos of orders": the number of (never the negation "no")
    request = _values_spelled(re.sub(r"(?i)(?<![a-z])nos?\.?\s+of(?![a-z])", "number of", request), schema)
    request = written_out(request, schema)  # "over 5k": 5000 for every reader
    try:
        reading = _converted_reading(request, schema) or read_request(request, schema) \
            or _rounded_reading(request, schema)
    except TaskError as err:  # "avg cost per batch" beside a Batch column: no grouping, a mean over the rows
        if err.code != "task.group_by" or (reading := _averaged_over_rows(request, schema)) is None:
            raise
    if reading is None:
        reading = _averaged_over_rows(request, schema)
    if reading is None:  # "平均学时（空的不算）": an aside that AVERAGE honours anyway
        from .blankaside import aside_reading

        reading = aside_reading(request, lambda said: _read_quietly(said, schema))
    if reading is None:
        from .rows import rounding_clause, without_clause
        from .unread import refusal_hint

        # the words to change are the rest's: a rounding clause is read apart, whatever is asked
        clause = rounding_clause(request.lower())
        said = (without_clause(request, clause) if clause is not None else "") or request
        notes.append(f"rules: {refusal_hint(said, schema)}")
        return None
    if target is not None and _row_target(target, schema) and not _reads_row(reading.formula, target) \
            and (re.search(r"\b(?:each|every|per)\b|每|各", request.lower())
                 or _reads_other_sheets_only(reading.formula)  # "个人合计" at J2 as COUNTA(缴费基数!A2:A31)
                 or (reading.parts or {}).get("operation") == "year_block"  # 五年累计业务量 at a row: the row's own
                 or (reading.parts or {}).get("operation") == "total_ratio"  # "deposit relative to rent, as a
                 and not re.search(r"\b(?:total|overall|all)\b|so far|整体|总|全部", request.lower())):  # percent"
        # "平均每单卖了多少钱" at G2: one value for the whole table is no answer for each row of it
        notes.append(f"rules: {reading.formula} is one value for the whole table, and {target} is a row of it")
        return None
    try:
        from dataclasses import replace

        from .textnumbers import convert

        reading = replace(reading, formula=convert(reading.formula, schema))  # "1.5" stored as text
        _sane(request, reading.formula, schema)
        ev = _verified(reading.formula, schema, target)
    except TaskError as err:
        notes.append(f"rules: {err.message}")
        return None
    return FormulaResult(reading.formula, ev.value, reading.explanation, "rules", "generate",
                         reading.parts, target)


def _grounded(request: str, schema: SheetSchema, target: str | None, model: str | None,
              notes: list[str], required: bool) -> FormulaResult | None:
    """The rules' answer once the model has said which column or value an unknown word means.

    The model only chooses among the sheet's own headers and values, by likelihood
    (``ground.py``); the rewritten request is read and checked by the rules as usual.
    """
    from .._model import load_generator
    from .ground import ground

    gen = load_generator(model, "formula-generation", required=required)
    if gen is None:
        return None

    def read(text: str) -> FormulaResult | None:
        try:
            return _rules_only(text, schema, target, [])
        except TaskError:
            return None

    answer, found, text = ground(request, schema, gen, read, lambda r: r.formula)
    if answer is None:
        notes.append("grounding: " + "; ".join(found))
        return None
    zh = re.search(r"[\u4e00-\u9fff]", request) is not None
    said = ("；" if zh else "; ").join(g.describe(zh) for g in found)
    return FormulaResult(answer.formula, answer.value, f"{said}{'：' if zh else ': '}{answer.explanation}",
                         "rules+model", "generate", answer.intent, target,
                         [*notes, f"grounded request: {text}"], answer.fill_range, said)


def _paraphrased(request: str, schema: SheetSchema, model: str | None, notes: list[str],
                 required: bool) -> FormulaResult | None:
    """The rules' answer to the model's rewrite of ``request`` in a phrasing they know.

    The model only rewords, under a grammar of canonical phrasings over the sheet's
    own headers and values (``paraphrase.py``); the rewrite is read and checked by
    the rules as usual, and used only when it keeps every number, column and value.
    """
    from .._model import load_generator
    from .paraphrase import paraphrase

    gen = load_generator(model, "formula-generation", required=required)
    if gen is None:
        return None

    answer, said = paraphrase(request, schema, gen, _reader(request, schema), lambda r: r.formula)
    if answer is None:
        notes.append("paraphrase: " + "; ".join(said))
        return None
    return _read_by_model(request, answer, f"读作“{said}”（本地模型改写）",
                          f"read as {said!r} (reworded by the local model)", "rules+model",
                          [*notes, f"rewritten request: {said}"])


def _read_by_model(request: str, answer: FormulaResult, how_zh: str, how_en: str, method: str,
                   notes: list[str]) -> FormulaResult:
    """The rules' answer to a phrasing the model chose, saying so in the request's language."""
    zh = re.search(r"[\u4e00-\u9fff]", request) is not None
    how = how_zh if zh else how_en
    return FormulaResult(answer.formula, answer.value, f"{how}{'：' if zh else ': '}{answer.explanation}",
                         method, "generate", answer.intent, None, notes, answer.fill_range, how)


def _reader(request: str, schema: SheetSchema) -> Callable[[str], FormulaResult | None]:
    """How the rules read a model's canonical rewording of ``request``: their answer, held to the
    checks of the request itself too ("add up the table numbers"), or None."""
    from .checks import negation_dropped

    def read(text: str) -> FormulaResult | None:
        try:
            answer = _rules_only(text, schema, None, [])
            if answer is not None:
                _sane(request, answer.formula, schema)
                if text != request and negation_dropped(request, answer.formula):
                    return None  # the rewording lost a negation the request said
            return answer
        except TaskError:
            return None

    return read


def _ranked(request: str, schema: SheetSchema, model: str | None, notes: list[str],
            required: bool) -> FormulaResult | None:
    """The rules' answer to the canonical phrasing the model ranks first among those the code
    lists over the sheet (``rank.py``): the model only scores phrasings, code writes the formula."""
    from .._model import load_generator
    from .rank import rank

    gen = load_generator(model, "formula-generation", required=required)
    if gen is None:
        return None

    answer, best = rank(request, schema, gen, _reader(request, schema), lambda r: r.formula)
    if answer is None:
        notes.append("ranking: " + "; ".join(best))
        return None
    return _read_by_model(request, answer, f"读作“{best.text}”（本地模型在表格的标准说法中选出）",
                          f"read as {best.text!r} (chosen by the local model among the sheet's canonical phrasings)",
                          "rules+model-ranked",
                          [*notes, f"ranked phrasing: {best.text} (margin {best.margin:.2f} over "
                                   f"{best.runner_up!r})"])


def _generate(request: str, schema: SheetSchema, target: str | None, method: str,
              model: str | None) -> FormulaResult:
    notes: list[str] = []
    if method in ("auto", "rules"):
        from .agedays import said_ages
        from .doneverbs import said_done_counts, said_entry_counts
        from .latestdate import said_latest_date
        from .negation import said_negated_values
        from .periods import said_periods
        from .rules import inclusive_bounds, pinned_years, said_codes, without_total_row
        from .sheetverb import said_sheet_verb
        from .stateverbs import said_state_verbs
        from .textnote import without_text_note
        from .unitbounds import said_unit_bounds

        # (said_periods: "between 15 and 21 Jan (inclusive)", "this month (Nov 2026)", "11.25起" in
        # the forms every family reads)
        said = without_total_row(inclusive_bounds(pinned_years(said_periods(said_codes(request, schema), schema))))
        said = without_text_note(said, schema)  # "(they're stored as text)", "SUM gives 0": per-row readers too
        said = said_ages(said, schema)  # "open more than 14 days (today 9 Dec)": before 25 Nov
        said = said_negated_values(said, schema)  # "没培训过的" beside 未培训: the sheet's value
        said = said_sheet_verb(said_state_verbs(said, schema), schema)  # "没做好的" beside 完成日期; 赊了 on 赊销账
        said = said_unit_bounds(said, schema)  # "20斤以上的" on a sheet with 斤数: "斤数20以上的"
        said = said_latest_date(said, schema)  # "最近一次保养是哪天": 最晚的上次保养日期
        said = said_done_counts(said, schema)  # "已经领了几份" beside 领取日期: 有领取日期的几个
        said = said_entry_counts(said, schema)  # "支出笔数" beside a 支出 some rows leave blank: 有支出的个数
        try:
            answer, notes = _rules_read(said, schema, target, notes)
        except TaskError as err:
            # "inc vat amount for each invoice" at J2: each invoice is a row (one Invoice No a
            # row), not a grouping; read without the words that name the rows
            unnamed = _rows_unsaid(said, schema, target) if err.code == "task.group_by" else None
            if unnamed is None:
                raise
            answer, notes = _rules_read(unnamed, schema, target, notes)
            if answer is not None and not _reads_row(answer.formula, target):
                notes.append(f"rules: {answer.formula} is one value for the whole table, and {target} is a row of it")
                answer = None
        if answer is None:  # "total hours for Noah" from Start and End: a quantity of two columns
            from .derived import read as read_derived

            answer = read_derived(said, schema, target,
                                  lambda text, lent, cell: _rules_read(text, lent, cell, [])[0])
        if answer is not None:
            return answer
        if not _llm_allowed(method, model):
            hint = "" if method == "rules" else (
                " (method='llm' lets the local model try; its answers measured unreliable)")
            raise TaskError(f"cannot answer {request!r}: " + "; ".join(notes) + hint,
                            code="task.unanswerable")
    # the model says what an unknown word means; the rules still write the formula
    answer = _grounded(request, schema, target, model, notes, required=method == "llm")
    if answer is None and target is None:  # one-cell requests only: no phrasing below is per row
        answer = _paraphrased(request, schema, model, notes, required=method == "llm")
    if answer is None and target is None and RANKING:
        answer = _ranked(request, schema, model, notes, required=method == "llm")
    if answer is not None:
        return answer
    if method != "llm":  # auto trusts a model for grounding only, not for writing intents
        raise TaskError(f"cannot answer {request!r}: " + "; ".join(notes), code="task.unanswerable")
    from .llm import generate_llm

    answers = generate_llm(request, schema, model, required=method == "llm")
    if answers is None:
        raise TaskError(
            f"cannot answer {request!r}: " + "; ".join(notes)
            + " (no local model is installed; run: o3-local models build)",
            code="task.unanswerable",
        )
    for text, intent, how in answers:
        if not text:
            notes.append(f"{how}: no answer")
            continue
        try:
            from .textnumbers import convert

            text = convert(text, schema)  # a total of numbers stored as text is 0 in Excel
            _sane(request, text, schema)
            ev = _verified(text, schema, target)
        except TaskError as err:
            notes.append(f"{how}: {err.message}")
            continue
        why = explain(Intent.from_dict(intent)) if intent else f"formula written by the model ({how})"
        return FormulaResult(text, ev.value, why, "llm", "generate", intent, target, notes)
    raise TaskError(f"cannot answer {request!r}: no candidate passed the checks ("
                    + "; ".join(notes) + ")", code="task.unanswerable")
