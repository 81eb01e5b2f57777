"""A LaTeX source read as the document it typesets.

A summary or a memo written in LaTeX and handed over as its source (.tex saved as .txt, or
pasted) carries its markup in the text: ``\\section{Traction}``, ``\\$2.7M``, ``68\\%``, a
``tabular`` whose cells are set apart by ``&`` and whose rows end in ``\\\\``, and ``%`` comments
that the typeset page never shows ("% ARR: \\$1.9M (Q2 draft, superseded)"). Read as it is, the
figures lose their signs, the table is one line and a comment's figure counts as the document's.
Here such a source becomes the Markdown of what it typesets: the title a heading, sections
headings, a tabular's rows ``a; b; c`` rows, list items bullets, comments dropped, escapes
and font commands read as their characters.
"""

from __future__ import annotations

import re

__all__ = ["latex_markdown", "is_latex"]

_MARKERS = re.compile(r"\\documentclass|\\begin\{document\}|\\section\*?\{|\\begin\{(?:itemize|tabular|enumerate)\}")
#: a comment: an unescaped % to the line's end
_COMMENT = re.compile(r"(?<!\\)%.*$", re.M)
_ESCAPES = {r"\$": "$", r"\%": "%", r"\&": "&", r"\_": "_", r"\#": "#", r"\{": "{", r"\}": "}",
            r"\textendash": "–", r"\textemdash": "—", r"\ldots": "…", r"\euro": "€", r"\pounds": "£"}
#: commands whose argument is text in a font or a box ("\textit{Measure the ground truth.}")
_INLINE = re.compile(r"\\(?:text(?:it|bf|sl|sc|tt|rm|sf|up|normal)|emph|underline|mbox|textsuperscript|"
                     r"large|Large|LARGE|small|footnotesize|mathrm)\s*\{([^{}]*)\}")
_HEADING = re.compile(r"^\s*\\(section|subsection|subsubsection|paragraph)\*?\{([^{}]*)\}\s*", re.M)


def is_latex(raw: str) -> bool:
    """Whether ``raw`` is a LaTeX source: a document class or document environment, or two
    sectioning / list / table commands or more."""
    return bool(re.search(r"\\documentclass|\\begin\{document\}", raw)) or len(_MARKERS.findall(raw)) >= 2


def _braced(raw: str, command: str) -> str | None:
    m = re.search(rf"\\{command}\s*\{{((?:[^{{}}]|\{{[^{{}}]*\}})*)\}}", raw)
    return m.group(1) if m else None


def _inline(text: str) -> str:
    for _ in range(3):  # nested font commands
        text = _INLINE.sub(r"\1", text)
    for k, v in _ESCAPES.items():
        text = text.replace(k, v)
    text = text.replace("``", "“").replace("''", "”").replace("---", "—").replace("--", "–")
    text = re.sub(r"(?<!\\)~", " ", text)
    # any other command (\maketitle, \centering, \vspace{1em}, \hfill) sets no text
    text = re.sub(r"\\[A-Za-z]+\*?(?:\[[^\]]*\])?(?:\{[^{}]*\})?", "", text)
    return text.replace("\\\\", " ").replace("{", "").replace("}", "")


def _tabular(body: str) -> str:
    body = re.sub(r"\\(?:toprule|midrule|bottomrule|hline|cline\{[^}]*\}|cmidrule(?:\([^)]*\))?\{[^}]*\})", "", body)
    rows = []
    for row in re.split(r"\\\\(?:\[[^\]]*\])?", body):
        cells = [_inline(c).strip() for c in re.split(r"(?<!\\)&", row)]
        if any(cells):
            rows.append("; ".join(c or "-" for c in cells))
    return "\n\n" + "\n".join(rows) + "\n\n"


def latex_markdown(raw: str) -> str:
    """The Markdown of what the LaTeX source ``raw`` typesets."""
    text = _COMMENT.sub("", raw)
    title = _braced(text, "title")
    date = _braced(text, "date")
    body = text.split("\\begin{document}", 1)[1] if "\\begin{document}" in text else text
    body = body.split("\\end{document}", 1)[0]
    body = re.sub(r"\\begin\{tabular\*?\}(?:\{[^{}]*\})?(?:\{(?:[^{}]|\{[^{}]*\})*\})\s*(.*?)\\end\{tabular\*?\}",
                  lambda m: _tabular(m.group(1)), body, flags=re.S)
    levels = {"section": "##", "subsection": "###", "subsubsection": "####", "paragraph": "####"}
    body = _HEADING.sub(lambda m: f"\n{levels[m.group(1)]} {_inline(m.group(2)).strip()}\n\n", body)
    body = re.sub(r"^\s*\\item(?:\[([^\]]*)\])?\s*", lambda m: f"- {m.group(1) + ': ' if m.group(1) else ''}", body,
                  flags=re.M)
    body = re.sub(r"\\(?:begin|end)\{[^{}]*\}", "\n", body)
    lines = [_inline(x).rstrip() for x in body.split("\n")]
    head = []
    if title:
        head.append("# " + _inline(title.split("\\\\")[0]).strip())
    if date and _inline(date).strip():
        head.append("Date: " + _inline(date).strip())
    out = "\n\n".join(head) + "\n\n" + "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", out).strip() + "\n"
