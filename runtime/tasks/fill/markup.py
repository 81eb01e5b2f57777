"""HTML tables and Markdown footnotes in a document's text, as the filler reads them.

A Markdown file exported from a wiki, a CMS or a notebook often keeps its tables as HTML
(``<table><tr><th rowspan="2">期间</th><th colspan="2">营业收入（万元）</th>…``): a header of two
rows, where a cell spans columns or rows. Left as it is, the table is one paragraph of tags
and its figures are read without their column. Here every such table is written as the
``a; b; c`` rows the reader takes tables from: spans filled out into each column and row
they cover, and a header of several rows joined per column ("营业收入（万元） 2026年").

A note-taking app's wiki links ("[[FH-Nitro coating]] ($18 per hectare)", "[[Fernhollow Bio|Fernhollow]]")
are markup around a name: the text is the link's shown words.

Markdown footnotes ("…26,380[^1]", then "[^1]: 更正：…") are notes: the marker is no text (a
figure's "[^1]" is no part of the figure), and the definitions are gathered into a notes
section at the end, so that they are neither the last section's paragraphs nor lost.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

__all__ = ["html_tables", "html_text", "footnotes", "wikilinks", "NOTES_HEADINGS"]

#: the heading the gathered footnotes stand under, by the document's language
NOTES_HEADINGS = {"zh": "注释", "en": "Footnotes"}

_TABLE = re.compile(r"<table\b[^>]*>.*?</table\s*>", re.I | re.S)


class _Cells(HTMLParser):
    """The rows of one ``<table>``: each cell's text, whether it is a header cell, its spans."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[tuple[str, bool, int, int]]] = []
        self.head_rows: set[int] = set()  # rows inside <thead>
        self._cell: list[str] | None = None
        self._attrs: tuple[bool, int, int] = (False, 1, 1)
        self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self.rows.append([])
            if self._in_head:
                self.head_rows.add(len(self.rows) - 1)
        elif tag in ("td", "th"):
            if not self.rows:
                self.rows.append([])
            a = dict(attrs)
            self._cell = []
            self._attrs = (tag == "th", _span(a.get("rowspan")), _span(a.get("colspan")))
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self._in_head = False
        elif tag in ("td", "th") and self._cell is not None:
            self._close()

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def _close(self) -> None:
        text = re.sub(r"\s+", " ", "".join(self._cell or ())).strip()
        head, rows, cols = self._attrs
        self.rows[-1].append((text, head, rows, cols))
        self._cell = None


def _span(value: str | None) -> int:
    try:
        return max(1, min(int(value or 1), 50))
    except ValueError:
        return 1


def _grid(cells: _Cells) -> tuple[list[list[str]], int]:
    """The table as a grid of texts (a spanned cell's text in every place it covers), and how
    many of its first rows are its header (rows of header cells only, or inside ``<thead>``)."""
    grid: list[list[str | None]] = []
    heads: list[bool] = []
    for r, row in enumerate(cells.rows):
        while len(grid) <= r:
            grid.append([])
        col = 0
        for text, _head, rows, cols in row:
            while col < len(grid[r]) and grid[r][col] is not None:
                col += 1
            for dr in range(rows):
                while len(grid) <= r + dr:
                    grid.append([])
                line = grid[r + dr]
                while len(line) < col + cols:
                    line.append(None)
                for dc in range(cols):
                    line[col + dc] = text
            col += cols
        heads.append(r in cells.head_rows or (bool(row) and all(h for _t, h, _r, _c in row)))
    width = max((len(x) for x in grid), default=0)
    out = [[c or "" for c in x] + [""] * (width - len(x)) for x in grid if any(x)]
    n_head = 0
    while n_head < len(heads) and heads[n_head]:
        n_head += 1
    return out, min(n_head, len(out))


def _as_rows(block: str) -> str:
    cells = _Cells()
    cells.feed(block)
    cells.close()
    grid, n_head = _grid(cells)
    if not grid:
        return ""
    if n_head > 1:
        # a header of several rows: each column's header is its cells top to bottom, a cell that
        # spans rows or columns said once ("营业收入（万元）" over "2026年": "营业收入（万元） 2026年")
        joined = []
        for c in range(len(grid[0])):
            parts: list[str] = []
            for r in range(n_head):
                if grid[r][c] and grid[r][c] not in parts:
                    parts.append(grid[r][c])
            joined.append(" ".join(parts))
        grid = [joined] + grid[n_head:]
    # (a cell's own "; " would cut it in two where the rows are read)
    return "\n".join("; ".join(c.replace("; ", ", ") or "-" for c in row) for row in grid)


def html_tables(raw: str) -> str:
    """``raw`` with each HTML ``<table>`` written as ``a; b; c`` rows, a blank line around."""
    if "<table" not in raw.lower():
        return raw
    return _TABLE.sub(lambda m: "\n\n" + _as_rows(m.group(0)) + "\n\n", raw)


_BLOCK_END = re.compile(r"<\s*(?:br\s*/?|/\s*(?:p|div|li|tr|h[1-6]|table|ul|ol|blockquote))\s*>", re.I)


def html_text(page: str) -> str:
    """The text of an HTML fragment (an e-mail's HTML part): its tables as rows, a line per
    paragraph, list item or break, its tags and scripts dropped, its entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1\s*>", "", page, flags=re.I | re.S)
    page = html_tables(page)
    page = _BLOCK_END.sub("\n", page)
    page = re.sub(r"<li\b[^>]*>", "- ", page, flags=re.I)
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    return re.sub(r"\n{3,}", "\n\n", re.sub(r"[ \t]+\n", "\n", text)).strip()


#: a footnote's marker in the text ("26,380[^1]", "…计算。[^note]")
_FOOTNOTE_REF = re.compile(r"\[\^[^\]\s]{1,20}\](?!:)")
#: a footnote's definition, at a line's start, and its indented lines after it
_FOOTNOTE_DEF = re.compile(r"^\[\^[^\]\s]{1,20}\]:[ \t]*(.*(?:\n(?:[ \t]{2,}|\t).*)*)\n?", re.M)


def footnotes(raw: str, lang: str, markdown: bool = True) -> str:
    """``raw`` without its Markdown footnote markers, its footnotes' definitions gathered under
    a notes heading at the end (``raw`` itself when it has none)."""
    if "[^" not in raw:
        return raw
    notes = [re.sub(r"\s+", " ", m.group(1)).strip() for m in _FOOTNOTE_DEF.finditer(raw)]
    body = _FOOTNOTE_REF.sub("", _FOOTNOTE_DEF.sub("", raw))
    notes = [html.unescape(n) for n in notes if n]
    if not notes:
        return body
    heading = NOTES_HEADINGS["zh" if lang == "zh" else "en"]
    mark = "## " if markdown else ""
    return body.rstrip() + f"\n\n{mark}{heading}\n\n" + "\n\n".join(notes) + "\n"


#: a wiki link: "[[target]]" or "[[target|shown words]]" (Obsidian, Logseq, a wiki export)
_WIKILINK = re.compile(r"\[\[([^\[\]\n|]{1,120})(?:\|([^\[\]\n]{1,120}))?\]\]")


def wikilinks(raw: str) -> str:
    """``raw`` with each wiki link written as the words it shows."""
    if "[[" not in raw:
        return raw
    return _WIKILINK.sub(lambda m: (m.group(2) or m.group(1)).strip(), raw)
