"""Read the documents users summarize (.txt, .md, .docx, .pptx) into plain text.

Paragraph structure is kept as blank lines, because the sentence splitter
treats a paragraph end as a sentence end (titles and bullet points often have
no final full stop).
"""

from __future__ import annotations

import os
import re
import zipfile
from pathlib import Path

from ...errors import DataError, Location

SUFFIXES = (".txt", ".md", ".markdown", ".docx", ".pptx")


def decode_text(data: bytes, file: str | None = None) -> str:
    """Decode UTF-8 (with or without BOM) or BOM-marked UTF-16; anything else is an error."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise DataError(
            "the text is not UTF-8 (save it as UTF-8 and try again)",
            where=Location(file=file, line=line, column=col),
            code="data.encoding",
        ) from None


def markdown_to_text(md: str) -> str:
    """Drop Markdown markup a reader does not see (code, links' targets, emphasis)."""
    md = re.sub(r"```.*?```|~~~.*?~~~", "", md, flags=re.S)
    md = re.sub(r"<!--.*?-->", "", md, flags=re.S)
    lines: list[str] = []
    for line in md.splitlines():
        if re.fullmatch(r"\s*\|?\s*:?-{3,}.*", line):
            continue  # table rule or horizontal rule
        line = re.sub(r"^\s{0,3}#{1,6}\s*", "", line)
        line = re.sub(r"^\s{0,3}>\s?", "", line)
        line = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", line)
        line = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", line)
        line = re.sub(r"(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1", r"\2", line)
        line = re.sub(r"^\s*\|(.*)\|\s*$", lambda m: "; ".join(c.strip() for c in m.group(1).split("|")), line)
        lines.append(line.rstrip())
    return "\n".join(lines)


def _docx_text(path: Path) -> str:
    import docx  # python-docx

    doc = docx.Document(str(path))
    blocks: list[str] = [p.text for p in doc.paragraphs if p.text.strip()]
    for table in doc.tables:
        for row in table.rows:
            cells = [c.text.strip() for c in row.cells if c.text.strip()]
            if cells:
                blocks.append("; ".join(dict.fromkeys(cells)))
    return "\n\n".join(blocks)


def _pptx_text(path: Path) -> str:
    import pptx  # python-pptx

    pres = pptx.Presentation(str(path))
    blocks: list[str] = []
    for slide in pres.slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                for para in shape.text_frame.paragraphs:
                    text = "".join(run.text for run in para.runs).strip()
                    if text:
                        blocks.append(text)
            if getattr(shape, "has_table", False) and shape.has_table:
                for row in shape.table.rows:
                    cells = [c.text.strip() for c in row.cells if c.text.strip()]
                    if cells:
                        blocks.append("; ".join(cells))
    return "\n\n".join(blocks)


def read_document(path: str | os.PathLike[str]) -> str:
    """Return the text of a document, raising :class:`DataError` if it cannot be read."""
    p = Path(path)
    where = Location(file=str(p))
    suffix = p.suffix.lower()
    if not p.is_file():
        raise DataError("file not found", where=where, code="data.not_found")
    if suffix not in SUFFIXES:
        raise DataError(
            f"cannot summarize {suffix or 'extension-less'} files (use {', '.join(SUFFIXES)})",
            where=where,
            code="data.format",
        )
    try:
        if suffix in (".docx", ".pptx"):
            if not zipfile.is_zipfile(p):
                raise DataError(f"not a valid {suffix} file (not a zip package)", where=where,
                                code="data.format")
            return _docx_text(p) if suffix == ".docx" else _pptx_text(p)
        text = decode_text(p.read_bytes(), str(p))
    except DataError:
        raise
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as err:
        raise DataError(f"cannot read {suffix} file: {err}", where=where, code="data.read") from None
    except Exception as err:  # python-docx/pptx raise many kinds on corrupt parts
        raise DataError(f"cannot read {suffix} file: {type(err).__name__}: {err}", where=where,
                        code="data.read") from None
    return markdown_to_text(text) if suffix in (".md", ".markdown") else text
