"""Random macros, calls and includes (in the template and in included files): a
display list or a typed error of the template, never a trap, a hang, an internal
error or output that breaks the canonical form; check mode the same."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from o3local.errors import DataError, LayoutError, TemplateError

from .conftest import render

PIECES = st.sampled_from([
    "{% macro m(a, b=1) %}", "{% macro n() %}", "{% macro m(a) %}", "{% macro r(k) %}", "{% endmacro %}",
    "{{ m(1) }}", "{{ m(a=x, b=2) }}", "{{ m() }}", "{{ n() }}", "{{ r(x) }}", "{{ q(1) }}", "{{ m(1) | upper }}",
    '{% include "p/a.o3x" %}', '{% include "p/b.o3x" %}', '{% include "p/none.o3x" %}', '{% include "../x.o3x" %}',
    "{% if a %}", "{% endif %}", "{% for x in xs %}", "{% endfor %}", "{% set a = 2 %}",
    "<text>", "</text>", '<text x="0" y="0" w="2in" h="1in">', "<b>", "</b>", "{{ a }}", "{{ b }}", "{{ x }}",
    '<rect x="0" y="0" w="1in" h="1in"/>', "<page>", "</page>", "abc", "中文", " ", "\n",
])

PARTIAL = st.lists(PIECES, max_size=12).map("".join)


def kinds(err: Exception) -> bool:
    return isinstance(err, (TemplateError, DataError)) or (
        isinstance(err, LayoutError) and err.code in ("limit.depth", "limit.items", "layout.timeout", "layout.memory"))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(PIECES, max_size=30), PARTIAL, PARTIAL, st.booleans())
def test_random_macros_and_includes_give_a_result_or_a_typed_error(engine, parts, a, b, top):
    body = "".join(parts)
    source = (body + "<document><page></page></document>") if top else ("<document><page>" + body + "</page></document>")
    partials = {"p/a.o3x": (a, "p/a.o3x"), "p/b.o3x": (b, "p/b.o3x")}
    data = {"xs": [1, 2], "x": 3}
    try:
        result = render(engine, source, data, partials=partials, timeout_s=5)
    except (TemplateError, DataError, LayoutError) as err:
        assert kinds(err), f"{err.code}: {err}"
        assert err.code and err.message
    else:
        raw = result.display_list_bytes
        assert json.dumps(json.loads(raw), ensure_ascii=False, separators=(",", ":")).encode() == raw
    try:
        found = engine.check(source, "t.o3x", data, partials=partials, timeout_s=5)
    except (TemplateError, DataError, LayoutError) as err:
        assert kinds(err), f"{err.code}: {err}"
    else:
        for e in found:
            assert e["code"] and e["message"] and e.get("file") in ("t.o3x", "p/a.o3x", "p/b.o3x", None)
