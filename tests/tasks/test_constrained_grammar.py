"""The grammar automata behind constrained decoding, driven by random walks.

A made-up tokenizer (single characters plus multi-character pieces such as
``SUMIF``, ``(A``, ``","``) and random logits: whatever the walk picks
among the allowed tokens, a finished output must parse, name only this
sheet's cells, and the walk must never reach a dead end.
"""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest

from o3local.tasks.constrained import DEAD, GrammarProcessor, RegexAutomaton
from o3local.tasks.formula.grammar import (
    MAX_DEPTH,
    formula_automaton,
    formula_grammar,
    intent_automaton,
)
from o3local.tasks.formula.intent import Intent
from o3local.tasks.formula.schema import col_index, schema_from_rows
from o3local.tasks.formula.syntax import is_valid

_SINGLE = list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789=+-*/^&<>,:;()$%.\"' {}[]_\\\n东区金额")
_MULTI = ["SUM", "SUMIF", "SUMIFS", "COUNT", "COUNTIF", "AVERAGE", "IF", "IF(", "MAX", "MIN", "(A",
          "A2", "B2", "C2", "D2", "A1", "2:", ":C", "C4", "C5", "Z9", "AA1", ",\"", "\",", '","',
          '"East"', '"West"', "East", "))", ")*", "100", "0.5", "TRUE", "FALSE", "SUM(", "(B",
          ">=", "<>", "2:A", "AND(", "OR(", "ROUND(", "INDEX(", "MATCH(", ", ", "\": ", "{\"",
          '"column": "', '"op": "', '"value": ', '"operation": "', '"conditions": [', "sum",
          "Region", "Amount", "Date", "Regi", "on\"", '"round": null}', "null", "], ", "}, ",
          '"value_column": "', "count", "average", "contains", "2024-01-02", "<=", "=\", "]
_PIECES = list(dict.fromkeys(_SINGLE + _MULTI))
_EOS = len(_PIECES)


class FakeTokenizer:
    def __init__(self) -> None:
        self._pieces = [p.encode("utf-8") for p in _PIECES]
        self.eos_ids = [_EOS]

    def pieces(self) -> list[bytes]:
        return self._pieces

    def decode(self, ids: list[int]) -> str:
        return b"".join(self._pieces[i] for i in ids if i != _EOS).decode("utf-8")


TOK = FakeTokenizer()


@pytest.fixture(scope="module")
def sheet():
    rows = [["Region", "Amount", "Date"], ["East", "100", "2024-01-02"],
            ["West", "50", "2024-02-03"], ["East", "25.5", "2024-03-04"]]
    return schema_from_rows(rows)


def _walk(proc: GrammarProcessor, rng: random.Random, max_steps: int = 80, eos_p: float = 0.35):
    """One random decode; returns (text, ended) — ended: the walk chose end of sequence."""
    generated: list[int] = []
    logits = np.zeros(_EOS + 1, dtype=np.float32)
    for _ in range(max_steps):
        out = proc(generated, logits)  # raises if the grammar left no continuation
        ok = np.flatnonzero(np.isfinite(out))
        assert len(ok), "no token allowed"
        if _EOS in ok and rng.random() < eos_p:
            return proc.prefix + TOK.decode(generated), True
        choices = [int(i) for i in ok if i != _EOS]
        if not choices:
            return proc.prefix + TOK.decode(generated), True
        generated.append(rng.choice(choices))
    return proc.prefix + TOK.decode(generated), False


def test_random_walks_only_produce_parseable_formulas(sheet):
    rng = random.Random(7)
    finished = 0
    for _ in range(300):
        proc = GrammarProcessor(TOK, formula_automaton(sheet), prefix="=", check=is_valid)
        text, ended = _walk(proc, rng)
        if ended:
            finished += 1
            assert is_valid(text), text
            assert proc.done(text)
    assert finished > 60  # many walks end: the test saw real formulas, not only prefixes


