"""DOCX page layers: what the layout drew under a table lies behind Word's text layer.

A Word table belongs to the text layer; a shape anchored in front of the
text (``behindDoc="0"``) covers it.  The page background and every shape
drawn before a table must be behind the text, shapes drawn after it stay
in front (the layout's own order, issue 17's invisible-table bug).
"""

from __future__ import annotations

import io
import re
import zipfile

from o3local.export import export

from .kit import display_list, page, table_group

_ANCHOR = re.compile(r'<wp:anchor [^>]*behindDoc="(\d)"[^>]*>.*?<wp:docPr id="\d+" '
                     r'name="([^"]+)"', re.S)


def layers(dl) -> list[tuple[str, str]]:
    data = export(dl, "docx")[0]
    xml = zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml").decode()
    return [(m.group(1), m.group(2)) for m in _ANCHOR.finditer(xml)]


def test_background_and_shapes_under_a_table_go_behind_the_text_later_ones_stay_in_front():
    under = {"type": "rect", "x": 0, "y": 0, "w": 100000, "h": 100000, "fill": "#eeeeee",
             "stroke": None, "stroke_width": 0, "radius": 0}
    stamp = dict(under, fill="#cc0000")
    dl = display_list([page([under, table_group(), stamp]), page([stamp])], kind="document")
    dl["version"] = 2
    # page 1: background, the rect under the table, then the stamp drawn after it
    # page 2 has no table: its background and stamp stay as they were, in front
    assert [behind for behind, _name in layers(dl)] == ["1", "1", "0", "0", "0"]


def test_a_docx_table_is_followed_by_a_paragraph_before_the_page_break():
    dl = display_list([page([table_group()]), page([table_group(continued=True)])],
                      kind="document")
    dl["version"] = 2
    xml = zipfile.ZipFile(io.BytesIO(export(dl, "docx")[0])).read("word/document.xml").decode()
    body = xml[xml.index("<w:body>"):]
    # every </w:tbl> is followed by a paragraph without a section break before the next one
    for end in (m.end() for m in re.finditer("</w:tbl>", body)):
        nxt = body[end:body.index("</w:p>", end)]
        assert nxt.startswith("<w:p") and "w:sectPr" not in nxt
