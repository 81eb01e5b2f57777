"""Tables a reader notices: rows in order on as many pages as needed, the
header on each, columns sized to their content, wrapping cells, styles."""

from __future__ import annotations

import pytest

from o3local.errors import LayoutError, TemplateError

from .conftest import render

ROWS_40 = [{"name": f"Row {i:02d}", "amount": i * 1000 + 0.5} for i in range(1, 41)]


def table_doc(table_attrs: str, body: str, extra: str = "") -> str:
    return ('<document kind="presentation" width="10in" height="5.625in"><page background="#fafafa">'
            f'<rect x="0" y="0" w="10in" h="0.5in" fill="#1f3a5f"/>{extra}'
            f'<table {table_attrs}>{body}</table></page></document>')


ROWS_BODY = ('<tr header="true"><td>Name</td><td align="right">Amount</td></tr>'
             '{% for r in rows %}<tr><td>{{ r.name }}</td>'
             '<td align="right" formula="=B{{ loop.index + 1 }}*2">{{ r.amount | number(2) }}</td></tr>'
             '{% endfor %}')


def groups(result, role="table"):
    return [(pi, it) for pi, page in enumerate(result.display_list["pages"])
            for it in page["items"] if it["type"] == "group" and it["role"] == role]


def cell_texts(group):
    return [[c["text"] for c in row["cells"]] for row in group["meta"]["rows"]]


def box_for_rows(n_rows: int, font_pt: int = 12, padding_in: float = 0.05) -> int:
    """EMU height holding the header plus n_rows one-line rows."""
    line = (font_pt * 12700 * 1200 + 500) // 1000
    row = line + 2 * int(padding_in * 914400)
    return (n_rows + 1) * row


def test_forty_rows_in_a_box_of_fifteen_give_three_pages_with_header_and_every_row_once(engine):
    h = box_for_rows(15)
    src = table_doc(f'x="0.5in" y="0.8in" w="6in" h="{h}" padding="0.05in" continued="(continued)" '
                    'header-fill="#1f3a5f" header-color="#ffffff" stripe="#eeeeee" border="#cccccc"',
                    ROWS_BODY, extra='<text x="0.5in" y="5in" w="9in" h="0.4in">Page {{ page.number }} of '
                                     '{{ page.count }}</text>')
    result = render(engine, src, {"rows": ROWS_40})
    dl = result.display_list
    assert dl["version"] == 2
    assert len(dl["pages"]) == 3
    parts = groups(result)
    assert [pi for pi, _ in parts] == [0, 1, 2]
    seen = []
    for pi, g in parts:
        rows = cell_texts(g)
        assert rows[0] == ["Name", "Amount"]
        assert g["meta"]["rows"][0]["header"] is True
        assert g["meta"]["continued"] is (pi > 0)
        seen += [r[0] for r in rows[1:]]
        # rows start at the box top and stack without gaps, inside the box
        ys = [(r["y"], r["height"]) for r in g["meta"]["rows"]]
        assert ys[0][0] == g["y"]
        for (y0, h0), (y1, _) in zip(ys, ys[1:], strict=False):
            assert y1 == y0 + h0
        assert ys[-1][0] + ys[-1][1] <= g["y"] + g["h"]
    assert seen == [r["name"] for r in ROWS_40]
    assert [len(cell_texts(g)) - 1 for _, g in parts] == [15, 15, 10]
    # the other items of the page repeat on each continuation, page numbers right
    for pi, page in enumerate(dl["pages"]):
        assert page["background"] == "#fafafa"
        assert page["items"][0]["type"] == "rect"
        footer = [it for it in page["items"] if it["type"] == "text"][0]
        assert "".join(r["text"] for r in footer["paragraphs"][0]["runs"]) == f"Page {pi + 1} of 3"
    # the continued label: only on continuations, right-aligned above the box
    for pi, g in parts:
        labels = [it for it in g["items"] if it["type"] == "text" and it["y"] < g["y"]]
        if pi == 0:
            assert labels == []
        else:
            (label,) = labels
            assert label["paragraphs"][0]["runs"][0]["text"] == "(continued)"
            assert label["align"] == "right" and label["y"] + label["h"] == g["y"]
    # formulas carried into meta, per data row
    first = parts[0][1]["meta"]["rows"]
    assert first[1]["cells"][1]["formula"] == "=B2*2" and first[1]["cells"][0]["formula"] is None
    assert parts[2][1]["meta"]["rows"][-1]["cells"][1]["formula"] == "=B41*2"
    assert result.diagnostics == []


def test_fit_columns_give_a_long_column_more_width_and_fill_the_table(engine):
    body = ('<tr><td>ID</td><td>A much longer description of the product</td><td>Qty</td></tr>'
            '<tr><td>1</td><td>Widget</td><td>3</td></tr>')
    g = groups(render(engine, table_doc('x="1in" y="1in" w="8in" h="3in" columns="fit"', body)))[0][1]
    cols = g["meta"]["columns"]
    assert sum(cols) == 8 * 914400
    assert cols[1] > 3 * cols[0] and cols[1] > 3 * cols[2]
    eq = groups(render(engine, table_doc('x="1in" y="1in" w="8in" h="3in" columns="equal"', body)))[0][1]
    assert max(eq["meta"]["columns"]) - min(eq["meta"]["columns"]) <= 1
    prop = groups(render(engine, table_doc('x="1in" y="1in" w="8in" h="3in" columns="2,1,1"', body)))[0][1]
    assert prop["meta"]["columns"] == [4 * 914400, 2 * 914400, 2 * 914400]
    lens = groups(render(engine, table_doc('x="1in" y="1in" w="8in" h="3in" columns="1in,*,2in"', body)))[0][1]
    assert lens["meta"]["columns"] == [914400, 5 * 914400, 2 * 914400]


