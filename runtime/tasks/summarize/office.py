"""The text of .docx and .pptx files, streamed out of their XML under caps.

python-docx and python-pptx build the whole document tree first and only
then let us count, so a 532 KB .docx took 161 s and 1.8 GB before the text
cap could refuse it.  Here the zip is checked against
:data:`~o3local.safeio.OFFICE_ZIP_LIMITS` first, then each XML part is read
with ``lxml.etree.iterparse`` and every element is dropped as soon as it
ends, so memory stays flat; characters and elements are counted as they
stream and the read stops at :data:`MAX_DOCUMENT_ELEMENTS` elements or one
character past ``max_chars``.  Entities are not resolved and nothing is
fetched.

Paragraphs become blocks separated by blank lines; a table row becomes one
block of its distinct cell texts joined by ``"; "`` (merged cells repeat
their text in every grid cell).  Blocks come in document order.
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass
from typing import Any

from ...errors import DataError, Location, TaskError
from ...safeio import OFFICE_ZIP_LIMITS, ZIP_ERRORS, ZipLimitExceeded, entry_problem, iter_entry

#: most XML elements read from one document (about 2.5 s of parsing); a real
#: 2-million-character document has well under a million
MAX_DOCUMENT_ELEMENTS = 4_000_000

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


@dataclass(frozen=True)
class _Tags:
    para: str
    text: str
    run: str
    tab: str
    breaks: tuple[str, ...]
    row: str
    cell: str


_DOCX = _Tags(para=f"{_W}p", text=f"{_W}t", run=f"{_W}r", tab=f"{_W}tab",
              breaks=(f"{_W}br", f"{_W}cr"), row=f"{_W}tr", cell=f"{_W}tc")
_PPTX = _Tags(para=f"{_A}p", text=f"{_A}t", run=f"{_A}r", tab="", breaks=(f"{_A}br",),
              row=f"{_A}tr", cell=f"{_A}tc")


class _Reader:
    """Blocks of text from a checked office zip, counting as it goes."""

    def __init__(self, archive: zipfile.ZipFile, file: str, max_chars: int) -> None:
        self.archive = archive
        self.file = file
        self.max_chars = max_chars
        self.chars = 0
        self.elements = 0
        self.blocks: list[str] = []

    def _where(self, part: str | None = None) -> Location:
        return Location(file=self.file if part is None else f"{self.file}!/{part}")

    def _events(self, part: str) -> Any:
        """(element) at each end tag of ``part``, the element's earlier siblings already freed."""
        from lxml import etree

        try:
            info = self.archive.getinfo(part)
        except KeyError:
            raise DataError(f"the document has no {part} part", where=self._where(),
                            code="data.format") from None
        problem = entry_problem(info, OFFICE_ZIP_LIMITS)
        if problem is not None:
            raise DataError(problem.message, where=self._where(part), code=f"data.{problem.detail}")
        parser = etree.XMLPullParser(events=("end",), resolve_entities=False, no_network=True,
                                     load_dtd=False, huge_tree=False)
        try:
            for chunk in iter_entry(self.archive, info, OFFICE_ZIP_LIMITS):
                parser.feed(chunk)
                yield from self._drain(parser)
            parser.close()
            yield from self._drain(parser)
        except ZipLimitExceeded as err:
            raise DataError(err.message, where=self._where(part), code=f"data.{err.detail}") from None
        except etree.XMLSyntaxError as err:
            raise DataError(f"damaged XML: {err}", where=self._where(part),
                            code="data.format") from None
        except ZIP_ERRORS as err:
            raise DataError(f"damaged zip entry: {err}", where=self._where(part),
                            code="data.format") from None

    def _drain(self, parser: Any) -> Any:
        for _event, el in parser.read_events():
            self.elements += 1
            if self.elements > MAX_DOCUMENT_ELEMENTS:
                raise DataError(f"the document has more than {MAX_DOCUMENT_ELEMENTS:,} XML "
                                "elements (the cap for summarizing)", where=self._where(),
                                code="data.too_large")
            yield el
            el.clear(keep_tail=True)
            parent = el.getparent()
            if parent is not None:
                while el.getprevious() is not None:
                    del parent[0]

    def _take(self, text: str) -> str:
        self.chars += len(text)
        if self.chars > self.max_chars:
            raise TaskError(f"the document has more than {self.max_chars:,} characters of text; "
                            "the limit is that (split the document first)", where=self._where(),
                            code="task.too_long")
        return text

    def text_of(self, part: str, tags: _Tags, comments: dict[str, str] | None = None) -> None:
        """Append the blocks of one XML part (a Word body or a slide); with ``comments`` (a Word
        comment's id: its block), each comment's block after the paragraph (or table row) that
        holds its reference."""
        para: list[str] = []
        cell_paras: list[str] = []
        row_cells: list[str] = []
        pending: list[str] = []  # the comments referenced in the paragraph or row being read
        for el in self._events(part):
            tag = el.tag
            if comments is not None and tag == _COMMENT_REF:
                block = comments.get(el.get(f"{_W}id", ""))
                if block and block not in pending:
                    pending.append(block)
            elif tag == tags.text:
                para.append(self._take(el.text or ""))
            elif tag == tags.tab and el.getparent() is not None and el.getparent().tag == tags.run:
                para.append(self._take("\t"))
            elif tag in tags.breaks:
                para.append(self._take("\n"))
            elif tag == tags.para:
                text = "".join(para)
                para = []
                if inside(el, tags.cell):
                    cell_paras.append(text)
                    continue
                if text.strip():
                    self.blocks.append(text.strip() if tags is _PPTX else text)
                self.blocks.extend(pending)
                pending = []
            elif tag == tags.cell:
                row_cells.append("\n".join(cell_paras).strip())
                cell_paras = []
            elif tag == tags.row:
                cells = [c for c in row_cells if c]
                if len(cells) >= 2 and row_cells and not row_cells[0]:
                    # a header row's empty corner ("" | FY2025 | FY2026) keeps its place, or the
                    # columns would pass for the rows' labels and figures
                    cells = ["—", *cells]  # (a dash would read as a bullet)
                row_cells = []
                if cells:
                    self.blocks.append("; ".join(dict.fromkeys(cells)))
                self.blocks.extend(pending)
                pending = []

    def ids(self, part: str, tag: str, attr: str, value: str) -> list[tuple[str, str]]:
        """(``attr``, ``value``) attribute pairs of every ``tag`` element of a small part."""
        return [(el.get(attr, ""), el.get(value, "")) for el in self._events(part) if el.tag == tag]


