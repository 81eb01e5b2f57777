"""The grammars the model decodes formulas and intents under.

Intent grammar: the exact JSON shape of :mod:`.intent`, with column names,
operations and comparison values drawn from this sheet, so every answer parses
and names only real columns.  Formula grammar: Excel lexemes (known function
names, references inside the sheet's used range, numbers, strings,
operators) with balanced parentheses; a complete answer must also pass the
formula engine's parser.
"""

from __future__ import annotations

import functools
import json

import regex

from ..constrained import DEAD, Automaton, RegexAutomaton
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
    num = r"-?(?:0|[1-9]\d{0,8})(?:\.\d{1,4})?"  # JSON: no leading zeros
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


MAX_DEPTH = 8  # deeper nesting from a small model is a loop (SUM(SUM(SUM(...), not a formula
MAX_CHARS = 400


class FormulaAutomaton(Automaton):
    """The formula lexemes plus what a regular language cannot say.

    State: the lexer's DFA state, the parenthesis depth, whether inside a
    string, and how many characters were read (up to 2: the first one after
    ``=`` must start a value).  A ``,`` belongs inside a call.
    """

    def __init__(self, lexer: RegexAutomaton) -> None:
        self.lexer = lexer
        self.start_key = (lexer.start, 0, False, 0)
        super().__init__()

    def _next(self, key, ch):
        ls, depth, in_str, n = key
        if n == 1 and ch in "=*/^&<>,)":
            return None  # "==" or "=)": the formula must start with a value
        ls = self.lexer.step(ls, ch)
        if ls == DEAD:
            return None
        if ch == '"':
            in_str = not in_str
        elif not in_str:
            if ch == "(":
                depth += 1
                if depth > MAX_DEPTH:
                    return None
            elif ch == ")":
                depth -= 1
                if depth < 0:
                    return None
            elif ch == "," and depth == 0:
                return None  # a separator belongs inside a call
        if depth == MAX_DEPTH and not self.lexer.reaches(ls, ")", avoid="("):
            return None  # a function name that could only open one level too many
        return (ls, depth, in_str, min(n + 1, 2))

    def _accepts(self, key) -> bool:
        ls, depth, _, n = key
        return depth == 0 and n >= 2 and self.lexer.accepting(ls)

    def _free(self, key) -> bool:
        return key[2] and key[3] == 2 and self.lexer.free(key[0])


@functools.lru_cache(maxsize=32)
def _formula_automaton(lexemes: str) -> FormulaAutomaton:
    return FormulaAutomaton(RegexAutomaton("=" + lexemes))


def formula_automaton(schema: SheetSchema | None) -> FormulaAutomaton:
    """The formula automaton over ``schema`` (shared by requests on the same sheet shape)."""
    return _formula_automaton(formula_lexemes(schema))


def formula_grammar(schema: SheetSchema | None):
    """``viable``/``done`` predicates for a formula over ``schema``."""
    a = formula_automaton(schema)

    def viable(text: str) -> bool:
        return len(text) < MAX_CHARS and a.viable(text)

    def done(text: str) -> bool:
        return len(text) > 1 and a.matches(text) and is_valid(text)

    return viable, done


_MARK = '{"column": "'


class IntentAutomaton(Automaton):
    """The intent's JSON shape, with each condition's column used at most once.

    State: the shape DFA's state, the columns already filtered on, the
    column name being written (or None), progress through ``{"column": "``,
    whether the last character was a condition's ``}``, and JSON string and
    escape flags.  A condition may start only while an unused column is left.
    """

    def __init__(self, shape: RegexAutomaton, headers: tuple[str, ...]) -> None:
        self.shape = shape
        self.headers = frozenset(headers)
        self.start_key = (shape.start, frozenset(), None, 0, False, False, False)
        super().__init__()

    def _next(self, key, ch):
        ls, used, cur, mark, brace, in_str, esc = key
        ls = self.shape.step(ls, ch)
        if ls == DEAD:
            return None
        unused = self.headers - used
        if cur is not None:  # inside a condition's column name (JSON-escaped)
            if esc:
                cur, esc = cur + ch, False
            elif ch == "\\":
                cur, esc = cur + ch, True
            elif ch == '"':
                if cur not in unused:
                    return None
                return (ls, used | {cur}, None, 0, False, False, False)
            else:
                cur += ch
            if not any(h.startswith(cur) for h in unused):
                return None
            return (ls, used, cur, 0, False, True, esc)
        if not in_str and ch == "," and brace and not unused:
            return None  # no column is left for another condition
        if mark or not in_str:
            mark = mark + 1 if ch == _MARK[mark] else (1 if ch == "{" and not in_str else 0)
        new_brace = not in_str and ch == "}"
        if esc:
            esc = False
        elif in_str and ch == "\\":
            esc = True
        elif ch == '"':
            in_str = not in_str
        if mark == len(_MARK):
            if not unused:
                return None
            return (ls, used, "", 0, False, True, False)
        return (ls, used, None, mark, new_brace, in_str, esc)

    def _accepts(self, key) -> bool:
        return self.shape.accepting(key[0])

    def _free(self, key) -> bool:
        ls, _, cur, mark, brace, in_str, esc = key
        return cur is None and not mark and not brace and in_str and not esc and self.shape.free(ls)


@functools.lru_cache(maxsize=32)
def _intent_automaton(pattern: str, headers: tuple[str, ...]) -> IntentAutomaton:
    return IntentAutomaton(RegexAutomaton(pattern), headers)


def intent_automaton(schema: SheetSchema) -> IntentAutomaton:
    """The intent automaton over ``schema``: its shape, columns and values."""
    return _intent_automaton(intent_pattern(schema), tuple(_json_str(c.header) for c in schema.columns))


_FREE_INTENT = regex.compile(r'"op": "(?:contains|starts_with|ends_with)", "value": "[^"]*$')


def in_free_intent_string(text: str) -> bool:
    return _FREE_INTENT.search(text) is not None


def in_formula_string(text: str) -> bool:
    return text.count('"') % 2 == 1