def test_cells_wrap_inside_their_column_and_the_row_grows(engine):
    long = "word " * 120
    body = f'<tr><td>short</td><td>{long}</td></tr><tr><td>next</td><td>x</td></tr>'
    g = groups(render(engine, table_doc('x="1in" y="1in" w="6in" h="4in" columns="1in,*"', body)))[0][1]
    rows = g["meta"]["rows"]
    assert rows[0]["height"] > 3 * rows[1]["height"]
    cells = [it for it in g["items"] if it["type"] == "text"]
    wrapped = cells[1]
    assert len(wrapped["lines"]) > 3
    assert all(ln["width"] <= wrapped["w"] - 2 * wrapped["padding"] for ln in wrapped["lines"])
    assert cells[2]["y"] == rows[1]["y"]  # next row's cells start below the tall row


def test_styles_header_stripe_border_and_per_cell_overrides(engine):
    body = ('<tr header="true"><td>H1</td><td>H2</td></tr>'
            '<tr><td>a</td><td fill="#ff0000" color="#00ff00" weight="bold" align="center">b</td></tr>'
            '<tr><td>c</td><td>d</td></tr>')
    g = groups(render(engine, table_doc('x="1in" y="1in" w="6in" h="4in" header-fill="#112233" '
                                        'header-color="#ffffff" stripe="#eeeeee" border="#cccccc" '
                                        'border-width="1pt"', body)))[0][1]
    fills = [it["fill"] for it in g["items"] if it["type"] == "rect"]
    assert fills == ["#112233", "#ff0000", "#eeeeee"]  # header, cell b, second data row striped
    lines = [it for it in g["items"] if it["type"] == "line"]
    assert len(lines) == 4 + 3 and all(ln["stroke"] == "#cccccc" and ln["stroke_width"] == 12700 for ln in lines)
    cells = {it["paragraphs"][0]["runs"][0]["text"]: it for it in g["items"] if it["type"] == "text"}
    assert cells["H1"]["paragraphs"][0]["runs"][0]["color"] == "#ffffff"
    assert cells["H1"]["paragraphs"][0]["runs"][0]["font"] == 1  # header bold by default
    b = cells["b"]
    assert b["align"] == "center" and b["paragraphs"][0]["runs"][0]["color"] == "#00ff00"
    assert b["paragraphs"][0]["runs"][0]["font"] == 1
    assert cells["a"]["paragraphs"][0]["runs"][0]["font"] == 0


def test_a_row_taller_than_the_box_is_an_overflow_diagnostic_not_clipped(engine):
    body = '<tr><td>ok</td></tr><tr><td>' + "many words here " * 60 + '</td></tr><tr><td>after</td></tr>'
    result = render(engine, table_doc('x="1in" y="1in" w="2in" h="1in"', body))
    parts = groups(result)
    assert len(parts) == 3
    assert [cell_texts(g)[0][0].split()[0] for _, g in parts] == ["ok", "many", "after"]
    diags = [d for d in result.diagnostics if d["code"] == "table.overflow"]
    assert len(diags) == 1 and diags[0]["page"] == 1 and diags[0]["line"] == 1
    tall = parts[1][1]["meta"]["rows"][0]
    assert tall["height"] > parts[1][1]["h"]  # drawn whole


def test_no_table_items_keep_version_one(engine):
    src = '<document><page><rect x="0" y="0" w="1in" h="1in" fill="#000"/></page></document>'
    assert render(engine, src).display_list["version"] == 1


def test_huge_tables_hit_the_limits_not_the_host(engine):
    rows = [{"name": "x", "amount": 1}] * 120_000
    with pytest.raises(LayoutError) as err:
        # ~1 s of work on a quiet machine: a generous time budget so the item/memory limits under
        # test cannot lose the race to the wall-clock budget on a loaded one (CI hit 2.06 s once)
        render(engine, table_doc('x="0" y="0" w="6in" h="4in"', ROWS_BODY), {"rows": rows}, timeout_s=30)
    assert err.value.code in ("limit.items", "layout.memory")
    few = [{"name": "x", "amount": 1}] * 3000
    with pytest.raises(LayoutError) as err:
        render(engine, table_doc('x="0" y="0" w="6in" h="0.6in"', ROWS_BODY), {"rows": few})
    assert err.value.code in ("limit.pages", "layout.timeout")


@pytest.mark.parametrize("attrs,body,code", [
    ('x="0" y="0" w="1in" h="1in" columns="1,2"', "<tr><td>a</td></tr>", "template.attribute"),
    ('x="0" y="0" w="1in" h="1in" columns="1in,2"', "<tr><td>a</td><td>b</td></tr>", "template.attribute"),
    ('x="0" y="0" w="1in" h="1in"', "<tr><b>a</b></tr>", "template.syntax"),
    ('x="0" y="0" w="1in" h="1in"', "<td>a</td>", "template.syntax"),
    ('x="0" y="0" w="1in" h="1in" bogus="1"', "<tr><td>a</td></tr>", "template.attribute"),
])
def test_bad_tables_are_template_errors_with_position(engine, attrs, body, code):
    with pytest.raises(TemplateError) as err:
        render(engine, table_doc(attrs, body))
    assert err.value.code == code and err.value.where.line == 1 and err.value.where.column > 1
