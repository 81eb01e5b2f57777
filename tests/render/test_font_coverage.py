"""Characters outside GB 2312 are drawn, not lost: names with rare hanzi, Korean, ₹ and ₽.

Each character must come out as a real glyph of a pinned font: the module
picks the font per character (the CJK face, else the Noto Sans fallbacks),
the PNG has ink where the character is and that ink is not the empty box
drawn for a character no font has, the PDF embeds a subset of each font used
and its text reads back.  A character no font has is reported with its place
and makes ``--strict`` fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest
from test_render import make_template

import o3local

NAMES = "朱镕基 张喆 王堃 陈𠮷"  # 镕 喆 堃 are outside GB 2312; 𠮷 is in Extension B
KOREAN = "한국어 문장도 제대로 보입니다"
CURRENCY = "₹ 1,250 ₽ 990"
MISSING = "\U0001F9A0"  # 🦠: an emoji, in none of the pinned fonts

EMU_PER_PX = 9525  # at 96 dpi
CJK_FONTS = {0, 1}
LATIN_FONTS = {2, 3}


def body(lines: list[str]) -> str:
    boxes = "".join(
        f'<text x="0.3in" y="{0.2 + 0.6 * i:.1f}in" w="7in" h="0.5in" font-size="24pt">{text}</text>'
        for i, text in enumerate(lines))
    return f'<document kind="document" width="8in" height="4in" lang="zh"><page>{boxes}</page></document>'


def glyph_cells(display_list: dict) -> list[tuple[str, int, int, tuple[int, int, int, int]]]:
    """(character, font, glyph id, pixel box) of every drawn glyph but spaces."""
    cells = []
    for item in display_list["pages"][0]["items"]:
        size = item["font_size"]
        for line in item["lines"]:
            glyphs = [(run["text"][g[3]], run["font"], g[0], g[1], g[2])
                      for run in line["runs"] for g in run["glyphs"]]
            for k, (char, font, gid, x, y) in enumerate(glyphs):
                if char == " ":
                    continue
                right = glyphs[k + 1][3] if k + 1 < len(glyphs) else x + size
                box = (x // EMU_PER_PX, (y - size * 88 // 100) // EMU_PER_PX,
                       right // EMU_PER_PX, (y + size * 12 // 100) // EMU_PER_PX)
                cells.append((char, font, gid, box))
    return cells


def ink(image, box) -> list[int]:
    """Darkness (0-255) of each pixel of box, row by row."""
    crop = image.crop(box).convert("L")
    return [255 - v for v in crop.tobytes()]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("coverage")
    tpl = make_template(tmp, body([NAMES, KOREAN, CURRENCY, f"<b>{NAMES} ₹</b>", MISSING]))
    png = o3local.render(tpl, fmt="png", output=tmp / "page.png")
    pdf = o3local.render(tpl, fmt="pdf", output=tmp / "page.pdf")
    return tmp, png.display_list, pdf.display_list


def test_rare_hanzi_korean_and_currency_are_real_glyphs_with_ink(rendered):
    from PIL import Image

    tmp, display_list, _ = rendered
    image = Image.open(tmp / "page.png")
    cells = glyph_cells(display_list)
    missing = [c for c in cells if c[0] == MISSING]
    assert len(missing) == 1 and missing[0][2] == 0  # drawn as the .notdef box
    tofu = ink(image, missing[0][3])
    assert sum(v > 128 for v in tofu) > 20  # the box itself is visible
    expected = set((NAMES + KOREAN + CURRENCY).replace(" ", ""))
    seen = set()
    for char, font, gid, box in cells:
        if char == MISSING:
            continue
        seen.add(char)
        assert gid != 0, f"{char!r} (U+{ord(char):04X}) has no glyph"
        if char in "₹₽":
            assert font in LATIN_FONTS, (char, font)  # the CJK face has neither
        elif not char.isascii() and char != ",":
            assert font in CJK_FONTS, (char, font)
        dark = ink(image, box)
        assert sum(v > 128 for v in dark) > 10, f"no ink where {char!r} is drawn"
        if box[2] - box[0] >= (missing[0][3][2] - missing[0][3][0]) - 2:
            # not the empty box: compare with the .notdef cell, pixel by pixel
            w = min(box[2] - box[0], missing[0][3][2] - missing[0][3][0])
            h = min(box[3] - box[1], missing[0][3][3] - missing[0][3][1])
            a = ink(image, (box[0], box[1], box[0] + w, box[1] + h))
            b = ink(image, (missing[0][3][0], missing[0][3][1], missing[0][3][0] + w, missing[0][3][1] + h))
            assert sum(abs(p - q) for p, q in zip(a, b, strict=True)) / len(a) > 10, char
    assert expected <= seen


def test_bold_names_use_the_bold_face(rendered):
    _, display_list, _ = rendered
    bold = display_list["pages"][0]["items"][3]
    fonts = {run["text"]: run["font"] for line in bold["lines"] for run in line["runs"]}
    assert fonts == {"朱镕基张喆王堃陈𠮷 ": 1, "₹": 3}  # CJK Bold, Noto Sans Bold


def test_a_character_no_font_has_is_a_diagnostic_with_its_place(rendered):
    _, display_list, _ = rendered
    found = [d for d in display_list["diagnostics"] if d["code"] == "layout.missing_glyph"]
    assert len(found) == 1
    diag = found[0]
    assert (diag["page"], diag["item"], diag["line"]) == (0, 4, 1)
    assert diag["column"] > 1
    assert "U+1F9A0" in diag["message"] and "line 1 of the box" in diag["message"]


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{name} (poppler-utils) is missing in CI")
        pytest.skip(f"needs {name} (poppler-utils)")
    return path


def test_pdf_embeds_a_subset_of_each_font_used_and_its_text_reads_back(rendered):
    tmp, _, display_list = rendered
    pdf = tmp / "page.pdf"
    rows = subprocess.run([_tool("pdffonts"), str(pdf)], capture_output=True, check=True,
                          timeout=60).stdout.decode().splitlines()[2:]
    names = sorted(row.split()[0].split("+", 1)[1] for row in rows)
    assert names == ["NotoSans-Bold", "NotoSans-Regular", "NotoSansCJKsc-Bold", "NotoSansCJKsc-Regular"]
    for row in rows:
        assert row.split()[-5:-2] == ["yes", "yes", "yes"], row  # embedded, subset, ToUnicode
        assert ("CID Type 0C" in row) == ("CJK" in row) and ("CID TrueType" in row) == ("CJK" not in row)
    text = subprocess.run([_tool("pdftotext"), "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                          check=True, timeout=60).stdout.decode()
    squeezed = "".join(text.split())
    for expected in (NAMES, KOREAN, CURRENCY):
        assert "".join(expected.split()) in squeezed, expected
    assert pdf.stat().st_size < 150_000  # subsets, not the 10.6 MB font


def test_strict_fails_on_a_missing_character_and_names_its_place(cli, tmp_path):
    tangut = "\U00017000"
    tpl = make_template(tmp_path, body([NAMES, f"Tangut {tangut} here"]))
    ok = cli(tpl, "-o", tmp_path / "ok.png")
    assert ok.exit_code == 0 and "layout.missing_glyph" in ok.output and "U+17000" in ok.output
    strict = cli(tpl, "--strict", "--json", "-o", tmp_path / "strict.png")
    assert strict.exit_code == 1
    error = json.loads(strict.output)["error"]
    assert error["code"] == "layout.strict"
    assert "body.o3x" in json.dumps(error) and "layout.missing_glyph" in json.dumps(error)
    assert not (tmp_path / "strict.png").exists()
    with pytest.raises(o3local.errors.LayoutError) as info:
        o3local.render(tpl, strict=True)
    problem = info.value.problems[0]
    assert problem.code == "layout.missing_glyph" and "U+17000" in problem.message
    assert problem.where.file.endswith("body.o3x") and problem.where.line == 1 and problem.where.column > 1
    assert '"Tangut ' in problem.message  # the line of the box it is in


def test_svg_draws_each_glyph_from_its_own_font(rendered):
    """The PNG is this SVG rasterized: the same outline per (font, glyph), none empty."""
    _, display_list, _ = rendered
    svg = o3local.export.export(display_list, "svg")[0].decode()
    defs = dict(re.findall(r'<path id="(g\d+-\d+)" d="([^"]*)"/>', svg))
    used = set(re.findall(r'<use xlink:href="#(g\d+-\d+)"', svg))
    for char, font, gid, _box in glyph_cells(display_list):
        if char == MISSING:
            continue
        key = f"g{font}-{gid}"
        assert key in used and defs.get(key), (char, key)
    assert any(k.startswith(("g2-", "g3-")) for k in used)  # ₹ and ₽ from Noto Sans
