"""What every rule family shares: the rule registry, the reading context, token helpers.

A rule is a function with phrasings (:func:`rule`); the composer
(``compose.py``) tries the rules by ``order`` and rewrites the first phrase
one of them accounts for.  The helpers here write the formula pieces (a
cell, an aggregate, a lookup, a condition) so that ranges, quoting and
argument order are right by construction in every family.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ....errors import TaskError
from ..annotate import CLOSE, OPEN, TOKEN_RE, Annotated, Tok, col_type
from ..intent import Condition, Intent, _mask, compile_intent
from ..phrases import AGG_EN, AGG_WORD, AGG_ZH, FUNC_OF_AGG, ORDINALS, SEPARATORS
from ..schema import Column, SheetSchema
from .words import MAXW_RE

#: what each token placeholder of a pattern matches (``<C>``: a column, ``<X>``: any scalar
#: expression ...): the token kinds of ``annotate.py``
KINDS = {"C": "c", "A": "ca", "R": "r", "X": "rxndg", "Y": "rxndgsv", "N": "n", "S": "sv",
         "V": "v", "D": "d", "K": "k", "G": "g", "B": "b", "Q": "s", "L": "snv"}

Rule = Callable[["Ctx", re.Match, list[Tok]], "Tok | str | None"]
#: one example a rule carries: (example sheet name in families/examples.json, request, formula)
Example = tuple[str, str, str]


@dataclass(frozen=True)
class Registered:
    """One phrasing of one rule, as the reader tries it."""

    order: int
    pattern: re.Pattern
    tokens: int
    fn: Rule


_REGISTRY: list[Registered] = []
_ORDERS: dict[int, str] = {}
EXAMPLES: dict[str, tuple[Example, ...]] = {}


def compile_pattern(pattern: str) -> tuple[re.Pattern, int]:
    """A rule phrasing as a regular expression over the annotated text, and its token count."""
    n = 0

    def macro(m: re.Match) -> str:
        nonlocal n
        n += 1
        return f"\x00{OPEN}[{KINDS[m.group(1)]}](?P<t{n}>\\d+){CLOSE}\x00"

    body = re.sub(r"<([A-Z])>", macro, pattern).replace(" ", r"\s*").replace("\x00", r"\s*")
    if re.match(r"[a-z(]", pattern):
        body = r"(?<![a-z])" + body
    if re.search(r"[a-z]$", pattern):
        body += r"(?![a-z])"
    return re.compile(body), n


def rule(*patterns: str, order: int, examples: tuple[Example, ...] = ()) -> Callable[[Rule], Rule]:
    """Register a rule: its phrasings, where it is tried (``order``, unique, lower first), and
    the examples ``tests/tasks/test_formula_families.py`` runs.

    Two rules with one order would be tried in whichever order their modules
    were imported; that is refused when the module loads.
    """
    def register(fn: Rule) -> Rule:
        name = rule_name(fn)
        if _ORDERS.setdefault(order, name) != name:
            raise TaskError(f"rules {_ORDERS[order]} and {name} both have order {order}",
                            code="task.rule_order")
        for p in patterns:
            pat, n = compile_pattern(p)
            _REGISTRY.append(Registered(order, pat, n, fn))
        EXAMPLES[name] = tuple(examples)
        return fn
    return register


def rule_name(fn: Rule) -> str:
    """``family.function``: how traces, examples and errors name a rule."""
    return f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}"


def registered() -> list[Registered]:
    """Every phrasing of every rule, in the order the reader tries them."""
    return sorted(_REGISTRY, key=lambda r: r.order)  # stable: a rule's phrasings keep theirs


@dataclass
class Ctx:
    """What a rule sees besides its match: the annotated request and the sheet."""

    ann: Annotated
    schema: SheetSchema

    def table_of(self, col: Column) -> list[Column]:
        return next((t for t in self.ann.tables if col in t), [col])

    @property
    def main(self) -> list[Column]:
        return self.ann.tables[0]


def piece(text: str, typ: str, what: str, **kw: Any) -> Tok:
    return Tok("x", text, typ, what=what, **kw)


def said(tok: Tok) -> str:
    """How an explanation names ``tok``: what it stands for, else its formula text."""
    return tok.what or tok.text


def match_toks(ctx: Ctx, m: re.Match) -> list[Tok]:
    """Every token of the match, in order (a pattern's groups hold only the first and last
    of a repeated part)."""
    return [ctx.ann.toks[int(i)] for _, i in TOKEN_RE.findall(m.group(0))]


def call(fn: str, tok: Tok, typ: str, what: str, types: tuple[str, ...]) -> Tok | None:
    """``fn(tok)``, a piece of type ``typ``; None when ``tok`` is not of one of ``types``."""
    if tok.type not in types:
        return None
    return piece(f"{fn}({tok.text})", typ, what)


#: the token types a text or a number function takes ("any": a cell of a mixed column)
TEXT = ("text", "any")
NUM = ("num", "any")


def nth_cell(col: Column, n: int) -> Tok | None:
    """The ``n``-th data row's cell of ``col`` (negative: from the end)."""
    row = col.first_row + n - 1 if n > 0 else col.last_row + n + 1
    if not col.first_row <= row <= col.last_row or n == 0:
        return None
    nth = {1: "first", -1: "last"}.get(n, f"row {row}")
    return Tok("r", f"{col.letter}{row}", col_type(col), col, what=f"{col.header} of the {nth} row",
               value=row)


