"""Template tags inside office text: found, made whole again, and written back safely.

Office apps split a paragraph into runs wherever the formatting (or the
editing history: spell checks, autocorrect, an undo) changes, so a typed
``{{ company.name }}`` is often stored as ``{{ comp`` + ``any.na`` + ``me }}``.
Every tag is given back to the run it starts in, with that run's look.
Inside tags, what autocorrect did to the author's typing is undone: curly
quotes become straight ones (``date(“YYYY”)``) and no-break spaces plain ones.
Outside tags, text is escaped for the markup; tags are written verbatim, so
an expression's ``<`` or ``"`` stays an operator or a string.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .model import Paragraph, Run

TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
#: a statement tag and its keyword (``for``, ``endif``...)
STATEMENT = re.compile(r"\{%-?\s*(\w+)(.*?)-?%\}", re.S)
BLOCK_KEYWORDS = frozenset({"for", "endfor", "if", "elif", "else", "endif", "set"})
_AUTOCORRECT = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"',
                              "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u2032": "'",
                              "\u00a0": " ", "\u2002": " ", "\u2003": " ", "\u2009": " ",
                              "\u202f": " ", "\u3000": " ", "\uff5b": "{", "\uff5d": "}",
                              "\uff05": "%", "\uff5c": "|"})
_ESCAPE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def clean_tag(tag: str) -> str:
    """A tag as the author meant it: straight quotes, plain spaces, one line."""
    return tag.translate(_AUTOCORRECT).replace("\n", " ").replace("\v", " ")


def rejoin(runs: Sequence[Run]) -> list[Run]:
    """The runs with every tag whole inside the run it starts in (empty runs dropped).

    A tag typed with full-width braces (``｛｛``, Chinese input methods) is
    found too, since the characters are normalized before the search.
    """
    text = "".join(r.text for r in runs)
    owner: list[int] = []
    for index, run in enumerate(runs):
        owner += [index] * len(run.text)
    search = text.translate(_AUTOCORRECT)  # same length: one character for one
    spans = [(m.start(), m.end()) for m in TAG.finditer(search)]
    for start, end in spans:
        for pos in range(start, end):
            owner[pos] = owner[start]
    result: list[Run] = []
    pos = 0
    cut = {s for s, _e in spans} | {e for _s, e in spans}
    while pos < len(text):
        end = pos + 1
        while end < len(text) and owner[end] == owner[pos] and end not in cut:
            end += 1
        piece = text[pos:end]
        span = next(((s, e) for s, e in spans if s == pos), None)
        if span is not None:
            piece = clean_tag(search[span[0]:span[1]])
        style = runs[owner[pos]]
        if result and (result[-1].bold, result[-1].color, result[-1].size) == \
                (style.bold, style.color, style.size):
            result[-1].text += piece
        else:
            result.append(Run(piece, style.bold, style.color, style.size))
        pos = end
    return result


def block_only(paragraph: Paragraph) -> list[str] | None:
    """The tags of a paragraph that holds nothing but block tags (``{% for %}``, ``{% endif %}``...).

    Such a paragraph is a control line, not text: its tags are written
    between the paragraphs they govern (the text of a loop is then whole
    paragraphs, as the markup requires blocks to nest inside elements).
    """
    text = paragraph.text.translate(_AUTOCORRECT)
    tags = [m.group(0) for m in TAG.finditer(text)]
    if not tags or TAG.sub("", text).strip():
        return None
    keywords = [statement_keyword(t) for t in tags]
    if not any(k in BLOCK_KEYWORDS for k in keywords if k):
        return None
    if any(k is None and not t.startswith("{#") for t, k in zip(tags, keywords, strict=True)):
        return None  # a {{ }} among them prints something: a real paragraph
    return [clean_tag(t) for t in tags]


def single(text: str) -> bool:
    """Whether ``text`` (stripped) is exactly one tag."""
    text = text.strip()
    match = TAG.match(text)
    return match is not None and match.end() == len(text)


def statement_keyword(tag: str) -> str | None:
    match = STATEMENT.fullmatch(tag.strip())
    return match.group(1) if match else None


def escape(text: str) -> str:
    """Markup-escaped text, with tags left as they are."""
    out: list[str] = []
    pos = 0
    for m in TAG.finditer(text):
        out.append(text[pos:m.start()].translate(_ESCAPE))
        out.append(m.group(0))
        pos = m.end()
    out.append(text[pos:].translate(_ESCAPE))
    return "".join(out)


def attribute(value: str) -> str:
    """A value for a double-quoted attribute: tags kept, their double quotes made single."""
    out: list[str] = []
    pos = 0
    for m in TAG.finditer(value):
        out.append(value[pos:m.start()].translate(_ESCAPE).replace('"', "&quot;"))
        out.append(m.group(0).replace('"', "'"))
        pos = m.end()
    out.append(value[pos:].translate(_ESCAPE).replace('"', "&quot;"))
    return "".join(out)


def has_tags(text: str) -> bool:
    return TAG.search(text.translate(_AUTOCORRECT)) is not None
