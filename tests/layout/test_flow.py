"""Flow documents (<flow>): blocks that run down as many pages as they need.

Each test renders a real template in the real module and checks what a reader
of the pages would notice: text carried over without a word lost or doubled,
tables split between rows with their header repeated, headings that never sit
alone at the bottom of a page, headers/footers with the right page numbers."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest

from o3local.errors import TemplateError

from .conftest import line_texts, para_text, render

DOCS = Path(__file__).parents[2] / "docs" / "template-format.md"
EMU_MM = 36000
A4_H = 297 * EMU_MM


def doc_example() -> str:
    text = DOCS.read_text(encoding="utf-8")
    m = re.search(r"<!-- flow-example -->\n```xml\n(.*?)```\n<!-- /flow-example -->", text, re.S)
    assert m, "the flow example is missing from docs/template-format.md"
    return m.group(1)


EXAMPLE_DATA = {"title": "2026年11月经营月报", "month": "2026年11月",
                "rows": [{"name": f"项目{i}", "amount": i * 1234.5} for i in range(1, 41)]}
EXAMPLE_GOLDEN = "cd4bbe49bb0ee15a95a50da186fc86a026e3065a35e0b264e1d1836667eaf41e"


def flow(body: str, master: str = "", attrs: str = 'margin="20mm"', lang: str = "zh") -> str:
    return (f'<document kind="document" width="210mm" height="297mm" lang="{lang}">'
            f'<flow {attrs} font-size="11pt">{master}{body}</flow></document>')


def items(page: dict[str, Any], kind: str = "text") -> list[dict[str, Any]]:
    return [it for it in page["items"] if it["type"] == kind]


def tables(page: dict[str, Any]) -> list[dict[str, Any]]:
    return [it for it in page["items"] if it["type"] == "group" and it["meta"].get("rows") is not None]


def page_text(page: dict[str, Any]) -> str:
    return "".join(para_text(it) for it in items(page))


LONG = "这是一个用于测试流式排版的段落，其中包含中文和 English words mixed together，以及标点符号。" * 3


def test_the_documented_example_renders_its_pages(engine):
    result = render(engine, doc_example(), EXAMPLE_DATA)
    dl = result.display_list
    pages = dl["pages"]
    assert dl["diagnostics"] == []
    assert len(pages) >= 3
    # footer on every page with its number and the count; the first page has its own header
    for n, page in enumerate(pages, 1):
        assert f"第 {n} 页，共 {len(pages)} 页" in page_text(page)
    def header(page):
        return [para_text(it) for it in items(page) if it["y"] == 12 * EMU_MM]

    assert header(pages[0]) == [] and header(pages[1]) == ["2026年11月经营月报"]
    assert items(pages[0], "rect") and not items(pages[1], "rect")  # the first-page band only
    assert "内部资料" in page_text(pages[0])  # <place>
    # the appendix starts a new page after the explicit break
    body = [para_text(it) for it in items(pages[-1]) if 28 * EMU_MM <= it["y"] < 272 * EMU_MM]
    assert body == ["附录", "附录从新的一页开始。"]
    again = render(engine, doc_example(), EXAMPLE_DATA)
    assert again.display_list_bytes == result.display_list_bytes
    assert hashlib.sha256(result.display_list_bytes).hexdigest() == EXAMPLE_GOLDEN


def test_paragraphs_flow_to_the_next_page_without_losing_or_doubling_a_word(engine):
    paras = [f"第{i}段。" + LONG + LONG[: i * 17 % 120] for i in range(30)]
    body = "{% for p in paras %}<p>{{ p }}</p>{% endfor %}"
    dl = render(engine, flow(body), {"paras": paras}).display_list
    assert len(dl["pages"]) >= 3
    parts = [it for page in dl["pages"] for it in items(page)]
    # each paragraph is one text item, or two when a page ends inside it; together they read the same
    joined: dict[int, str] = {}
    for it in parts:
        text = para_text(it)
        i = int(re.match(r"第(\d+)段", text).group(1)) if text.startswith("第") else max(joined)
        joined[i] = joined.get(i, "") + text
    assert [joined[i].replace(" ", "") for i in range(30)] == [p.replace(" ", "") for p in paras]
    bottom = A4_H - 20 * EMU_MM
    for it in parts:
        assert it["y"] >= 20 * EMU_MM and it["y"] + it["h"] <= bottom
        assert it["lines"][0]["y"] > it["y"] and it["lines"][-1]["y"] < it["y"] + it["h"]
    split = [it for it in parts if not para_text(it).startswith("第")]
    assert split, "no paragraph was split across pages"
    for it in split:  # widows: the carried-over part has >= 2 lines, and so has the part it came from
        assert len(it["lines"]) >= 2


def test_widows_and_orphans_move_a_short_paragraph_whole(engine):
    # 4-line paragraphs after a spacer that leaves room for exactly one line: the paragraph moves whole
    lh = 11 * 12700 * 15 // 10
    room = 257 * EMU_MM
    spacer_lines = room // lh - 1
    spacer = "<p space-after=\"0\">" + "<br/>".join(["行"] * int(spacer_lines)) + "</p>"
    dl = render(engine, flow(spacer + f"<p>{LONG}{LONG}</p>"), {}).display_list
    assert len(dl["pages"]) == 2
    moved = items(dl["pages"][1])
    assert len(moved) == 1 and para_text(moved[0]).startswith("这是")


def test_a_heading_is_kept_with_the_block_after_it(engine):
    lh = 11 * 12700 * 15 // 10
    fill = int(257 * EMU_MM // lh) - 3
    spacer = "<p space-after=\"0\">" + "<br/>".join(["行"] * fill) + "</p>"
    dl = render(engine, flow(spacer + f"<h2>标题</h2><p>{LONG}</p>"), {}).display_list
    first, second = dl["pages"]
    assert "标题" not in page_text(first)
    texts = [para_text(it) for it in items(second)]
    assert texts[0] == "标题" and texts[1].startswith("这是")


def test_a_table_splits_between_rows_repeats_its_header_and_what_follows_continues_below(engine):
    rows = [{"n": i, "name": f"项目{i}"} for i in range(1, 81)]
    body = ('<h1>明细</h1><table columns="1,3" header-fill="#333333" header-color="#ffffff" continued="续表">'
            '<tr header="true"><td>序号</td><td>项目</td></tr>'
            '{% for r in rows %}<tr><td>{{ r.n }}</td><td>{{ r.name }}</td></tr>{% endfor %}</table>'
            '<p>表后文字。</p>')
    dl = render(engine, flow(body), {"rows": rows}).display_list
    pages = dl["pages"]
    parts = [t for page in pages for t in tables(page)]
    assert len(parts) >= 3 and len(parts) == len(pages)
    seen = []
    for k, part in enumerate(parts):
        meta = part["meta"]
        assert meta["rows"][0]["header"] is True and meta["rows"][0]["cells"][0]["text"] == "序号"
        assert meta["continued"] is (k > 0)
        labels = [it for it in part["items"] if it["type"] == "text" and para_text(it) == "续表"]
        assert len(labels) == (1 if k else 0)
        if k:  # the label sits just above the repeated header, inside the content area
            assert labels[0]["y"] + labels[0]["h"] == part["y"] and labels[0]["y"] >= 20 * EMU_MM
        data = [r for r in meta["rows"] if not r["header"]]
        seen += [int(r["cells"][0]["text"]) for r in data]
        assert part["h"] == sum(r["height"] for r in meta["rows"])
        assert part["y"] + part["h"] <= A4_H - 20 * EMU_MM
    assert seen == list(range(1, 81))
    # the paragraph after the table is on the table's last page, right below it
    after = [it for it in items(pages[-1]) if para_text(it) == "表后文字。"]
    assert len(after) == 1 and after[0]["y"] >= parts[-1]["y"] + parts[-1]["h"]
    assert after[0]["y"] - (parts[-1]["y"] + parts[-1]["h"]) < 12 * 12700


def test_lists_have_markers_on_the_first_line_and_nest(engine):
    body = ('<ul><li>第一项</li><li>第二项<ol marker="({{ \'1\' }})" start="3"><li>子项甲</li><li>子项乙</li></ol></li></ul>'
            '<ol marker="第1条"><li>条款</li></ol>')
    dl = render(engine, flow(body), {}).display_list
    its = items(dl["pages"][0])
    texts = [para_text(it) for it in its]
    assert texts == ["•", "第一项", "•", "第二项", "(3)", "子项甲", "(4)", "子项乙", "第1条", "条款"]
    for marker, text in zip(its[::2], its[1::2], strict=True):
        assert marker["lines"][0]["y"] == text["lines"][0]["y"]  # same baseline
        assert marker["x"] + marker["w"] < text["x"]
    assert its[5]["x"] > its[3]["x"]  # nested one level deeper


def test_page_break_first_page_header_and_page_numbers(engine):
    master = ('<header><text x="20mm" y="5mm" w="170mm" h="8mm">页眉</text></header>'
              '<header page="first"><text x="20mm" y="5mm" w="170mm" h="8mm">首页</text></header>'
              '<footer><text x="20mm" y="280mm" w="170mm" h="8mm">{{ page.number }}/{{ page.count }}</text></footer>')
    body = "<p>一</p><page-break/><page-break/><p>二</p><page-break/><p>三</p>"
    dl = render(engine, flow(body, master), {}).display_list
    got = [[para_text(it) for it in items(page)] for page in dl["pages"]]
    assert got == [["首页", "1/3", "一"], ["页眉", "2/3", "二"], ["页眉", "3/3", "三"]]


def test_a_cover_page_then_a_flow_numbers_pages_across_both(engine):
    src = ('<document kind="document" width="210mm" height="297mm" lang="zh">'
           '<page><text x="20mm" y="20mm" w="170mm" h="20mm">封面 {{ page.number }}</text></page>'
           '<flow><footer><text x="20mm" y="280mm" w="170mm" h="8mm">{{ page.number }}/{{ page.count }}</text></footer>'
           '<p>正文</p></flow></document>')
    dl = render(engine, src, {}).display_list
    assert [[para_text(it) for it in items(p)] for p in dl["pages"]] == [["封面 1"], ["2/2", "正文"]]


def test_chart_and_image_blocks_move_whole(engine):
    lh = 11 * 12700 * 15 // 10
    fill = int(257 * EMU_MM // lh) - 2
    spacer = "<p space-after=\"0\">" + "<br/>".join(["行"] * fill) + "</p>"
    body = (spacer + '<chart type="bar" h="50mm"><categories><c>A</c></categories><series name="s"><v>1</v></series>'
            '</chart><image src="assets/logo.png" h="20mm"/>')
    dl = render(engine, flow(body), {}, images={"assets/logo.png": (640, 256)}).display_list
    assert len(dl["pages"]) == 2
    chart = [it for it in dl["pages"][1]["items"] if it["type"] == "group"][0]
    assert chart["y"] == 20 * EMU_MM and chart["h"] == 50 * EMU_MM
    image = items(dl["pages"][1], "image")[0]
    assert image["clip"]["y"] == chart["y"] + chart["h"] + 11 * 12700 // 2
    assert image["clip"]["w"] == 170 * EMU_MM


@pytest.mark.parametrize(("src", "code", "needle"), [
    (flow('<table x="1in"><tr><td>a</td></tr></table>'), "template.attribute", "<place>"),
    (flow("<p>a</p><tabel>b</tabel>"), "template.syntax", "did you mean <table>"),
    (flow("plain text"), "template.syntax", "inside <p>"),
    (flow("<p>a</p>", attrs='margin="110mm"'), "template.attribute", "no room"),
    ('<document kind="presentation"><flow><p>a</p></flow></document>', "template.syntax", 'kind="document"'),
    (flow('<image src="assets/logo.png"/>'), "template.attribute", "needs an h"),
    (flow('<ul><p>a</p></ul>'), "template.syntax", "use <li>"),
])
def test_errors_name_the_problem_and_place(engine, src, code, needle):
    with pytest.raises(TemplateError) as info:
        render(engine, src, {}, images={"assets/logo.png": (10, 10)})
    err = info.value
    assert err.code == code and needle in str(err)
    assert err.where.line is not None


def test_split_paragraph_lines_keep_their_breaks(engine):
    """A split never re-breaks: the parts' lines are the whole paragraph's lines."""
    text = LONG * 30
    whole = render(engine, flow(f"<p>{text}</p>", attrs='margin="20mm 20mm" orphans="1" widows="3"'), {}).display_list
    lines = [t for page in whole["pages"] for it in items(page) for t in line_texts(it)]
    big = render(engine, '<document kind="document" width="210mm" height="2000mm" lang="zh">'
                 f'<flow margin="20mm" font-size="11pt"><p>{text}</p></flow></document>', {}).display_list
    assert len(whole["pages"]) >= 2
    assert lines == [t for it in items(big["pages"][0]) for t in line_texts(it)]


def test_flows_in_a_loop_keep_their_own_header_and_loop_values(engine):
    """Headers are drawn after the whole document: each flow's header still reads the loop
    variable and loop.index of its own iteration (a snapshot of the scope it was written in)."""
    src = ('<document kind="document" width="210mm" height="297mm" lang="zh">{% for c in customers %}'
           '<flow margin="20mm"><header><text x="20mm" y="5mm" w="170mm" h="8mm">'
           '{{ loop.index }}/{{ loop.length }} {{ c.name }} {{ page.number }}/{{ page.count }}</text></header>'
           '{% for i in c.lines %}<p>{{ c.name }}：{{ i }}</p>{% endfor %}</flow>{% endfor %}</document>')
    customers = [{"name": "甲公司", "lines": [LONG] * 12}, {"name": "乙公司", "lines": [LONG]}]
    dl = render(engine, src, {"customers": customers}).display_list
    n = len(dl["pages"])
    headers = [para_text(items(page)[0]) for page in dl["pages"]]
    assert n >= 3
    assert headers == [f"1/2 甲公司 {k}/{n}" for k in range(1, n)] + [f"2/2 乙公司 {n}/{n}"]


def test_validate_reports_every_flow_error_at_once(engine):
    src = ('<document kind="document" lang="zh"><flow><header><text x="0" y="0" w="1in" h="1in">{{ nope }}'
           '</text></header><p>{{ a.b }}</p><tabel/><ul><li>{{ c }}</li><p>x</p></ul>'
           '<table x="1in"><tr><td>1</td></tr></table><p colr="red">t</p></flow></document>')
    errors = engine.check(src, "t.o3x", {"a": {}})
    def col(needle: str) -> int:
        return src.index(needle) + 1

    assert [(e["code"], e["column"]) for e in errors] == [
        ("template.missing", col("a.b")), ("template.syntax", col("<tabel")),
        ("template.missing", col("{{ c") + 3), ("template.syntax", col("<p>x")),
        ("template.attribute", col('x="1in"')), ("template.attribute", col("colr")),
        ("template.missing", col("nope"))]  # the header is drawn (and checked) after the body


def test_what_cannot_fit_an_empty_page_is_drawn_whole_and_never_hangs(engine):
    small = ('<document kind="document" width="100mm" height="60mm" lang="zh"><flow margin="10mm">'
             '{body}</flow></document>')
    big = render(engine, small.format(body=f'<p font-size="60pt">{LONG}</p>'), {}).display_list
    assert all(len(items(page)[0]["lines"]) == 1 for page in big["pages"])  # one too-tall line a page
    cell = "很长的单元格内容" * 40
    table = f'<table><tr header="true"><td>标题</td></tr><tr><td>{cell}</td></tr><tr><td>短</td></tr></table>'
    dl = render(engine, small.format(body=table), {}).display_list
    assert [d["code"] for d in dl["diagnostics"]] == ["table.overflow"]
    assert [len(tables(p)[0]["meta"]["rows"]) for p in dl["pages"]] == [2, 2]  # header + one row each


def test_a_table_of_contents_lists_the_headings_after_it_with_their_pages(engine):
    body = ('<h1>报告</h1><toc depth="2"/>{% for s in sections %}<h2>{{ s }}</h2>'
            f'<p>{LONG * 6}</p><h3>细节</h3><p>{LONG}</p>{{% endfor %}}')
    sections = [f"第{i}节" for i in range(1, 9)]
    dl = render(engine, flow(body), {"sections": sections}).display_list
    pages = dl["pages"]
    body_size = 11 * 12700
    where = {}
    for n, page in enumerate(pages, 1):
        for it in items(page):
            if para_text(it) in sections and it["font_size"] > body_size:
                where.setdefault(para_text(it), n)  # the heading itself (bigger than the body)
    first = items(pages[0])
    entries = [it for it in first if it["font_size"] == body_size and para_text(it) in sections + ["细节", "报告"]]
    # h2 only (depth 2), in order; the h1 before the toc is not listed
    assert [para_text(it) for it in entries] == sections
    numbers = {}
    for entry in entries:
        same_line = [it for it in first if it["y"] == entry["y"] and para_text(it).isdigit()]
        leaders = [it for it in first if it["y"] == entry["y"] and set(para_text(it)) == {"."}]
        assert len(same_line) == 1 and len(leaders) == 1
        assert same_line[0]["align"] == "right" and same_line[0]["x"] + same_line[0]["w"] == 190 * EMU_MM
        assert entry["x"] + entry["w"] <= leaders[0]["x"] + leaders[0]["w"] <= same_line[0]["x"] + same_line[0]["w"]
        numbers[para_text(entry)] = int(para_text(same_line[0]))
    assert numbers == where and max(where.values()) >= 3


@pytest.mark.parametrize("keep", [False, True])
def test_keep_together_moves_a_small_table_whole(engine, keep):
    lh = 11 * 12700 * 15 // 10
    fill = int(257 * EMU_MM // lh) - 3
    spacer = "<p space-after=\"0\">" + "<br/>".join(["行"] * fill) + "</p>"
    attr = ' keep-together="true"' if keep else ""
    table = (f'<table{attr}><tr header="true"><td>指标</td></tr>'
             + "".join(f"<tr><td>第{i}行</td></tr>" for i in range(6)) + "</table>")
    dl = render(engine, flow(spacer + table), {}).display_list
    parts = [[r["cells"][0]["text"] for r in t["meta"]["rows"][1:]] for page in dl["pages"] for t in tables(page)]
    if keep:
        assert parts == [[f"第{i}行" for i in range(6)]] and tables(dl["pages"][1])
    else:
        assert len(parts) == 2 and sum(parts, []) == [f"第{i}行" for i in range(6)]


def test_keep_together_is_for_flow_tables(engine):
    src = ('<document><page><table x="0" y="0" w="2in" h="1in" keep-together="true">'
           "<tr><td>a</td></tr></table></page></document>")
    with pytest.raises(TemplateError) as info:
        render(engine, src, {})
    assert info.value.code == "template.attribute" and "<flow>" in str(info.value)


def test_even_pages_get_their_own_footer(engine):
    master = ('<footer><text x="20mm" y="280mm" w="170mm" h="8mm">奇{{ page.number }}</text></footer>'
              '<footer page="even"><text x="20mm" y="280mm" w="170mm" h="8mm">偶{{ page.number }}</text></footer>')
    body = "<p>一</p><page-break/><p>二</p><page-break/><p>三</p>"
    dl = render(engine, flow(body, master), {}).display_list
    assert [para_text(items(p)[0]) for p in dl["pages"]] == ["奇1", "偶2", "奇3"]


def test_a_chain_of_headings_moves_with_the_paragraph_after_it(engine):
    lh = 11 * 12700 * 15 // 10
    fill = int(257 * EMU_MM // lh) - 5
    spacer = "<p space-after=\"0\">" + "<br/>".join(["行"] * fill) + "</p>"
    dl = render(engine, flow(spacer + f"<h1>章</h1><h2>节</h2><p>{LONG}</p>"), {}).display_list
    first, second = ([para_text(it) for it in items(p)] for p in dl["pages"])
    assert "章" not in first and second[:2] == ["章", "节"] and second[2].startswith("这是")
