"""Random tables, charts and images: a display list or a typed error, never
a crash, a hang or output that breaks the canonical form."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from o3local.errors import DataError, LayoutError, TemplateError

from .conftest import render

PIECES = st.sampled_from([
    "<table ", "<chart ", "<image ", "</table>", "</chart>", "<tr>", "</tr>", '<tr header="true">', "<td>",
    "</td>", "<categories>", "</categories>", "<c>", "</c>", '<series name="s">', "</series>", "<v>", "</v>",
    'x="0.1in" ', 'y="0.2in" ', 'w="3in" ', 'h="1in" ', 'h="0.1in" ', 'w="0" ', 'columns="fit" ',
    'columns="1,2" ', 'columns="1in,*" ', 'type="bar" ', 'type="pie" ', 'type="line" ', 'type="stacked-bar" ',
    'labels="true" ', 'legend="right" ', 'number-format="percent:1" ', 'src="a.png" ', 'fit="cover" ',
    'continued="more" ', "/>", ">", "{% for x in xs %}", "{% endfor %}", "{{ x }}", "{{ -x }}", "{{ x + 1 }}",
    "12.5", "-3", "1e3", "abc", "中文", " ", "{{ page.number }}", "{{ page.count }}",
])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(PIECES, max_size=30))
def test_random_v2_elements_give_a_result_or_a_typed_error(engine, parts):
    source = "<document><page>" + "".join(parts) + "</page></document>"
    try:
        result = render(engine, source, {"xs": [1, 250, 3.5, -7]}, images={"a.png": (10, 20)}, timeout_s=2)
    except (TemplateError, DataError, LayoutError) as err:
        assert err.code and err.message
    else:
        raw = result.display_list_bytes
        dl = json.loads(raw)
        assert json.dumps(dl, ensure_ascii=False, separators=(",", ":")).encode() == raw
        assert dl["version"] in (1, 2)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(alphabet="ab 中。", max_size=40), max_size=40), st.integers(300_000, 3_000_000),
       st.booleans())
def test_split_tables_draw_every_row_once_in_order(engine, cells, box_h, header):
    head = '<tr header="true"><td>H</td></tr>' if header else ""
    src = (f'<document><page><table x="0" y="0.5in" w="2in" h="{box_h}">{head}'
           '{% for c in cells %}<tr><td>{{ loop.index }}:{{ c }}</td></tr>{% endfor %}</table></page></document>')
    result = render(engine, src, {"cells": cells})
    seen = []
    for page in result.display_list["pages"]:
        for it in page["items"]:
            if it["type"] == "group":
                rows = it["meta"]["rows"]
                if header:
                    assert rows[0]["header"] and rows[0]["cells"][0]["text"] == "H"
                    rows = rows[1:]
                seen += [int(r["cells"][0]["text"].split(":")[0]) for r in rows]
    assert seen == list(range(1, len(cells) + 1))
