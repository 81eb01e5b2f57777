"""The font of each character: the CJK face first, the fallback chain for what it lacks,
and a diagnostic for what no font has (runtime/assets/fonts/FONTS.md)."""

from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont

from o3local.layout import assets
from o3local.resources import asset

from .conftest import doc, line_texts, para_text, render, text_box, texts

CJK_REGULAR, CJK_BOLD, SANS_REGULAR, SANS_BOLD, MATH, SYMBOLS = range(6)


@pytest.fixture(scope="module")
def cmaps() -> list[dict[int, str]]:
    return [TTFont(asset("fonts", name), lazy=True).getBestCmap() for name, _ in assets.FONT_FILES]


def runs(item) -> list[tuple[str, int, list[int]]]:
    return [(run["text"], run["font"], [g[0] for g in run["glyphs"]])
            for line in item["lines"] for run in line["runs"]]


def fonts_of(item) -> dict[str, int]:
    """character -> font index, for every character but spaces."""
    return {ch: font for text, font, _ in runs(item) for ch in text if ch != " "}


def test_each_character_takes_the_first_font_of_its_weight_that_has_it(engine, cmaps):
    src = doc(text_box("中文 Abc ₹ ⨁ ✗ Ł <b>粗 Bold ₹ ⨁</b>", w="20in"), lang="zh")
    result = render(engine, src)
    item = texts(result)[0]
    assert result.diagnostics == []
    got = fonts_of({"lines": [{"runs": item["lines"][0]["runs"][:-4]}]})
    assert {ch: got[ch] for ch in "中文Abc₹⨁✗Ł"} == {
        "中": CJK_REGULAR, "文": CJK_REGULAR, "A": CJK_REGULAR, "b": CJK_REGULAR, "c": CJK_REGULAR,
        "₹": SANS_REGULAR, "⨁": MATH, "✗": SYMBOLS, "Ł": SANS_REGULAR}
    bold = runs(item)[-4:]
    assert [(t, f) for t, f, _ in bold] == [("粗 Bold ", CJK_BOLD), ("₹", SANS_BOLD), (" ", CJK_BOLD), ("⨁", MATH)]
    for text, font, gids in runs(item):  # every glyph is the one the font's cmap names
        order = TTFont(asset("fonts", assets.FONT_FILES[font][0]), lazy=True).getGlyphOrder()
        assert [order[g] for g in gids] == [cmaps[font][ord(ch)] for ch in text], text


def test_bold_characters_outside_the_bold_subset_are_set_in_regular(engine, cmaps):
    # 㐀 (Extension A) and 똠 (not in KS X 1001) are only in the Regular CJK subset
    assert 0x3400 not in cmaps[CJK_BOLD] and 0xB620 not in cmaps[CJK_BOLD]
    result = render(engine, doc(text_box("<b>王㐀 똠방</b>"), lang="zh"))
    got = fonts_of(texts(result)[0])
    assert got == {"王": CJK_BOLD, "㐀": CJK_REGULAR, "똠": CJK_REGULAR, "방": CJK_BOLD}
    assert result.diagnostics == []


def test_korean_keeps_its_word_spaces_and_chinese_drops_source_spaces(engine):
    ko = texts(render(engine, doc(text_box("한국어 문장입니다"), lang="zh")))[0]
    zh = texts(render(engine, doc(text_box("你好 世界"), lang="zh")))[0]
    assert para_text(ko) == "한국어 문장입니다"
    assert para_text(zh) == "你好世界"


def test_a_combining_mark_stays_with_its_base(engine):
    # e + U+0301: the CJK face has é, so HarfBuzz composes it there (one glyph, no fallback)
    composed = texts(render(engine, doc(text_box("café"))))[0]
    decomposed = texts(render(engine, doc(text_box("cafe\u0301"))))[0]
    assert runs(decomposed) == [("cafe\u0301", CJK_REGULAR, runs(composed)[0][2])]
    # a mark no font here composes with its base goes to the font that has it; nothing is missing
    result = render(engine, doc(text_box("q\u0323")))
    assert result.diagnostics == []


def test_characters_no_font_has_are_reported_with_text_and_place(engine):
    body = text_box("Plain first line<br/>microbe \U0001F9A0 and tangut \U00017000\U00017000", x="1in")
    result = render(engine, doc(text_box("fine") + body))
    assert [(d["code"], d["page"], d["item"], d["line"]) for d in result.diagnostics] == [
        ("layout.missing_glyph", 0, 1, 1)]
    diag = result.diagnostics[0]
    assert diag["column"] > 60  # the second <text> element of the line
    message = diag["message"]
    assert "U+1F9A0" in message and "U+17000" in message and message.count("U+17000") == 1
    assert 'line 2 of the box: "microbe' in message
    item = texts(result)[1]
    assert line_texts(item)[1] == "microbe \U0001F9A0 and tangut \U00017000\U00017000"
    assert [g for _, _, gids in runs(item) for g in gids].count(0) == 3  # drawn as empty boxes


def test_variation_selectors_and_joiners_are_not_missing_glyphs(engine):
    result = render(engine, doc(text_box("葛\U000E0100城 a\u200db 1\ufe0f"), lang="ja"))
    assert result.diagnostics == []
