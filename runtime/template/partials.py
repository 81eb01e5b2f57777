"""The files a template ``{% include %}``s, read from its package for the layout module.

The module parses and resolves includes (cycles, depth, the ``..`` and
absolute-path refusals, "not in the package", each at its file:line:column);
it cannot read files, so the host hands it the text of every file the
template may include.  The names are found with the same rule the module's
parser uses (``{% include "NAME" %}``, a quoted literal) and followed from
file to file; only names that are safe package paths of existing ``.o3x``
files are read, each under a size cap, so a hostile template can make the
host read nothing outside its package and nothing unbounded.  A name that is
not read here is reported by the module, at its place.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

from ..errors import Location, TemplateError
from .source import unsafe_path_reason

#: the largest included file, and all of them together (the template itself is not counted)
MAX_PARTIAL_BYTES = 1024 * 1024
MAX_PARTIALS_BYTES = 8 * 1024 * 1024
#: included files of one template (the module indexes at most 255 files)
MAX_PARTIALS = 200

#: name -> (text, the name messages show)
Partials = dict[str, tuple[str, str]]


def include_names(text: str) -> list[str]:
    """The quoted names of the ``{% include %}`` tags in ``text``, in order.

    The module reads a tag as ``{%``, optional spaces, the word, then its
    argument; a name with a backslash or an escaped quote is refused there
    (not a package path), so it is not looked for here.
    """
    names: list[str] = []
    at = text.find("{%")
    while at >= 0:
        i = at + 2
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        if text.startswith("include", i) and i + 7 < len(text) and text[i + 7] in " \t\r\n\"'":
            j = i + 7
            while j < len(text) and text[j] in " \t\r\n":
                j += 1
            if j < len(text) and text[j] in "\"'":
                end = text.find(text[j], j + 1)
                if end > j:
                    names.append(text[j + 1:end])
        at = text.find("{%", at + 2)
    return names


def collect_partials(
    entry_text: str,
    files: Iterable[str],
    read_bytes: Callable[[str], bytes],
    display_name: Callable[[str], str],
) -> Partials:
    """Every package file the template includes, directly or through other includes.

    Raises :class:`TemplateError` (``template.include``) when an included file
    is not UTF-8 or the files are over the caps; names that are unsafe or not
    in the package are left to the module, which reports them with their place.
    """
    present = set(files)
    found: Partials = {}
    total = 0
    pending = include_names(entry_text)
    while pending:
        name = pending.pop(0)
        if name in found or not name.endswith(".o3x") or unsafe_path_reason(name) or name not in present:
            continue
        if len(found) >= MAX_PARTIALS:
            raise TemplateError(f"the template includes more than {MAX_PARTIALS} files",
                                where=Location(file=display_name(name)), code="template.include")
        data = read_bytes(name)
        if len(data) > MAX_PARTIAL_BYTES:
            raise TemplateError(f"included file is {len(data)} bytes; the cap is {MAX_PARTIAL_BYTES}",
                                where=Location(file=display_name(name)), code="template.include")
        total += len(data)
        if total > MAX_PARTIALS_BYTES:
            raise TemplateError(f"included files hold more than {MAX_PARTIALS_BYTES} bytes together",
                                where=Location(file=display_name(name)), code="template.include")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise TemplateError(f"included file is not UTF-8 text (byte {err.start})",
                                where=Location(file=display_name(name)), code="template.include") from None
        found[name] = (text, display_name(name))
        pending.extend(include_names(text))
    return found


def include_hint(name: str, files: Iterable[str]) -> str | None:
    """``did you mean 'partials/row.o3x'?`` for a mistyped include name, or None."""
    candidates = [f for f in files if f.endswith(".o3x")]
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.85)  # a shared folder alone is no likeness
    return f"did you mean '{close[0]}'?" if close else None
