"""The grammars the model decodes formulas and intents under.

Intent grammar: the exact JSON shape of :mod:`.intent`, with column names,
operations and comparison values drawn from this sheet, so every answer parses
and names only real columns.  Formula grammar: Excel lexemes (known function
names, references inside the sheet's used range, numbers, strings,
operators) with balanced parentheses; a complete answer must also pass the
formula engine's parser.
"""

from __future__ import annotations

import json

import regex

from .intent import COMPARATORS, OPERATIONS
from .schema import SheetSchema, col_letter
from .syntax import is_valid, known_functions


def _alt(options: list[str]) -> str:
    return "(?:" + "|".join(regex.escape(o) for o in sorted(set(options), key=len, reverse=True)) + ")"


def _json_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)[1:-1]


def intent_pattern(schema: SheetSchema) -> str:
    """Conditions pair each column with values of its own kind (no "Amount = East")."""
    cols = _alt([_json_str(c.header) for c in schema.columns])
    num = r"-?\d{1,9}(?:\.\d{1,4})?"
    conds = []
    for c in schema.columns:
        head = r'\{"column": "' + regex.escape(_json_str(c.header)) + r'", "op": "'
        if c.type == "number":
            conds.append(head + _alt(["=", "<>", ">", ">=", "<", "<="]) + r'", "value": ' + num + r"\}")
        elif c.type == "date":
            conds.append(head + _alt(["=", ">", ">=", "<", "<="])
                         + r'", "value": "\d{4}-\d{2}-\d{2}"\}')
        elif c.distinct:
            values = _alt([_json_str(v) for v in c.distinct])
            conds.append(head + r'=", "value": "' + values + r'"\}')
            conds.append(head + _alt(["contains", "starts_with", "ends_with"])
                         + r'", "value": "[^"\\\n]+"\}')
    cond = "(?:" + "|".join(conds) + ")" if conds else None
    conditions = (r"\[(?:" + cond + "(?:, " + cond + r"){0,2})?\]") if cond else r"\[\]"
    assert all(op in COMPARATORS for op in ("=", "contains"))
    return (r'\{"operation": "' + _alt(list(OPERATIONS)) + r'", "value_column": "(?:' + cols
            + r')?", "conditions": ' + conditions + r', "round": (?:null|\d)\}')


def _rows(n: int) -> str:
    if n > 5000:
        return r"[1-9]\d{0,6}"
    return _alt([str(i) for i in range(1, n + 1)])


def formula_lexemes(schema: SheetSchema | None) -> str:
    if schema is None:
        col, row = r"[A-Z]{1,3}", r"[1-9]\d{0,6}"
    else:
        col = _alt([col_letter(i) for i in range(1, max(1, schema.last_column) + 1)])
        row = _rows(max(1, schema.last_row))
    cell = rf"\$?{col}\$?{row}"
    ref = rf"(?:{cell}(?::{cell})?|\$?{col}:\$?{col})"
    func = _alt(sorted(known_functions())) + r"\("
    # values and operators alternate: "A2 0" or "SUM(A1)B2" cannot be written
    start = rf"(?:\(|{func}|[-+])*"
    value = rf'(?:{ref}|TRUE|FALSE|\d+(?:\.\d+)?|"[^"\\\n]*"|{func}\))'
    after = r"(?:\)|%)*"
    op = r"(?:<=|>=|<>|[-+*/^&=<>,])"
    return rf"{start}{value}{after}(?:{op}{start}{value}{after})*"


def formula_grammar(schema: SheetSchema | None):
    """``viable``/``done`` predicates for a formula over ``schema``."""
    lexer = regex.compile("=" + formula_lexemes(schema))

    def depth_ok(text: str) -> tuple[bool, int]:
        depth, in_str = 0, False
        for ch in text:
            if ch == '"':
                in_str = not in_str
            elif not in_str:
                depth += (ch == "(") - (ch == ")")
                if depth < 0 or (ch == "," and depth == 0):
                    return False, depth  # a separator belongs inside a call
        return True, depth

    def viable(text: str) -> bool:
        if len(text) > 1 and text[1] in "=*/^&<>,)":
            return False  # "==" or "=)" : the formula must start with a value
        ok, _ = depth_ok(text)
        return ok and len(text) < 400 and lexer.fullmatch(text, partial=True) is not None

    def done(text: str) -> bool:
        ok, depth = depth_ok(text)
        return ok and depth == 0 and len(text) > 1 and lexer.fullmatch(text) is not None \
            and is_valid(text)

    return viable, done


_FREE_INTENT = regex.compile(r'"op": "(?:contains|starts_with|ends_with)", "value": "[^"]*$')


def in_free_intent_string(text: str) -> bool:
    return _FREE_INTENT.search(text) is not None


def in_formula_string(text: str) -> bool:
    return text.count('"') % 2 == 1
