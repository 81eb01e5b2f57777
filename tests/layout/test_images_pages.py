"""Images placed by the pixel size the host reads (never the pixels), and
page numbers that count the pages tables split into."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from o3local.errors import TemplateError
from o3local.layout.images import package_images, pixel_size

from .conftest import render

SIZES = {"assets/wide.png": (640, 256), "assets/tall.jpg": (300, 900)}


def image_doc(src: str, fit: str, w: str = "2in", h: str = "1in") -> str:
    return (f'<document><page><image src="{src}" x="1in" y="1in" w="{w}" h="{h}" fit="{fit}"/>'
            '</page></document>')


def placed(engine, src, fit, **kw):
    result = render(engine, image_doc(src, fit, **kw), images=SIZES)
    (item,) = result.display_list["pages"][0]["items"]
    assert item["type"] == "image" and item["src"] == src and result.display_list["version"] == 2
    return item


@pytest.mark.parametrize("src", list(SIZES))
def test_contain_keeps_the_aspect_ratio_inside_the_box(engine, src):
    it = placed(engine, src, "contain")
    iw, ih = SIZES[src]
    box = it["clip"]
    assert box == {"x": 914400, "y": 914400, "w": 2 * 914400, "h": 914400}
    assert abs(it["w"] / it["h"] - iw / ih) < 1e-5
    assert it["w"] <= box["w"] and it["h"] <= box["h"] and (it["w"] == box["w"] or it["h"] == box["h"])
    # centred
    assert abs((it["x"] - box["x"]) - (box["x"] + box["w"] - it["x"] - it["w"])) <= 1
    assert abs((it["y"] - box["y"]) - (box["y"] + box["h"] - it["y"] - it["h"])) <= 1


@pytest.mark.parametrize("src", list(SIZES))
def test_cover_fills_the_box_and_stretch_is_the_box(engine, src):
    it = placed(engine, src, "cover")
    iw, ih = SIZES[src]
    box = it["clip"]
    assert abs(it["w"] / it["h"] - iw / ih) < 1e-5
    assert it["x"] <= box["x"] and it["y"] <= box["y"]
    assert it["x"] + it["w"] >= box["x"] + box["w"] and it["y"] + it["h"] >= box["y"] + box["h"]
    st = placed(engine, src, "stretch")
    assert {k: st[k] for k in ("x", "y", "w", "h")} == st["clip"]


def test_unknown_image_is_a_template_error_at_the_src(engine):
    with pytest.raises(TemplateError) as err:
        render(engine, image_doc("assets/missing.png", "contain"), images=SIZES)
    assert err.value.code == "template.image"
    assert (err.value.where.line, err.value.where.column) == (1, 24)
    assert "assets/missing.png" in str(err.value)


def test_host_reads_png_and_jpeg_sizes_from_their_headers():
    files = {}
    for name, fmt, size in (("a.png", "PNG", (37, 19)), ("b.jpg", "JPEG", (120, 45)),
                            ("c.jpeg", "JPEG", (8, 800))):
        buf = io.BytesIO()
        Image.new("RGB", size, (200, 10, 10)).save(buf, fmt, progressive=name == "c.jpeg")
        files[name] = buf.getvalue()
    files["notes.txt"] = b"hello"
    assert pixel_size(files["a.png"]) == (37, 19)
    assert package_images(files, files.__getitem__) == {"a.png": (37, 19), "b.jpg": (120, 45),
                                                        "c.jpeg": (8, 800)}
    # a broken image is no longer skipped (to fail later in an exporter): it is named
    files["broken.png"] = b"\x89PNG\r\n\x1a\nnot really"
    with pytest.raises(TemplateError) as err:
        package_images(files, files.__getitem__)
    assert err.value.code == "template.image_corrupt" and err.value.where.file == "broken.png"


def test_page_number_and_count_after_a_table_splits(engine):
    rows = "".join(f"<tr><td>row {i}</td></tr>" for i in range(30))
    src = ('<document>'
           '<page><text x="0" y="0" w="5in" h="0.5in">{{ page.number }}/{{ page.count }}</text></page>'
           '<page><table x="0" y="1in" w="3in" h="1in" font-size="10pt" padding="0">'
           f'{rows}</table><text x="0" y="5in" w="5in" h="0.5in">p{{{{ page.number }}}} of '
           '{{ page.count }}</text></page>'
           '</document>')
    result = render(engine, src)
    pages = result.display_list["pages"]
    rows_per_page = 914400 // ((10 * 12700 * 1200 + 500) // 1000)
    n_table_pages = -(-30 // rows_per_page)
    assert len(pages) == 1 + n_table_pages
    footers = ["".join(r["text"] for r in it["paragraphs"][0]["runs"])
               for p in pages for it in p["items"] if it["type"] == "text"]
    total = len(pages)
    assert footers == [f"1/{total}"] + [f"p{i} of {total}" for i in range(2, total + 1)]


def test_page_variables_are_not_data(engine):
    src = '<document><page><text>{{ page.number }} {{ page.count }}</text></page></document>'
    (item,) = render(engine, src).display_list["pages"][0]["items"]
    assert item["paragraphs"][0]["runs"][0]["text"] == "1 1"
    with pytest.raises(TemplateError) as err:
        render(engine, '<document><page><text>{{ page.size }}</text></page></document>')
    assert err.value.code == "template.missing"
