"""Random flow documents: a display list or a typed error, never a crash or a hang; and
random block sequences keep every body line inside the margins, each exactly once."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from o3local.errors import DataError, LayoutError, TemplateError

from .conftest import render

PIECES = st.sampled_from([
    "<p>", "</p>", "<h1>", "</h1>", "<h2>", "</h2>", "<ul>", "</ul>", "<ol>", "</ol>", "<li>", "</li>",
    "<table>", "</table>", "<tr>", '<tr header="true">', "</tr>", "<td>", "</td>", "<page-break/>", "<toc/>",
    '<chart type="bar" h="1in"><categories><c>a</c></categories><series name="s"><v>1</v></series></chart>',
    '<image src="a.png" h="0.5in"/>', "<place>", "</place>", '<rect x="0" y="0" w="1in" h="1in"/>',
    "<header>", "</header>", "<footer>", "</footer>", '<text x="0" y="0" w="1in" h="0.3in">',
    "</text>", 'keep-with-next="true" ', 'keep-together="true" ', 'marker="(1)" ', 'font-size="30pt" ',
    'space-before="1in" ', ">", "{% for x in xs %}", "{% endfor %}", "{{ x }}", "{{ page.number }}",
    "{{ page.count }}", "文字很长的段落，" * 8, "word " * 12, " ",
])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(PIECES, max_size=40))
def test_random_flows_give_a_result_or_a_typed_error(engine, parts):
    source = ('<document kind="document" width="3in" height="3in" lang="zh"><flow margin="0.3in">'
              + "".join(parts) + "</flow></document>")
    try:
        result = render(engine, source, {"xs": [1, 2, 3]}, images={"a.png": (10, 20)}, timeout_s=2)
    except (TemplateError, DataError, LayoutError) as err:
        assert err.code and err.message
    else:
        raw = result.display_list_bytes
        dl = json.loads(raw)
        assert json.dumps(dl, ensure_ascii=False, separators=(",", ":")).encode() == raw
        assert dl["pages"]


BLOCK = st.one_of(
    st.tuples(st.just("p"), st.integers(1, 30)),
    st.tuples(st.just("h2"), st.integers(1, 3)),
    st.tuples(st.just("li"), st.integers(1, 8)),
    st.tuples(st.just("br"), st.just(0)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(BLOCK, min_size=1, max_size=25), st.integers(1, 3), st.integers(1, 3))
def test_every_line_lands_once_inside_the_margins(engine, blocks, orphans, widows):
    body = []
    for k, (kind, n) in enumerate(blocks):
        words = " ".join(f"b{k}w{i}" for i in range(n * 6))
        if kind == "li":
            body.append(f"<ul><li>{words}</li></ul>")
        elif kind == "br":
            body.append("<page-break/>")
        else:
            body.append(f"<{kind}>{words}</{kind}>")
    src = ('<document kind="document" width="3in" height="2.5in"><flow margin="0.25in" font-size="9pt" '
           f'orphans="{orphans}" widows="{widows}">{"".join(body)}</flow></document>')
    dl = render(engine, src, {}).display_list
    top, bottom = 0.25 * 914400, 2.25 * 914400
    words = []
    for page in dl["pages"]:
        for it in page["items"]:
            assert it["type"] == "text"
            assert top <= it["y"] and it["y"] + it["h"] <= bottom + 1
            words += [w for ln in it["lines"] for r in ln["runs"] for w in r["text"].split() if w != "•"]
    expected = [f"b{k}w{i}" for k, (kind, n) in enumerate(blocks) if kind != "br" for i in range(n * 6)]
    assert words == expected
