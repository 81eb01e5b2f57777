"""Grounding where the lexicon ends, measured by taking the synonym lexicon away.

formula-dev2's synonyms ("revenue", "营业额", "qty") were added to the lexicon
after reading its failures, so on dev2 the rules seldom meet a column word they
do not know, and grounding by the model (``ground.py``) has little to do there.
A fresh request set will use words the lexicon lacks.  This script simulates
that: it empties the column synonym groups (``lexicon/columns.json``) and the
readers' glossaries, so a request's synonym is a word no rule knows and only the
sheet's real headers and values remain, then runs ``bench/eval_formula.py``
with the same arguments (``--method rules`` for the rules alone, ``--method auto
--model M --trust`` for rules + grounding).  The figures are in-sample and about
a lexicon-poor reader, not the product's accuracy.

    python bench/eval_formula_ablated.py --data bench/data/formula-dev2 --part tune --method rules
"""

from __future__ import annotations

import sys
from pathlib import Path


def ablate() -> None:
    """Empty every column synonym list the readers consult (in this process only)."""
    import o3local.tasks.formula as pkg
    from o3local.tasks.formula import annotate, rowbase, rules

    real = rowbase.lexicon

    def lexicon(name: str) -> dict:
        doc = real(name)
        if name == "columns":
            doc = {**doc, "groups": []}
        return doc

    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith(pkg.__name__) and getattr(mod, "lexicon", None) is real:
            mod.lexicon = lexicon
    for table in (annotate.GLOSSARY, annotate.EN_SYNONYMS, rules._GLOSSARY, rules._EN_SYNONYMS):
        table.clear()


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import eval_formula

    from o3local.tasks.formula import (  # noqa: F401
        aggregates,
        compose,
        ground,
        lookups,
        rowdates,
        rowlabels,
        rows,
        rowtext,
    )

    ablate()
    print("(synonym lexicon emptied: bench/eval_formula_ablated.py)")
    return eval_formula.main(argv)


if __name__ == "__main__":
    sys.exit(main())