def test_a_column_outside_the_sheet_cannot_be_produced(sheet):
    a = formula_automaton(sheet)
    assert sheet.last_column == 3 and sheet.last_row == 4
    for text in ("=D2", "=SUM(D2", "=SUM(D:D", "=SUM(A2:D", "=Z9", "=AA1", "=A5", "=SUM(A2:A9", "=C:D", "=$D$2"):
        assert not a.viable(text), text
    for text in ("=C4", "=SUM(A2:C4", "=$C$4", "=B:B", "=SUM(B2:B4)*2"):
        assert a.viable(text), text
    rng = random.Random(3)
    cell = re.compile(r"(?<![A-Z])\$?([A-Z]+)\$?(\d+)?")
    for _ in range(200):
        proc = GrammarProcessor(TOK, a, prefix="=", check=is_valid)
        text, ended = _walk(proc, rng)
        body = re.sub(r'"[^"]*"?', '""', text)  # strings are not references
        body = re.sub(r"[A-Z][A-Z0-9.]*\(", "(", body)  # nor function names
        if not ended:
            body = re.sub(r"[A-Z][A-Z0-9.]*$", "", body)  # maybe a function name being written
        for letters, row in cell.findall(body):
            if letters in ("TRUE", "FALSE"):
                continue
            assert col_index(letters) <= 3, text
            if row:
                assert 1 <= int(row) <= 4, text


def test_nesting_is_capped_without_a_dead_end():
    a = formula_automaton(None)
    deep = "=" + "SUM(" * MAX_DEPTH
    assert a.viable(deep) and not a.viable(deep + "(") and not a.viable(deep + "TRUN")
    assert a.viable(deep + "A1" + ")" * MAX_DEPTH) and a.matches(deep + "A1" + ")" * MAX_DEPTH)
    rng = random.Random(11)
    for _ in range(100):  # every state the walk reaches still has a way out
        _walk(GrammarProcessor(TOK, a, prefix="=" + "IF(" * (MAX_DEPTH - 1), check=is_valid),
              rng, eos_p=0.1)


def test_the_kept_state_matches_reading_the_whole_text(sheet):
    a = formula_automaton(sheet)
    proc = GrammarProcessor(TOK, a, prefix="=")
    ids = [TOK._pieces.index(p.encode()) for p in ("SUMIF", "(A", "2:", "A", "4", ",\"", "East", "\",",
                                                      "C", "2:", "C", "4", ")")]
    logits = np.zeros(_EOS + 1, dtype=np.float32)
    for n in range(len(ids) + 1):
        out = proc(ids[:n], logits)
        assert proc.text == "=" + TOK.decode(ids[:n])
        assert proc._state == a.walk(a.start, proc.text)
    assert np.isfinite(out[_EOS])  # =SUMIF(A2:A4,"East",C2:C4) is complete
    proc(ids[:3], logits)  # not a continuation of what it saw: it starts again
    assert proc.text == "=SUMIF(A2:" and proc._state == a.walk(a.start, "=SUMIF(A2:")


def test_the_automaton_agrees_with_the_regex_module():
    import regex

    patterns = [r"=(?:SUM|SUMIF|IF)\((?:[A-C][1-9]\d{0,2}|\d+(?:\.\d+)?)\)",
                r'\{"a": (?:null|-?\d{1,3}), "b": "[^"\\\n]*"\}', r"(?:ab|a)*c?x{2,3}"]
    rng = random.Random(5)
    alphabet = list('=SUMIF()ABC0123456789.{}"abnulx:, -\\')
    for pat in patterns:
        a, r = RegexAutomaton(pat), regex.compile(pat)
        for _ in range(2000):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
            assert a.viable(text) == (r.fullmatch(text, partial=True) is not None), (pat, text)
            assert a.matches(text) == (r.fullmatch(text) is not None), (pat, text)


def test_free_strings_take_quote_free_tokens_wholesale(sheet):
    a = formula_automaton(sheet)
    st = a.walk(a.start, '=IF(A2="Ea')
    assert a.free(st) and not a.free(a.walk(a.start, "=IF(A2"))
    assert a.walk(st, "st {x}, y") == st


