"""Layout facts a reader of the page would notice: wrapping, kinsoku,
shrink-to-fit, overflow, alignment, and the display list's exact form."""

from __future__ import annotations

import json

import pytest

from o3local.layout import LayoutEngine

from .conftest import doc, line_texts, para_text, render, text_box, texts

ZH = ("在过去的一年里，我们的团队完成了三个重要的项目。第一个项目（代号“晨星”）提前两周交付，"
      "客户满意度达到了百分之九十五！第二个项目遇到了一些困难：供应链延误、人员变动、预算调整……"
      "但我们最终还是按时完成了。「总结」：明年我们将继续努力，争取更好的成绩。")
JA = "きょうはとてもいい天気ですね。ちょっと散歩しませんか？「はい、ぜひ」と彼女は答えた。コーヒーを飲みましょう。"

NO_START = set("。，、．：；！？）」』】〕〉》”’…ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
NO_END = set("（「『【〔〈《“‘")


def test_kinsoku_in_chinese_and_japanese_paragraphs(engine):
    seen_lines = 0
    for lang, text in (("zh", ZH), ("ja", JA)):
        for width_pt in range(60, 400, 7):
            src = doc(text_box(text, w=f"{width_pt}pt", h="10in", font_size="12pt"), lang=lang)
            item = texts(render(engine, src))[0]
            lines = line_texts(item)
            seen_lines += len(lines)
            assert "".join(lines) == text  # nothing lost or duplicated
            for i, line in enumerate(lines):
                if i > 0:
                    assert line[0] not in NO_START, (lang, width_pt, lines)
                if i < len(lines) - 1:
                    assert line[-1] not in NO_END, (lang, width_pt, lines)
            inner = width_pt * 12700
            assert all(ln["width"] <= inner for ln in item["lines"])
    assert seen_lines > 500  # the paragraphs really wrapped, many times


def test_latin_wraps_at_spaces_and_long_words_at_clusters(engine):
    src = doc(text_box("The quick brown fox jumps over the lazy dog. Supercalifragilisticexpialidocious!",
                       w="1.2in", h="5in", font_size="12pt"))
    lines = line_texts(texts(render(engine, src))[0])
    assert lines[0] == "The quick"
    assert all(not ln.startswith(" ") and not ln.endswith(" ") for ln in lines)
    joined = " ".join(lines)
    assert "Supercalifragilisticexpialidocious!" not in lines  # too wide for the line: broken
    assert joined.replace(" ", "") == "Thequickbrownfoxjumpsoverthelazydog.Supercalifragilisticexpialidocious!"


def test_whitespace_collapses_and_cjk_space_is_dropped(engine):
    src = doc(text_box("  Hello \n\t  world  <p>  你好\n   世界 and  more </p>"))
    item = texts(render(engine, src))[0]
    assert [para_text({"paragraphs": [p]}) for p in item["paragraphs"]] == ["Hello world", "你好世界 and more"]


def test_br_breaks_the_line_inside_one_paragraph(engine):
    item = texts(render(engine, doc(text_box("<p>one<br/>two</p>"))))[0]
    assert line_texts(item) == ["one", "two"]
    assert [ln["paragraph"] for ln in item["lines"]] == [0, 0]
    assert para_text(item) == "one\ntwo"


def test_shrink_to_fit_picks_the_largest_half_point_size(engine):
    words = "Shrink this headline until it fits the box " * 3
    src = doc(text_box(words, w="4in", h="1in", font_size="40pt", min_font_size="8pt"))
    item = texts(render(engine, src))[0]
    assert item["requested_font_size"] == 40 * 12700
    assert item["font_size"] < 40 * 12700 and item["font_size"] % 6350 == 0
    assert not item["overflow"]
    assert len(item["lines"]) * item["line_height"] <= 914400
    one_up = item["font_size"] + 6350
    bigger = doc(text_box(words, w="4in", h="1in", font_size=f"{one_up}emu", min_font_size=f"{one_up}emu"))
    assert texts(render(engine, bigger))[0]["overflow"] is True


def test_overflow_is_reported_and_nothing_is_clipped(engine):
    body = "Overflowing text. " * 40
    src = f'<document>\n<page>\n<rect/>\n  <text w="2in" h="0.5in" font-size="20pt" min-font-size="12pt">{body}</text></page></document>'
    result = render(engine, src)
    item = texts(result)[0]
    assert item["overflow"] is True and item["font_size"] == 12 * 12700
    assert result.diagnostics == [{"code": "text.overflow", "page": 0, "item": 1,
                                   "message": "text does not fit its box even at min-font-size",
                                   "line": 4, "column": 3}]
    assert " ".join(line_texts(item)) == body.strip()
    assert item["lines"][-1]["y"] > 914400 / 2  # the lines run past the box: drawn, not dropped


def test_alignment_and_justify(engine):
    text = "Justified text spreads the words of every line but the last across the whole width."
    def item(align: str, valign: str = "top"):
        src = doc(text_box(text, x="1in", y="1in", w="3in", h="3in", padding="0.1in", align=align,
                           valign=valign, font_size="14pt"))
        return texts(render(engine, src))[0]
    inner_x, inner_w = 914400 + 91440, 3 * 914400 - 2 * 91440
    left, center, right, just = item("left"), item("center"), item("right"), item("justify")
    assert all(ln["x"] == inner_x for ln in left["lines"])
    for lc, lr in zip(center["lines"], right["lines"], strict=False):
        assert lr["x"] + lr["width"] == inner_x + inner_w
        assert abs((lc["x"] - inner_x) - (inner_x + inner_w - lc["x"] - lc["width"])) <= 1
    assert len(just["lines"]) >= 3
    for ln in just["lines"][:-1]:
        assert ln["x"] == inner_x and ln["width"] == inner_w
        xs = [g[1] for run in ln["runs"] for g in run["glyphs"]]
        assert xs == sorted(xs)
    assert just["lines"][-1]["width"] == left["lines"][-1]["width"] < inner_w
    mid, bottom = item("left", "middle"), item("left", "bottom")
    top_first, mid_first, bottom_first = left["lines"][0]["y"], mid["lines"][0]["y"], bottom["lines"][0]["y"]
    assert top_first < mid_first < bottom_first
    used = len(left["lines"]) * left["line_height"]
    assert bottom_first - top_first == (3 * 914400 - 2 * 91440) - used


def test_runs_keep_bold_and_colour(engine):
    src = doc(text_box('Plain <b>bold</b> and <span color="#c00">red <span weight="bold">both</span></span>.'))
    item = texts(render(engine, src))[0]
    runs = [(r["text"], r["font"], r["color"]) for r in item["paragraphs"][0]["runs"]]
    assert runs == [("Plain ", 0, "#000000"), ("bold", 1, "#000000"), (" and ", 0, "#000000"),
                    ("red ", 0, "#cc0000"), ("both", 1, "#cc0000"), (".", 0, "#000000")]
    line_runs = [(r["text"], r["font"]) for r in item["lines"][0]["runs"]]
    assert line_runs == [(t, f) for t, f, _ in runs]


def _ints_only(value) -> bool:
    if isinstance(value, float):
        return False
    if isinstance(value, dict):
        return all(_ints_only(v) for v in value.values())
    if isinstance(value, list):
        return all(_ints_only(v) for v in value)
    return True


def test_display_list_is_canonical_json_with_integers_only(engine):
    src = doc(text_box('Mixed 中文 "quotes" \\ back\tslash', align="justify") + '<line x1="0" y1="0" x2="1in" y2="1in"/>')
    raw = render(engine, src).display_list_bytes
    parsed = json.loads(raw)
    assert json.dumps(parsed, ensure_ascii=False, separators=(",", ":")).encode() == raw
    assert _ints_only(parsed)
    assert list(parsed) == ["format", "version", "kind", "lang", "fonts", "pages", "diagnostics"]
    assert parsed["fonts"] == [{"index": i, "weight": w, "upem": 1000} for i, w in enumerate([400, 700, 400, 700, 400, 400])]


def test_same_input_same_bytes_in_one_process_and_in_a_fresh_engine(engine):
    src = doc(text_box(ZH, w="3in", h="3in", font_size="20pt", min_font_size="8pt"), lang="zh")
    a = render(engine, src).display_list_bytes
    b = render(engine, src).display_list_bytes
    c = render(LayoutEngine(), src).display_list_bytes
    assert a == b == c


GOLDEN_TEMPLATES = {
    "deck_en": ('<document kind="presentation" width="10in" height="5.625in" lang="en">'
                '{% for p in products %}<page background="#ffffff">'
                '<rect x="0" y="0" w="10in" h="0.8in" fill="#1f3a5f"/>'
                '<line x1="0.5in" y1="1in" x2="9.5in" y2="1in" stroke="#cccccc" stroke-width="1pt"/>'
                '<text x="0.5in" y="1.2in" w="9in" h="1in" font-size="32pt" min-font-size="18pt" weight="bold" '
                'color="#1f3a5f" align="center" valign="middle" padding="0.1in">{{ p.name | upper }}</text>'
                '<text x="0.5in" y="2.4in" w="9in" h="2.5in" font-size="16pt" align="justify">'
                '<p>{{ p.blurb }} Priced at {{ p.price | currency }}, margin {{ p.margin | percent(1) }}.</p>'
                '<p>AVATAR WAVE office — <b>bold</b> and <span color="#c00000">red</span> runs.</p></text>'
                '</page>{% endfor %}</document>',
                {"products": [{"name": "Atlas", "price": 1299.5, "margin": 0.375,
                               "blurb": "A compact, efficient engine for offline office templates. " * 3},
                              {"name": "Vega", "price": 49, "margin": 0.05, "blurb": "Short."}]}),
    "report_zh": ('<document kind="document" width="210mm" height="297mm" lang="zh"><page>'
                  '<text x="20mm" y="20mm" w="170mm" h="20mm" font-size="22pt" weight="bold">{{ title }}</text>'
                  '<text x="20mm" y="45mm" w="170mm" h="60mm" font-size="12pt" line-spacing="1.5" align="justify">'
                  '{{ body }}</text>'
                  '<text x="20mm" y="110mm" w="40mm" h="12mm" font-size="18pt" min-font-size="9pt">{{ body }}</text>'
                  '</page></document>',
                  {"title": "二〇二四年度报告（摘要）", "body": ZH}),
    "overflow_ja": ('<document lang="ja"><page><text w="2in" h="0.6in" font-size="14pt" min-font-size="10pt">'
                    '{{ t }}{{ t }}</text></page></document>', {"t": JA}),
}

GOLDEN = {
    "deck_en": "2a41175b51752e903ef2180384f9879b2c5375087eefd7ecb5bf828c27dda11a",
    "report_zh": "6f82f8d8507aa14941559b2c0f811bf6fa2990ab5061615805d4538c6b32d982",
    "overflow_ja": "c547b04e4c32e6cb165e920e76ca8198a9e80c331e55c0ed1d79502ed33f1b90",
}


@pytest.mark.parametrize("name", sorted(GOLDEN_TEMPLATES))
def test_golden_display_list_hashes(engine, name):
    src, data = GOLDEN_TEMPLATES[name]
    assert render(engine, src, data).sha256 == GOLDEN[name]


def test_shared_engine_renders_from_many_threads_identically(engine):
    from concurrent.futures import ThreadPoolExecutor

    src = doc(text_box(ZH + JA, w="4in", h="5in", font_size="14pt", align="justify"), lang="zh")
    expected = render(engine, src).display_list_bytes
    with ThreadPoolExecutor(max_workers=4) as pool:
        outputs = list(pool.map(lambda _: render(LayoutEngine.shared(), src).display_list_bytes, range(16)))
    assert all(out == expected for out in outputs)