def ordinal(word: str | None, ctx: Ctx, m: re.Match | None = None, group: str = "") -> int | None:
    if word is None:
        return None
    word = word.strip().lower()
    if word in ORDINALS:
        return ORDINALS[word]
    tm = TOKEN_RE.fullmatch(word)
    if tm and tm.group(1) == "n":
        v = ctx.ann.toks[int(tm.group(2))].value
        return int(v) if isinstance(v, (int, float)) and float(v).is_integer() else None
    return None


def whole(tok: Tok) -> int | None:
    v = tok.value
    return int(v) if isinstance(v, (int, float)) and float(v).is_integer() else None


def comparator(word: str, table: list[tuple[str, str]]) -> str | None:
    for words, op in table:
        if re.fullmatch(words, word.strip()):
            return op
    return None


def agg_op(word: str) -> str | None:
    return comparator(word, AGG_EN) or comparator(word, AGG_ZH)


def separator(text: str | None, tok: Tok | None) -> str | None:
    if tok is not None:
        return str(tok.value) if tok.kind in "sv" else None
    if text is None:
        return None
    for pat, sep in SEPARATORS:
        if re.fullmatch(pat.replace(" ", r"\s*"), text.strip()):
            return sep
    return None


def quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def agg_text(ctx: Ctx, op: str, col: Column | None, conds: tuple[Condition, ...]) -> str | None:
    hints = ctx.ann.hints
    if col is None and op != "count":
        return None
    if col is not None and op != "count" and col.type != "number" and not (
            op in ("max", "min") and col.type == "date"):
        return None  # the largest of a text column means nothing
    if not conds:
        if op == "count":
            if col is None:
                col = ctx.main[0]
            return f"{'COUNT' if col.type == 'number' else 'COUNTA'}({col.range})"
        return f"{FUNC_OF_AGG[op]}({col.range})"
    masks = [_mask(c, ctx.schema.column(c.column)) for c in conds]
    if "SUMPRODUCT" in hints and op in ("sum", "count"):
        mask = "*".join(f"({m})" for m in masks)
        return f"SUMPRODUCT({mask}*{col.range})" if op == "sum" else f"SUMPRODUCT(--{mask})" \
            if len(masks) == 1 else f"SUMPRODUCT({mask})"
    if op in ("sum", "average", "max", "min", "count", "median"):
        if op in ("sum", "average", "max", "min", "median") and (col is None or col.type != "number"):
            if not (op in ("max", "min") and col is not None and col.type == "date"):
                return None
        try:
            return compile_intent(Intent(op, col.header if col and op != "count" else "", conds),
                                  ctx.schema)[1:]
        except TaskError:
            return None
    if col is None or col.type != "number":
        return None
    mask = "*".join(f"({m})" for m in masks) if len(masks) > 1 else masks[0]
    return f"{FUNC_OF_AGG[op]}(FILTER({col.range},{mask}))"


def conds_what(conds: tuple[Condition, ...]) -> str:
    return " and ".join(f"{c.column} {c.op.replace('_', ' ')} {c.value}" for c in conds)


def agg_tok(ctx: Ctx, op: str, col: Column | None, conds: tuple[Condition, ...] = (),
       cols: tuple[Column, ...] = ()) -> Tok | None:
    if op == "sumproduct":
        c1, c2 = cols
        if not conds:
            text = f"SUMPRODUCT({c1.range},{c2.range})"
        else:
            masks = "*".join(f"({_mask(c, ctx.schema.column(c.column))})" for c in conds)
            text = f"SUMPRODUCT({masks}*{c1.range}*{c2.range})"
        what = f"sum of {c1.header} × {c2.header}" + (f" where {conds_what(conds)}" if conds else "")
        return Tok("g", text, "num", c1, what=what, conds=conds, op=op, cols=cols)
    text = agg_text(ctx, op, col, conds)
    if text is None:
        return None
    typ = "num" if op in ("count", "sum", "average", "median", "stdev", "stdevp", "var") else (
        col_type(col) if col else "num")
    what = f"{AGG_WORD[op]} of {col.header if col else 'rows'}"
    if conds:
        what += f" where {conds_what(conds)}"
    return Tok("g", text, typ, col, what=what, conds=conds, op=op)


def cond_tok(col: Column, op: str, value: Any) -> Tok:
    c = Condition(col.header, op, value)
    return Tok("k", "", "bool", col, what=conds_what((c,)), conds=(c,))


def scalar_ok(tok: Tok) -> bool:
    return tok.kind in "rxndgsvb"


def person_col(ctx: Ctx) -> Column | None:
    from ..rowbase import person_column

    return person_column(ctx.main)  # never the first text column blindly: it may hold IDs


