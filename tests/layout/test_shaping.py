"""Shaping inside the module is real HarfBuzz: glyph ids and positions match
native HarfBuzz (uharfbuzz, same version as the compiled-in source) exactly,
and kerning, ligatures and palt change advances the way a reader sees."""

from __future__ import annotations

import pytest
import uharfbuzz as hb
from fontTools.ttLib import TTFont

from o3local.layout import assets

from .conftest import doc, render, text_box, texts

SIZE = 24 * 12700


@pytest.fixture(scope="module")
def regular() -> bytes:
    return assets.fonts()[0].data


def emu(units: int, upem: int = 1000) -> int:
    return (units * SIZE + upem // 2) // upem


def native(font_bytes: bytes, text: str, lang: str, script: str, features: dict[str, bool]):
    font = hb.Font(hb.Face(font_bytes))
    buf = hb.Buffer()
    buf.add_str(text)
    buf.direction = "ltr"
    buf.script = script
    buf.language = lang
    hb.shape(font, buf, features)
    return list(zip(buf.glyph_infos, buf.glyph_positions, strict=True))


def one_line(engine, text: str, lang: str):
    src = doc(text_box(text, x="0", y="0", w="20in", h="2in", font_size="24pt"), lang=lang)
    item = texts(render(engine, src))[0]
    assert len(item["lines"]) == 1
    line = item["lines"][0]
    return line, [g for run in line["runs"] for g in run["glyphs"]]


@pytest.mark.parametrize(
    ("text", "lang", "script", "features"),
    [
        ("AVATAR Wave Toffee office", "en", "Latn", {}),
        ("你好，世界。“引号”（括号）", "zh", "Hani", {"palt": True}),
        ("こんにちは、世界！", "ja", "Kana", {"palt": True}),
    ],
)
def test_glyphs_and_positions_match_native_harfbuzz(engine, regular, text, lang, script, features):
    line, glyphs = one_line(engine, text, lang)
    expected = native(regular, text, lang, script, features)
    assert [g[0] for g in glyphs] == [info.codepoint for info, _ in expected]
    acc, xs, ys = 0, [], []
    for _info, pos in expected:
        xs.append(line["x"] + emu(acc + pos.x_offset))
        ys.append(line["y"] - emu(pos.y_offset))
        acc += pos.x_advance
    assert [g[1] for g in glyphs] == xs
    assert [g[2] for g in glyphs] == ys
    assert line["width"] == emu(acc)


def raw_advance_sum(font_bytes: bytes, text: str) -> int:
    import io

    font = TTFont(io.BytesIO(font_bytes))
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    return sum(hmtx[cmap[ord(c)]][0] for c in text)


def test_palt_narrows_cjk_punctuation_in_chinese(engine, regular):
    text = "你好，世界。我们（今天）来了！"
    zh, _ = one_line(engine, text, "zh")
    en, _ = one_line(engine, text, "en")  # palt is applied for zh/ja text only
    raw = emu(raw_advance_sum(regular, text))
    assert en["width"] == raw
    assert zh["width"] < raw * 0.9  # punctuation set at half width


def test_kerning_and_ligatures_change_latin_advances(engine, regular):
    kerned, _ = one_line(engine, "AVAVAVAV", "en")
    assert kerned["width"] < emu(raw_advance_sum(regular, "AVAVAVAV")) * 0.99  # AV pairs kern
    _, glyphs = one_line(engine, "office", "en")
    assert len(glyphs) < len("office")  # the ffi ligature
    assert [g[3] for g in glyphs][0] == 0
