"""Fuzz: damaged display lists into the checker and every exporter give a typed error, never a crash.

A display list normally comes from our layout module, but ``o3local.export``
takes any (hand-edited, from an older version, from another host).  Each
example takes the version-2 kit list (text, table, chart, images), damages
one to three places (a value replaced by random JSON: wrong types, huge or
negative numbers, odd strings, nesting) and exports it in one format.  The
only failure allowed is an :class:`O3Error` with a code.  Fixed budget:
a fixed seed and example count, cut at BUDGET_S seconds, so CI is repeatable;
PNG is left out (it rasterizes the SVG checked here, and its pixel cap
``png.MAX_PIXELS`` bounds a huge page).
"""

from __future__ import annotations

import copy
import time
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from o3local.errors import O3Error
from o3local.export import export
from o3local.export.display import check_display_list

from .kit import ASSETS, build_font, v2_display_list

FONT = build_font()
BASE = v2_display_list()
FORMATS = ("svg", "pdf", "pptx", "docx", "xlsx")
EXAMPLES = 500
#: time budget (seconds): on a loaded machine the examples past it are not run, so the fuzz
#: costs every CI job at most about this much (here 500 examples take about 8 s)
BUDGET_S = 20

JSON = st.recursive(
    st.none() | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, -1, 1, 2**31, 2**63, 914400, 10**12])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["#fff", "#12345", "none", "group", "table", "chart", "text", "rect",
                       "image", "polygon", "assets/logo.png", "o3-display-list", "\ufffe", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "role", "x", "y", "w", "h", "items", "meta", "rows", "cells",
                         "series", "values", "glyphs", "runs", "font", "size", "text"]),
        inner, max_size=4),
    max_leaves=12)


def _places(node: Any, path: tuple = ()) -> list[tuple]:
    """Every path into the display list (dict keys and list indexes), the root included."""
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _places(value, (*path, index))
    return found


PLACES = [p for p in _places(BASE) if p]


def _damage(display_list: dict, path: tuple, value: Any) -> dict:
    node = display_list
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return display_list


_started: list[float] = []


@seed(15015)
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(PLACES), JSON), min_size=1, max_size=3),
       st.sampled_from(FORMATS))
def test_damaged_display_lists_give_a_typed_error_or_a_document(damages, fmt):
    if not _started:
        _started.append(time.monotonic())
    if time.monotonic() - _started[0] > BUDGET_S:
        return
    dl = copy.deepcopy(BASE)
    for path, value in damages:
        try:
            dl = _damage(dl, path, value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier damage removed this place
    try:
        check_display_list(dl)
        documents = export(dl, fmt, fonts=[FONT], assets=ASSETS)
    except O3Error as err:
        assert err.code and "." in err.code and err.message
    else:
        assert documents and all(isinstance(d, bytes) and d for d in documents)


@settings(max_examples=60, deadline=None, database=None)
@given(JSON)
@seed(15016)
def test_anything_at_all_is_a_display_list_or_export_display_list_error(value):
    try:
        check_display_list(value)
    except O3Error as err:
        assert err.code == "export.display_list"
