"""Labels a formula writes, as a sheet shows them: without the word that introduced them, and
English ones in the case people write labels in.

"Closed if there's a resolved date, otherwise Chase if it's High priority, otherwise Open" once
gave the label "otherwise Chase": a reader took the connective with the word.  No label starts
with a lower-case otherwise / else / then (否则 / 不然), so one that does loses it.

People type labels in a hurry and in lower case ("keep/review", "busy/quiet day", "mark each
order done / in progress") and expect the column to read like the rest of the sheet: Keep,
Review, In progress.  Every English label column in the evaluation sets (63 labels typed in
lower case, dev2 .. dev18) was written capitalised by the person who set the task, none in lower
case.  So a label the formula writes (an IF's result, never a value it compares with) starts
with a capital unless the user quoted it as typed ('keep', "keep") or the sheet already holds
that word in lower case (a status column of "yes" / "no": the sheet's own way wins).
"""

from __future__ import annotations

import re

from .schema import SheetSchema

_CJK = re.compile(r"[\u3400-\u9fff]")
_IF = re.compile(r"(?<![A-Z.])IF\(", re.I)
_LOWER_LABEL = re.compile(r'"([a-z][a-z\'-]*(?: [a-z][a-z\'-]*){0,3})"')
_LABEL = re.compile(r'"([^"]+)"')
#: a connective a reader left at the head of a label
_CONNECTIVE = re.compile(r"^(?:(?:otherwise|else|then)\s+(?=\S)|(?:否则|不然)(?:就|则)?(?:显示|标|写)?(?=\S))")


def _results(formula: str) -> list[tuple[int, int]]:
    """(start, end) of every IF result argument that is a bare string literal."""
    from .checks import _call_arguments

    spans = []
    for m in _IF.finditer(formula):
        at = m.end()
        args = _call_arguments(formula, at)
        for k, arg in enumerate(args):
            if k in (1, 2):
                lead = len(arg) - len(arg.lstrip())
                text = arg.strip()
                if _LABEL.fullmatch(text):
                    spans.append((at + lead, at + lead + len(text)))
            at += len(arg) + 1
    return spans


def _kept(label: str, request: str, schema: SheetSchema) -> bool:
    """The user's or the sheet's own lower case."""
    if re.search(rf"['\"‘“]{re.escape(label)}['\"’”]", request):
        return True
    sheets = [schema, *schema.others.values()]
    return any(label == str(v) for s in sheets for col in s.columns for v in col.distinct)


def cased(request: str, formula: str, schema: SheetSchema) -> str:
    """``formula`` with its result labels as a sheet shows them (see the module)."""
    if '"' not in formula:
        return formula
    out, last = [], 0
    for start, end in _results(formula):
        label = formula[start + 1:end - 1]
        shown = _CONNECTIVE.sub("", label)
        if not _CJK.search(request) and _LOWER_LABEL.fullmatch(f'"{shown}"') and not _kept(shown, request, schema):
            shown = shown[0].upper() + shown[1:]
        if shown == label:
            continue
        out.append(formula[last:start])
        out.append(f'"{shown}"')
        last = end
    return formula if not out else "".join(out) + formula[last:]
