"""Text as the office exporters (PPTX, DOCX) write it: our lines where the office
application can fit them, else logical runs it wraps itself; and DrawingML run fonts.

Shared by the PPTX and DOCX writers (and the PPTX chart/table builder), so none of
them imports another to get it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import ExportError
from .fonts import FontSource
from .ooxml_common import glyph_advances, office_fits

#: (default glyph advances, units per em) per font index, for :func:`office_fits`
Metrics = tuple[dict[int, list[int]], dict[int, int]]

def paragraph_lines(item: dict[str, Any], where: str) -> list[list[list[dict[str, Any]]]]:
    """For each display-list paragraph, its laid-out lines (each a list of runs)."""
    paragraphs = item.get("paragraphs", [])
    if not isinstance(paragraphs, list):
        raise ExportError(f"{where}: paragraphs must be a list", code="export.display_list")
    result: list[list[list[dict[str, Any]]]] = [[] for _ in paragraphs]
    for line in item.get("lines", []):
        index = line.get("paragraph") if isinstance(line, dict) else None
        if not isinstance(index, int) or not 0 <= index < len(result):
            raise ExportError(f"{where}: line names paragraph {index!r}, which does not exist",
                              code="export.display_list")
        result[index].append(list(line.get("runs", [])))
    return result


def display_metrics(display_list: dict[str, Any],
                    fonts: Sequence[FontSource] | None) -> Metrics:
    upem = {f["index"]: f["upem"] for f in display_list.get("fonts", [])
            if isinstance(f, dict) and isinstance(f.get("upem"), int) and f["upem"] > 0}
    return glyph_advances(display_list, fonts), upem


def set_run_fonts(run: Any, family: str, lang: str) -> None:
    """A DrawingML run in ``family`` for Latin, East Asian and complex scripts, in ``lang``."""
    from pptx.oxml.ns import qn
    from pptx.oxml.xmlchemy import OxmlElement

    run.font.name = family
    rpr = run._r.get_or_add_rPr()
    rpr.set("lang", lang)
    latin = rpr.find(qn("a:latin"))
    previous = latin
    for tag in ("a:ea", "a:cs"):
        element = OxmlElement(tag)
        element.set("typeface", family)
        previous.addnext(element)
        previous = element


def office_lines(item: dict[str, Any], where: str, metrics: Metrics) -> list[list[list[dict]]]:
    """Per paragraph, the lines to write with breaks between them: ours where the office
    app can fit them, else the paragraph's logical runs as one line that the app wraps."""
    logical = item.get("paragraphs", [])
    result = []
    for p_index, lines in enumerate(paragraph_lines(item, where)):
        runs = logical[p_index].get("runs", []) if isinstance(logical[p_index], dict) else []
        if not lines:  # an empty paragraph keeps its line at the paragraph's size
            lines = [[dict(r, text="") for r in runs[:1]]]
        elif len(lines) > 1 and not office_fits(item, lines, *metrics):
            lines = _hard_lines(runs)
        elif len(lines) > 1:
            lines = _keep_break_spaces(lines, runs)
        result.append(lines)
    return result


def _hard_lines(runs: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The logical runs as lines split at each ``<br/>`` ("\n" in a run's text).

    The office app wraps these lines itself, but a hard break stays a break (``<a:br/>``):
    a raw line feed in ``<a:t>`` is drawn by LibreOffice as a paragraph break whose lines
    lose the paragraph's alignment."""
    lines: list[list[dict[str, Any]]] = [[]]
    for run in runs:
        parts = str(run.get("text", "")).split("\n")
        for k, part in enumerate(parts):
            if k:
                lines.append([])
            if part or not lines[-1]:
                lines[-1].append(dict(run, text=part))
    return lines


def _keep_break_spaces(lines: list[list[dict[str, Any]]],
                       logical: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Lines whose last run keeps the space our layout broke at (it hangs, unseen), so that
    deleting the break in the office app does not join two words."""
    text = "".join(str(r.get("text", "")) for r in logical)
    result = [list(runs) for runs in lines]
    pos = 0
    for index, runs in enumerate(result):
        line_text = "".join(str(r.get("text", "")) for r in runs)
        found = text.find(line_text, pos) if line_text else -1
        if found < 0:
            return result  # lines do not follow the logical text: keep them as they are
        gap = text[pos:found]
        # a <br/> ("\n") is written as the break itself: only spaces hang at the line's end
        if index and gap and gap.isspace() and "\n" not in gap and result[index - 1]:
            last = result[index - 1][-1]
            result[index - 1][-1] = dict(last, text=str(last.get("text", "")) + gap)
        pos = found + len(line_text)
    return result
