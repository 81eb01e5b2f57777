"""A per-row text made of several columns, read from the example the request shows.

"a label like 'Harbour Cafe - Flyers' for each job", "王磊(销售部) 这样", "size like 225/45R17",
"market & short date e.g. Stroud 14 Nov": people show one row's result rather than name the
columns and the separator.  The example is matched against the sheet's own rows: it must be,
for some row, that row's values of two or more columns (a date in one TEXT format, a whole
number as written) with short literals between them, and every row that matches it so must
give the same columns, formats and literals.  Anything else (an example no row makes, or one
two ways make) is not read here.  Vocabulary: ``lexicon/joinshown.json``.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from .rowbase import RowReading, lexicon, quoted, ref
from .schema import Column, SheetSchema, col_index

_MAX_LITERAL = 4
_MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"]


@cache
def _lex() -> dict:
    return lexicon("joinshown")


def _dated(d: dt.date, fmt: str) -> str:
    """``d`` as Excel's TEXT(d, fmt) shows it, for the formats of ``lexicon/joinshown.json``."""
    out = fmt.replace("yyyy", "%Y").replace("mmmm", "%B").replace("mmm", "%b").replace("mm", "%m2")
    out = out.replace("dd", "%d2").replace("m", "%m1").replace("d", "%d1")
    return (out.replace("%Y", str(d.year)).replace("%B", _MONTH_NAMES[d.month - 1])
            .replace("%b", _MONTH_NAMES[d.month - 1][:3]).replace("%m2", f"{d.month:02d}")
            .replace("%d2", f"{d.day:02d}").replace("%m1", str(d.month)).replace("%d1", str(d.day)))


def _renderings(v: object, fmts: list[str]) -> list[tuple[str, str | None]]:
    """(how the cell shows in a joined text, the TEXT format that shows it so or None)."""
    if isinstance(v, bool) or v is None:
        return []
    if isinstance(v, (dt.date, dt.datetime)):
        d = v.date() if isinstance(v, dt.datetime) else v
        return [(_dated(d, f), f) for f in fmts]
    if isinstance(v, float) and v.is_integer():
        return [(str(int(v)), None)]
    if isinstance(v, (int, float)):
        return [(str(v), None)] if isinstance(v, int) else []
    s = str(v).strip()
    return [(s, None)] if s else []


def _literal_ok(lit: str, before: str, after: str) -> bool:
    """A literal between two values: signs and spaces ("-", " / ", "（"), a short word between
    spaces (" to "), or one letter between digits (the R of 225/45R17); never digits."""
    if re.search(r"\d", lit):
        return False
    if not re.search(r"[^\W_]", lit):
        return True
    if re.fullmatch(r"\s+[a-z]{1,3}\s+", lit):
        return True
    return bool(re.fullmatch(r"[A-Za-z]", lit) and before[-1:].isdigit() and after[:1].isdigit())


def _splits(ex: str, cells: list[tuple[Column, list[tuple[str, str | None]]]]):
    """Every way ``ex`` is literals and the rendered cells (each column once), as tuples of
    literals and (letter, format) pieces."""
    out = []

    def walk(pos: int, used: tuple, pieces: tuple) -> None:
        for n in range(0, _MAX_LITERAL + 1):
            at = pos + n
            if at > len(ex):
                break
            lit = ex[pos:at]
            if at == len(ex) and len(used) >= 2 and (not lit or _literal_ok(lit, ex[:pos], "")):
                out.append(pieces + ((lit,) if lit else ()))
            for col, shown in cells:
                if col.letter in used:
                    continue
                for s, fmt in shown:
                    if ex.startswith(s, at) and (not lit or _literal_ok(lit, ex[:pos], s)):
                        walk(at + len(s), used + (col.letter,),
                             pieces + ((lit,) if lit else ()) + ((col.letter, fmt),))

    walk(0, (), ())
    return out


def _examples(request: str) -> list[str]:
    """The results the request shows: quoted strings and the words after "like" / "e.g." / 比如."""
    found = [q for _, q in quoted(request)]
    for m in re.finditer(_lex()["shown_after"], request, re.I):
        rest = request[m.end():]
        cut = re.search(_lex()["shown_end"], rest, re.I)
        said = rest[:cut.start()] if cut else rest
        said = said.strip().strip("\"'“”「」").rstrip(".。")
        if said:
            found.append(said)
            if said.endswith((")", "）")) and said.count("(") + said.count("（") < said.count(")") + said.count("）"):
                found.append(said[:-1].strip())  # "(market then date e.g. Ludlow 7 Nov)": the bracket's
    return found


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """The columns and literals the example shows, joined with &; None unless one reading fits."""
    if not re.search(_lex()["asks"], request.lower()):
        return None
    fmts = _lex()["date_formats"]
    cols = [c for c in schema.columns if c.type in ("text", "mixed", "number", "date")]
    first = min((c.first_row for c in cols), default=0)
    last = max((c.last_row for c in cols), default=-1)
    for ex in _examples(request):
        if len(ex) < 3:
            continue
        found: set[tuple] = set()
        for row in range(first, last + 1):
            cells = [(c, _renderings(schema.cells.get((row, col_index(c.letter))), fmts)) for c in cols]
            cells = [(c, [(s, f) for s, f in shown if s and s in ex]) for c, shown in cells]
            found.update(_splits(ex, [(c, shown) for c, shown in cells if shown]))
        if len(found) == 1:
            return _reading(next(iter(found)), schema, ex)
        if found:
            return None  # two ways to make it: which was meant is not said
    return None


def _reading(pieces: tuple, schema: SheetSchema, ex: str) -> RowReading:
    by_letter = {c.letter: c for c in schema.columns}
    parts = []
    for p in pieces:
        if isinstance(p, str):
            parts.append('"' + p.replace('"', '""') + '"')
        else:
            letter, fmt = p
            r = ref(by_letter[letter])
            parts.append(f'TEXT({r},"{fmt}")' if fmt else r)
    consumed = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", ex)]
    return RowReading("=" + "&".join(parts), f"joined like {ex!r}", consumed)


def said_spans(text: str, template: str) -> list[tuple[int, int]]:
    """The words that ask for a joined label ("label", "in one cell", "then"), read only for a
    template that joins with & (``lexicon/joinshown.json`` said)."""
    if "&" not in template:
        return []
    return [m.span() for pat in (_lex()["said"], _lex()["shown_after"]) for m in re.finditer(pat, text)]
