"""The LLM paths: fill the typed intent under its grammar, or write a formula under one.

The intent path (the model only chooses an operation, columns and values;
code writes the formula) answers requests; direct formula decoding serves
completion (and generation only with :data:`DIRECT_FALLBACK`, off: measured
never right).  Both decode with temperature 0 under a grammar, so answers
always parse; the caller still evaluates each one on the sheet.  An intent
whose least-probable choice falls below its model's :data:`MIN_INTENT_CONFIDENCE`
is refused rather than offered.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

from ...errors import InferenceError, TaskError
from .._model import load_generator
from ..constrained import GrammarProcessor
from .grammar import MAX_CHARS, formula_automaton, intent_automaton
from .intent import Intent, compile_intent
from .schema import SheetSchema
from .syntax import is_valid

log = logging.getLogger("o3local.formula")
#: an intent is refused when the model gave a token it chose less than this
#: probability at one of its choices.  Chosen on the dev set (bench/data/
#: formula-dev.jsonl, every 6th pair, the model on all 44 requests): the lowest
#: floor with no wrong answer there: 0.5B 8 right / 0 wrong at 0.7 (0.6: 8 / 3),
#: 1.5B 10 / 0 at 0.95 (0.9: 11 / 4; it is confidently wrong on "per group"
#: requests).  Out of sample, formula-seed-bilingual every 3rd pair: 0.5B
#: 9 right / 0 wrong of 40 (no floor: 14 / 12), 1.5B 12 / 0 (no floor: 16 / 13).
MIN_INTENT_CONFIDENCE: dict[str, float] = {
    "qwen2.5-coder-0.5b-instruct": 0.7,
    "qwen2.5-coder-1.5b-instruct": 0.95,
}
DEFAULT_MIN_CONFIDENCE = 0.95  # a model not measured gets the strictest floor
#: after the intent, let the model write a formula directly under the grammar.
#: Off: on formula-seed-bilingual (every 3rd pair, --method llm) its answers
#: were 0 right of 9 for Qwen2.5-Coder-0.5B and 0 of 9 for the 1.5B, and on
#: the rules' refusals (seed, hold-out, dev; both models) 0 of 10; a refusal is better
DIRECT_FALLBACK = False

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


_EXAMPLES = [
    (_EXAMPLE_REQUEST, _EXAMPLE_INTENT),
    ("total price", '{"operation": "sum", "value_column": "Price", "conditions": [], "round": null}'),
    ("how many rows are Paris", '{"operation": "count", "value_column": "", "conditions": '
     '[{"column": "City", "op": "=", "value": "Paris"}], "round": null}'),
]


def _intent_messages(request: str, schema: SheetSchema) -> list[dict[str, str]]:
    """A made-up sheet's examples (not this sheet's), with 0, 1 and 2 conditions."""
    msgs = [{"role": "system", "content": _INTENT_SYSTEM}]
    for req, answer in _EXAMPLES:
        msgs.append({"role": "user", "content": f"{_EXAMPLE_SHEET}\nRequest: {req}"})
        msgs.append({"role": "assistant", "content": answer})
    msgs.append({"role": "user", "content": f"{schema.describe()}\nRequest: {request}"})
    return msgs


def decode_intent(gen: Any, request: str, schema: SheetSchema,
                  min_confidence: float = 0.0) -> dict[str, Any]:
    # the shape is regular; the automaton adds "each column filtered at most
    # once" and "a new condition only while an unused column is left"
    proc = GrammarProcessor(gen.tokenizer, intent_automaton(schema))
    try:
        out = gen.chat(messages=_intent_messages(request, schema), max_tokens=160,
                       temperature=0.0, logits_processor=proc)
    except InferenceError as err:
        raise TaskError(f"intent decoding failed: {err.message}", code="task.intent") from None
    proc.finish(out.finish_reason == "stop")
    conf = proc.confidence()
    log.debug("intent confidence %.3f: %s", conf, out.text)
    if conf < min_confidence:
        raise TaskError(f"the model is unsure of its intent (p={conf:.2f} at one choice)",
                        code="task.intent")
    try:
        doc = json.loads(out.text)
        Intent.from_dict(doc)  # typed check: a clash or duplicate is refused here
        return doc
    except json.JSONDecodeError:
        raise TaskError(f"the model's intent is incomplete ({out.finish_reason}): {out.text!r}",
                        code="task.intent") from None


def decode_formula(gen: Any, request: str, schema: SheetSchema | None, prefix: str = "=") -> str:
    proc = GrammarProcessor(gen.tokenizer, formula_automaton(schema), prefix=prefix,
                            check=is_valid, max_chars=MAX_CHARS)
    sheet = schema.describe() + "\n" if schema is not None else ""
    try:
        out = gen.chat(
            messages=[{"role": "system", "content": _FORMULA_SYSTEM},
                      {"role": "user", "content": f"{sheet}Request: {request}\nFormula: {prefix}"}],
            max_tokens=64, temperature=0.0, logits_processor=proc,
        )
    except InferenceError as err:
        raise TaskError(f"formula decoding failed: {err.message}", code="task.syntax") from None
    proc.finish(out.finish_reason == "stop")
    log.debug("formula confidence %.3f: %s", proc.confidence(), prefix + out.text)
    text = prefix + out.text
    if not proc.done(text):
        raise TaskError(f"the model's formula is incomplete ({out.finish_reason}): {text!r}",
                        code="task.syntax")
    return text


def generate_llm(request: str, schema: SheetSchema, model: str | None,
                 required: bool) -> Iterator[tuple[str, dict[str, Any] | None, str]] | None:
    """Candidate answers (formula, intent, how), best first, made lazily; None without a model."""
    gen = load_generator(model, "formula-generation", required=required)
    if gen is None:
        return None

    def candidates() -> Iterator[tuple[str, dict[str, Any] | None, str]]:
        try:
            floor = MIN_INTENT_CONFIDENCE.get(getattr(gen, "name", ""), DEFAULT_MIN_CONFIDENCE)
            intent = Intent.from_dict(decode_intent(gen, request, schema, floor))
            yield compile_intent(intent, schema), intent.to_dict(), "intent"
        except TaskError as err:
            yield "", None, f"intent ({err.message})"
        if not DIRECT_FALLBACK:
            return
        try:
            yield decode_formula(gen, request, schema), None, "direct"
        except TaskError as err:
            yield "", None, f"direct ({err.message})"

    return candidates()


def complete_llm(prefix: str, schema: SheetSchema | None, model: str | None,
                 required: bool) -> str | None:
    gen = load_generator(model, "formula-generation", required=required)
    if gen is None:
        return None
    start = "=" + prefix.replace("<mask>", "").strip().lstrip("=")
    return decode_formula(gen, f"complete the formula {start}", schema, prefix=start)
