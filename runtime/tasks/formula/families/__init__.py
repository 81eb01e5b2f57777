"""The phrase composer's rules, one module per family, each rule with its order and examples.

============  ==========================================================
positions     one cell or a few cells by position (nth row, row 5, first 3)
conditions    words that become row conditions, and the words joining them
totals        aggregates over a column or the rows meeting conditions
lookups       INDEX/MATCH, the row with the largest value, who/when questions
statistics    k-th largest, percentiles, quartiles, rank, top-k lists
dates         parts of dates, month ends, date arithmetic, differences
text          case, length, slices, trim, replace, join, TEXT, VALUE
arithmetic    + - * /, roots, powers, remainders, rounding
logic         comparisons, IF/IFS/IFERROR/SWITCH, bands, AND/OR
arrays        UNIQUE, SORT, SEQUENCE, FILTER (Excel 365 lists)
============  ==========================================================

Each rule is a function registered with :func:`.base.rule`: general English
or Chinese phrasings around annotated tokens (``<C>`` a column, ``<V>`` a
value, ``<N>`` a number, ``<K>`` a condition, ...), an ``order`` (lower is
tried first; the reader starts again from the lowest after every rewrite),
and the examples ``tests/tasks/test_formula_families.py`` runs.  A rule
returns the token its phrase means, or ``None`` when the phrase does not fit
this sheet; a rule that raises is a bug (``task.rule_failed``).

A successor adds a rule to the family it belongs to (or a new module listed
here), gives it an ``order`` not taken (``registered()`` lists them) and at
least one example; the words it needs go to ``lexicon/*.json``.
"""

from __future__ import annotations

from . import (  # noqa: F401  (importing a family registers its rules)
    arithmetic,
    arrays,
    conditions,
    dates,
    logic,
    lookups,
    personal,
    positions,
    statistics,
    text,
    totals,
)
from .base import EXAMPLES, Ctx, Registered, Rule, registered, rule_name, unique_col

__all__ = ["EXAMPLES", "Ctx", "Registered", "Rule", "registered", "rule_name", "unique_col"]