def test_intent_walks_parse_and_use_each_column_once(sheet):
    a = intent_automaton(sheet)
    headers = {c.header for c in sheet.columns}
    rng = random.Random(2)
    finished = 0
    for _ in range(150):
        text, ended = _walk(GrammarProcessor(TOK, a), rng, max_steps=120, eos_p=0.9)
        if not ended:
            continue
        finished += 1
        try:
            doc = json.loads(text)
        except json.JSONDecodeError:
            raise AssertionError(text) from None
        intent = Intent.from_dict(doc)
        cols = [c.column for c in intent.conditions]
        assert len(cols) == len(set(cols)) and set(cols) <= headers
    assert finished > 20
    dup = ('{"operation": "sum", "value_column": "Amount", "conditions": [{"column": "Region", '
           '"op": "=", "value": "East"}, {"column": "Region"')
    assert a.viable(dup[:-8]) and not a.viable(dup)
    three = ('{"operation": "sum", "value_column": "Amount", "conditions": [{"column": "Region", '
             '"op": "=", "value": "East"}, {"column": "Amount", "op": ">", "value": 5}, '
             '{"column": "Date", "op": ">", "value": "2024-01-01"}')
    assert a.viable(three + "]") and not a.viable(three + ",")  # no column left for a fourth


def test_max_chars_leaves_out_tokens_that_do_not_fit(sheet):
    proc = GrammarProcessor(TOK, formula_automaton(sheet), prefix="=SUM(A2", max_chars=9)
    out = proc([], np.zeros(_EOS + 1, dtype=np.float32))
    allowed = {TOK._pieces[i].decode() for i in np.flatnonzero(np.isfinite(out)) if i != _EOS}
    assert ")" in allowed and ":C" in allowed and "))" not in allowed and "2:A" not in allowed


def test_grammar_predicates_keep_their_meaning(sheet):
    viable, done = formula_grammar(sheet)
    assert viable("=SUMIF(A2:A4,") and viable("=SU") and done('=SUMIF(A2:A4,"East",B2:B4)')
    assert not viable("=SUMM(") and not viable("=SUM(D2") and not viable("=SUM(A2))")
    assert not viable("==") and not viable("=)") and not done("=SUM(A2:A4")
    assert a_dead(formula_automaton(sheet), "=SUM(A2,,")


def a_dead(a, text):
    return a.walk(a.start, text) == DEAD


def test_confidence_is_the_least_probability_of_a_chosen_token_among_the_allowed(sheet):
    proc = GrammarProcessor(TOK, formula_automaton(sheet), prefix="=SUM(A2:A", check=is_valid)
    four, close = TOK._pieces.index(b"4"), TOK._pieces.index(b")")
    logits = np.full(_EOS + 1, -5.0, dtype=np.float32)
    logits[four] = 2.0
    out = proc([], logits)
    allowed = np.isfinite(out)
    p4 = float(np.exp(out[four]) / np.exp(out[allowed]).sum())
    logits2 = np.zeros(_EOS + 1, dtype=np.float32)
    logits2[close] = 10.0
    proc([four], logits2)  # "=SUM(A2:A4": the choice of "4" is scored now
    assert proc.choices[0][0] == pytest.approx(p4) and proc.choices[0][1] == int(allowed.sum())
    proc.finish(stopped=False)
    assert proc.confidence() == pytest.approx(p4)


class _Pieces:
    """A tokenizer that is nothing but its pieces (a new one per call below)."""

    def __init__(self, pieces: list[str]) -> None:
        self._pieces = [p.encode("utf-8") for p in pieces]
        self.eos_ids = [len(pieces)]

    def pieces(self) -> list[bytes]:
        return self._pieces

    def decode(self, ids: list[int]) -> str:
        return b"".join(self._pieces[i] for i in ids if i < len(self._pieces)).decode("utf-8")


def test_a_new_tokenizer_never_gets_a_dropped_ones_vocabulary():
    """CI failed once because a tokenizer born at a collected one's address got its trie
    (a Latin-only vocabulary for a Chinese grammar: no token could start the answer)."""
    import gc

    auto = RegexAutomaton("东区|West")
    for i in range(30):
        latin = _Pieces(["W", "e", "s", "t", "x"])
        GrammarProcessor(latin, auto)([], np.zeros(6, dtype=np.float32))
        del latin
        gc.collect()
        chinese = _Pieces(["东", "区", "东区", f"pad{i}"])
        proc = GrammarProcessor(chinese, auto)
        out = proc([], np.zeros(5, dtype=np.float32))
        assert set(np.flatnonzero(np.isfinite(out))) == {0, 2}, f"round {i}"
