"""The LLM paths: fill the typed intent under its grammar, or write a formula under one.

The intent path is tried first (the model only chooses an operation, columns
and values; code writes the formula), then direct formula decoding for what
the intent cannot express.  Both decode with temperature 0 under a grammar,
so answers always parse; the caller still evaluates each one on the sheet.
"""

from __future__ import annotations

import json
from typing import Any

from ...errors import TaskError
from .._model import load_generator
from ..constrained import GrammarProcessor, regex_grammar
from .grammar import formula_grammar, intent_pattern
from .intent import Intent, compile_intent
from .schema import SheetSchema

_INTENT_SYSTEM = (
    "You turn spreadsheet requests into a JSON intent. operation is one of sum, average, "
    "count, counta, max, min, median, lookup. value_column is the header of the column to "
    "aggregate or return. conditions filter rows: column header, op (=, <>, >, >=, <, <=, "
    "contains, starts_with, ends_with) and value. Dates are written YYYY-MM-DD."
)
_EXAMPLE_SHEET = "Sheet 'Orders':\nA 'City' (text): 'Paris', 'Rome'\nB 'Price' (number): 12.5, 8"
_EXAMPLE_REQUEST = "average price in Rome for prices above 5"
_EXAMPLE_INTENT = ('{"operation": "average", "value_column": "Price", "conditions": '
                   '[{"column": "City", "op": "=", "value": "Rome"}, '
                   '{"column": "Price", "op": ">", "value": 5}], "round": null}')
_FORMULA_SYSTEM = ("You write one Excel formula that answers the request, using only the "
                   "sheet's cells. Reply with the formula only, starting with =.")


def _intent_messages(request: str, schema: SheetSchema) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": _INTENT_SYSTEM},
        {"role": "user", "content": f"{_EXAMPLE_SHEET}\nRequest: {_EXAMPLE_REQUEST}"},
        {"role": "assistant", "content": _EXAMPLE_INTENT},
        {"role": "user", "content": f"{schema.describe()}\nRequest: {request}"},
    ]


def decode_intent(gen: Any, request: str, schema: SheetSchema) -> dict[str, Any]:
    viable, done = regex_grammar(intent_pattern(schema))
    proc = GrammarProcessor(gen.tokenizer, viable, done)
    out = gen.chat(messages=_intent_messages(request, schema), max_tokens=160, temperature=0.0,
                   logits_processor=proc)
    try:
        return json.loads(out.text)
    except json.JSONDecodeError:
        raise TaskError(f"the model's intent is incomplete ({out.finish_reason}): {out.text!r}",
                        code="task.intent") from None


def decode_formula(gen: Any, request: str, schema: SheetSchema | None, prefix: str = "=") -> str:
    viable, done = formula_grammar(schema)
    proc = GrammarProcessor(gen.tokenizer, viable, done, prefix=prefix)
    sheet = schema.describe() + "\n" if schema is not None else ""
    out = gen.chat(
        messages=[{"role": "system", "content": _FORMULA_SYSTEM},
                  {"role": "user", "content": f"{sheet}Request: {request}\nFormula: {prefix}"}],
        max_tokens=96, temperature=0.0, logits_processor=proc,
    )
    text = prefix + out.text
    if not done(text):
        raise TaskError(f"the model's formula is incomplete ({out.finish_reason}): {text!r}",
                        code="task.syntax")
    return text


def generate_llm(request: str, schema: SheetSchema, model: str | None,
                 required: bool) -> list[tuple[str, dict[str, Any] | None, str]] | None:
    """Candidate answers (formula, intent, how), best first; None without a model."""
    gen = load_generator(model, "formula-generation", required=required)
    if gen is None:
        return None
    answers: list[tuple[str, dict[str, Any] | None, str]] = []
    try:
        doc = decode_intent(gen, request, schema)
        intent = Intent.from_dict(doc)
        answers.append((compile_intent(intent, schema), intent.to_dict(), "intent"))
    except TaskError:
        pass
    try:
        answers.append((decode_formula(gen, request, schema), None, "direct"))
    except TaskError:
        pass
    return answers


def complete_llm(prefix: str, schema: SheetSchema | None, model: str | None,
                 required: bool) -> str | None:
    gen = load_generator(model, "formula-generation", required=required)
    if gen is None:
        return None
    start = "=" + prefix.replace("<mask>", "").strip().lstrip("=")
    return decode_formula(gen, f"complete the formula {start}", schema, prefix=start)