def key_column(ctx: Ctx, result: Column, key: Tok) -> Column | None:
    """The column of ``result``'s table that ``key`` (a value or a cell) is looked up in."""
    table = ctx.table_of(result)
    if key.kind == "v" and key.op == "unknown":  # a name the sheet does not hold (yet)
        return key.col if key.col in table and key.col is not result else None
    if key.kind == "v":
        cols = [c for c in key.cols if c in table and c is not result]
        if len(cols) != 1:
            return None
        col = cols[0]
        values = [ctx.schema.cells.get((r, ci(col.letter))) for r in range(col.first_row, col.last_row + 1)]
        return col if values.count(key.value) == 1 else None
    if key.kind == "r" and key.col is not None:
        if key.col in table:
            return None
        src = set(key.col.distinct)
        best = max((c for c in table if c is not result and c.type in ("text", "mixed")),
                   key=lambda c: len(src & set(c.distinct)), default=None)
        return best if best is not None and src & set(best.distinct) else None
    return None


def ci(letter: str) -> int:
    from ..schema import col_index

    return col_index(letter)


def lookup_tok(ctx: Ctx, result: Column, key: Tok) -> Tok | None:
    kcol = key_column(ctx, result, key)
    if kcol is None:
        return None
    hints = ctx.ann.hints
    what = f"looks up {result.header} where {kcol.header} = {key.what or key.text}"
    if "VLOOKUP" in hints:
        table = ctx.table_of(result)
        if ci(kcol.letter) >= ci(result.letter) or kcol.first_row != result.first_row:
            return None
        idx = ci(result.letter) - ci(kcol.letter) + 1
        rng = f"{kcol.letter}{kcol.first_row}:{result.letter}{max(c.last_row for c in table)}"
        text = f"VLOOKUP({key.text},{rng},{idx},FALSE)"
    elif "XLOOKUP" in hints:  # asked for by name; Excel 2016 / LibreOffice 7 show #NAME?
        text = f"XLOOKUP({key.text},{kcol.range},{result.range})"
    else:  # the default: computed by every target (issue 16 item 6)
        # over the same rows: a column blank on its last rows (Invoiced, not yet filled for the
        # newest jobs) reaches the other's last row, or a match below its end would be #REF!
        last = max(result.last_row, kcol.last_row) if result.first_row == kcol.first_row else None
        res, keys = ((f"{c.letter}{c.first_row}:{c.letter}{last}" for c in (result, kcol)) if last
                     else (result.range, kcol.range))
        text = f"INDEX({res},MATCH({key.text},{keys},0))"
    return piece(text, col_type(result), what)


def argext_tok(ctx: Ctx, result: Column | None, by: Column, word: str) -> Tok | None:
    if result is None or by.type not in ("number", "date") or result is by:
        return None
    fn = "MAX" if re.fullmatch(MAXW_RE + "|最高|最大|最多|最晚|最近|最新", word) else "MIN"
    if ctx.table_of(result) is not ctx.table_of(by):
        return None
    if "XLOOKUP" in ctx.ann.hints:
        text = f"XLOOKUP({fn}({by.range}),{by.range},{result.range})"
    else:
        text = f"INDEX({result.range},MATCH({fn}({by.range}),{by.range},0))"
    return piece(text, col_type(result),
              f"{result.header} of the row with the {'largest' if fn == 'MAX' else 'smallest'} {by.header}",
              op="argext", cols=(result, by), value=fn)


def same_row(ref: Tok, col: Column) -> Tok | None:
    """``col``'s cell in the row of the cell ``ref`` (same table only)."""
    if ref.kind != "r" or ref.value is None or ref.col is None:
        return None
    if (col.first_row, col.last_row) != (ref.col.first_row, ref.col.last_row):
        return None
    return Tok("r", f"{col.letter}{ref.value}", col_type(col), col,
               what=f"{col.header} of row {ref.value}", value=ref.value)


def date_like(tok: Tok) -> bool:
    return tok.type in ("date", "any") or tok.kind == "d"


def paren(tok: Tok) -> str:
    return tok.text if re.fullmatch(r"[\w.$]+|[A-Z.]+\(.*\)", tok.text) else f"({tok.text})"


def cond_masks(ctx: Ctx, k: Tok) -> str:
    masks = [_mask(c, ctx.schema.column(c.column)) for c in k.conds]
    return masks[0] if len(masks) == 1 else "*".join(f"({x})" for x in masks)


def one_year(ctx: Ctx) -> int | None:
    """The year of every date in the one date column of the main table, if there is one."""
    import datetime as _dt

    dates = [c for c in ctx.main if c.type == "date"]
    if len(dates) != 1:
        return None
    col = dates[0]
    years = {v.year for r in range(col.first_row, col.last_row + 1)
             if isinstance(v := ctx.schema.cells.get((r, ci(col.letter))), (_dt.date, _dt.datetime))}
    return years.pop() if len(years) == 1 else None


def unique_col(col: Column, schema: SheetSchema) -> bool:
    values = [schema.cells.get((r, ci(col.letter))) for r in range(col.first_row, col.last_row + 1)]
    return len(set(values)) == len(values)