def inside(el: Any, tag: str) -> bool:
    """Whether ``el`` sits inside an element ``tag`` (its ancestors are still in the tree)."""
    parent = el.getparent()
    while parent is not None:
        if parent.tag == tag:
            return True
        parent = parent.getparent()
    return False


_COMMENT_REF = f"{_W}commentReference"
_COMMENTS_PART = "word/comments.xml"


def _comment_blocks(reader: _Reader) -> dict[str, str]:
    """A Word file's comments (``word/comments.xml``), by id, each as one block: "批注（财务部
    周蓉）：经审定，…应为3.42亿元" / "Comment (Dana Kerr): ARR should read $2.1M"."""
    if _COMMENTS_PART not in reader.archive.namelist():
        return {}
    out: dict[str, str] = {}
    paras: list[str] = []
    para: list[str] = []
    for el in reader._events(_COMMENTS_PART):
        if el.tag == _DOCX.text:
            para.append(reader._take(el.text or ""))
        elif el.tag == _DOCX.para:
            paras.append("".join(para).strip())
            para = []
        elif el.tag == f"{_W}comment":
            text = " ".join(p for p in paras if p)
            paras = []
            if text:
                author = (el.get(f"{_W}author") or "").strip()
                zh = any("\u4e00" <= ch <= "\u9fff" for ch in text)
                who = (f"（{author}）" if zh else f" ({author})") if author else ""
                out[el.get(f"{_W}id", "")] = f"批注{who}：{text}" if zh else f"Comment{who}: {text}"
    return out


def docx_text(archive: zipfile.ZipFile, file: str, max_chars: int, comments: bool = False) -> str:
    """The text of a Word body (``word/document.xml``) in document order; with ``comments``, each
    reviewer's comment as a block of its own after the paragraph it is anchored in (a summary
    reads the body only; a fill reads a reviewer's correction too)."""
    reader = _Reader(archive, file, max_chars)
    reader.text_of("word/document.xml", _DOCX, _comment_blocks(reader) if comments else None)
    return "\n\n".join(reader.blocks)


_NOTES_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide"


def _resolve(base_dir: str, target: str) -> str:
    """A relationship target as a zip part name (relative to ``base_dir`` unless absolute)."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(base_dir, target))


def _notes_part(reader: _Reader, slide: str) -> str | None:
    """The speaker-notes part of ``slide`` (``ppt/notesSlides/notesSlideN.xml``), if it has one."""
    folder, name = posixpath.split(slide)
    rels = f"{folder}/_rels/{name}.rels"
    if rels not in reader.archive.namelist():
        return None
    for el in reader._events(rels):
        if el.tag == f"{_REL}Relationship" and el.get("Type") == _NOTES_REL and el.get("Target"):
            part = _resolve(folder, el.get("Target"))
            return part if part in reader.archive.namelist() else None
    return None


def pptx_slides(archive: zipfile.ZipFile, file: str, max_chars: int) -> list[tuple[list[str], list[str]]]:
    """(slide blocks, speaker-notes blocks) of every slide, in the presentation's slide order.

    The notes' slide-number placeholder (a bare number) is left out.
    """
    reader = _Reader(archive, file, max_chars)
    targets = dict(reader.ids("ppt/_rels/presentation.xml.rels", f"{_REL}Relationship", "Id",
                              "Target"))
    order = [rid for _, rid in reader.ids("ppt/presentation.xml", f"{_P}sldId", "id", f"{_R}id")]
    slides: list[tuple[list[str], list[str]]] = []
    for rid in order:
        target = targets.get(rid)
        if not target:
            continue
        part = _resolve("ppt", target)
        before = len(reader.blocks)
        reader.text_of(part, _PPTX)
        body = reader.blocks[before:]
        notes = _notes_part(reader, part)
        said: list[str] = []
        if notes is not None:
            before = len(reader.blocks)
            reader.text_of(notes, _PPTX)
            said = [b for b in reader.blocks[before:] if not b.isdigit()]
        slides.append((body, said))
    return slides


def pptx_text(archive: zipfile.ZipFile, file: str, max_chars: int) -> str:
    """The text of every slide, then its speaker notes, in the presentation's slide order."""
    return "\n\n".join(b for body, notes in pptx_slides(archive, file, max_chars)
                       for b in body + notes)


def pptx_outline(archive: zipfile.ZipFile, file: str, max_chars: int) -> str:
    """The deck as Markdown: each slide's first block (its title) a heading, the rest of the
    slide bullets (table rows stay ``a; b`` lines), its speaker notes paragraphs.

    A filler reads a deck's structure from it: slide bullets are short lines without a
    final mark, which in plain text look like headings."""
    out: list[str] = []
    for body, notes in pptx_slides(archive, file, max_chars):
        if not body and not notes:
            continue
        if body:
            out.append("## " + " ".join(body[0].split()))
        out += [b if "; " in b else "- " + " ".join(b.split()) for b in body[1:]]
        out += notes
    return "\n\n".join(out)
