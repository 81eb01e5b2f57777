"""Small decks for the import tests, built with python-pptx (the office-made deck is fixtures/pitch.pptx)."""

from __future__ import annotations

import io
from pathlib import Path

from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Inches, Pt

FIXTURE = Path(__file__).parent / "fixtures" / "pitch.pptx"


def new_deck():
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(10), Inches(5.625)
    return prs


def blank(prs):
    return prs.slides.add_slide(prs.slide_layouts[6])


def text_box(slide, runs, *, x=0.5, y=0.5, w=6, h=1, paragraphs=None):
    """A text box whose first paragraph is ``runs``: (text, size pt, bold, rgb) tuples."""
    box = slide.shapes.add_textbox(Inches(x), Inches(y), Inches(w), Inches(h))
    frame = box.text_frame
    for index, para_runs in enumerate([runs] + list(paragraphs or [])):
        para = frame.paragraphs[0] if index == 0 else frame.add_paragraph()
        for text, size, bold, rgb in para_runs:
            run = para.add_run()
            run.text = text
            run.font.size = Pt(size)
            run.font.bold = bold
            if rgb:
                run.font.color.rgb = RGBColor.from_string(rgb)
    return box


def save(prs, path: Path) -> Path:
    prs.save(str(path))
    return path


def image_bytes(fmt: str, size=(30, 20)) -> bytes:
    from PIL import Image

    im = Image.new("RGB", size, (200, 40, 40))
    out = io.BytesIO()
    im.save(out, fmt)
    return out.getvalue()
