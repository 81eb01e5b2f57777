"""Read the documents users summarize (.txt, .md, .docx, .pptx) into plain text.

Paragraph structure is kept as blank lines, because the sentence splitter
treats a paragraph end as a sentence end (titles and bullet points often have
no final full stop).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ...errors import DataError, Location
from . import MAX_INPUT_CHARS

SUFFIXES = (".txt", ".md", ".markdown", ".docx", ".pptx")
#: largest .txt/.md file read: 4 bytes (the most UTF-8 needs) per character of
#: the summarizer's MAX_INPUT_CHARS; bigger files are refused unread
MAX_TEXT_FILE_BYTES = 4 * MAX_INPUT_CHARS


#: a GB18030 reading is taken only when at least this share of its non-ASCII
#: characters are in GB2312 (the everyday simplified set): bytes of another
#: legacy encoding (Latin-1, Shift-JIS) sometimes decode as GB18030 too, but as
#: rare characters, private-use code points and stray symbols
MIN_GB2312_SHARE = 0.9


def _as_gb18030(data: bytes) -> str | None:
    """``data`` read as GB18030 (GBK's superset) when it decodes cleanly as Chinese text."""
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        return None
    wide = [ch for ch in text if ord(ch) > 0x7F]
    if not wide:
        return None
    common = 0
    for ch in wide:
        if 0xE000 <= ord(ch) <= 0xF8FF:  # private use: GB18030's unassigned bytes
            return None
        try:
            ch.encode("gb2312")
            common += 1
        except UnicodeEncodeError:
            pass
    return text if common >= MIN_GB2312_SHARE * len(wide) else None


def decode_text(data: bytes, file: str | None = None) -> str:
    """Decode UTF-8 (with or without BOM), BOM-marked UTF-16, or GB18030/GBK.

    Strict UTF-8 is tried first; then GB18030 (the legacy default of Chinese
    Windows, a superset of GBK and GB2312) when the whole text decodes and
    reads as Chinese (:data:`MIN_GB2312_SHARE`); anything else is a
    ``data.encoding`` error at the first byte that is not UTF-8.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        text = _as_gb18030(data)
        if text is not None:
            return text
        line = data[: err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise DataError(
            "the text is neither UTF-8 nor GB18030/GBK Chinese (save it as UTF-8 and try again)",
            where=Location(file=file, line=line, column=col),
            code="data.encoding",
        ) from None


def _drop_spans(text: str, opener: str, closer: str) -> str:
    """``text`` without each ``opener ... closer`` span (an unclosed opener is kept as text).

    ``str.find`` instead of a lazy ``.*?`` regex: with many openers and no
    closer the regex rescans the rest of the text from every opener.
    """
    out: list[str] = []
    pos = 0
    while True:
        start = text.find(opener, pos)
        if start < 0:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos:start])
        end = text.find(closer, start + len(opener))
        if end < 0:
            out.append(text[start:])
            return "".join(out)
        pos = end + len(closer)


# Every pattern below is linear in the line: no two unbounded repeats can
# match the same characters (``*a *a *a ...`` took 207 s for 120 KB with the
# old ``(\*|_)(\S(?:.*?\S)?)\1``), and bracket/emphasis bodies cannot cross
# their own delimiter.
_RULE = re.compile(r"[ \t]*(?:\|[ \t]*)?:?-{3,}.*")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]*")
_QUOTE = re.compile(r"^ {0,3}> ?")
_IMAGE = re.compile(r"!\[([^\[\]]*)\]\([^()]*\)")
_LINK = re.compile(r"\[([^\[\]]+)\]\([^()]*\)")
_EMPHASIS = [re.compile(rf"{d}([^{c}\s](?:[^{c}]*[^{c}\s])?){d}")
             for d, c in ((r"\*\*", r"*"), ("__", "_"), (r"\*", r"*"), ("_", "_"), ("`", "`"))]
_TABLE_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$")


def markdown_to_text(md: str) -> str:
    """Drop Markdown markup a reader does not see (code, links' targets, emphasis)."""
    md = _drop_spans(_drop_spans(md, "```", "```"), "~~~", "~~~")
    md = _drop_spans(md, "<!--", "-->")
    lines: list[str] = []
    after_heading = False
    for line in md.splitlines():
        if _RULE.fullmatch(line):
            continue  # table rule or horizontal rule
        # a heading is a paragraph of its own even when text follows on the
        # next line: glued to the first sentence, it would hide the section
        heading = bool(_HEADING.match(line))
        if (heading or after_heading) and line.strip() and lines and lines[-1].strip():
            lines.append("")
        after_heading = heading
        line = _HEADING.sub("", line)
        line = _QUOTE.sub("", line)
        line = _IMAGE.sub(r"\1", line)
        line = _LINK.sub(r"\1", line)
        for emphasis in _EMPHASIS:
            line = emphasis.sub(r"\1", line)
        line = _TABLE_ROW.sub(lambda m: "; ".join(c.strip() for c in m.group(1).split("|")), line)
        lines.append(line.rstrip())
    return "\n".join(lines)


def read_document(path: str | os.PathLike[str]) -> str:
    """Return the text of a document, raising :class:`DataError` if it cannot be read."""
    from ...safeio import MAX_DOCUMENT_FILE_BYTES, check_zip, read_user_file
    p = Path(path)
    file = str(p)
    where = Location(file=file)
    suffix = p.suffix.lower()
    if suffix not in SUFFIXES:
        raise DataError(
            f"cannot summarize {suffix or 'extension-less'} files (use {', '.join(SUFFIXES)})",
            where=where,
            code="data.format",
        )
    if suffix in (".docx", ".pptx"):
        raw = read_user_file(p, limit=MAX_DOCUMENT_FILE_BYTES, what=f"{suffix} file")
        from .office import docx_text, pptx_text

        with check_zip(raw, file=file, what=f"{suffix} file") as archive:
            read = docx_text if suffix == ".docx" else pptx_text
            return read(archive, file, MAX_INPUT_CHARS)
    # UTF-8 takes at most 4 bytes a character: more bytes cannot be under the cap
    raw = read_user_file(p, limit=MAX_TEXT_FILE_BYTES, what="text file")
    text = decode_text(raw, file)
    return markdown_to_text(text) if suffix in (".md", ".markdown") else text
