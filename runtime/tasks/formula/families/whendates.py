"""Which of a table's date columns a "when did / is <value> <verb>" question asks for: the one
whose header holds the verb ("when is the SEO plan due": Due Date beside Start Date; "when did
Ella come in": Visit Date beside Date of Birth).  The words a verb is said by in a header are
``lexicon/lookups.json`` when_headers (come in: visit); any other verb by its stem (returned:
Returned, join: Join Date)."""

from __future__ import annotations

import re

from ..rowbase import lexicon
from ..schema import Column


def date_of_verb(dates: list[Column], verb: str) -> list[Column]:
    """The date columns whose header holds ``verb`` (one is the answer; none or several: no
    answer, which date is asked is not said)."""
    verb = re.sub(r"\s+", " ", verb.strip().lower())
    words = lexicon("lookups")["when_headers"].get(verb)
    if words is None:
        stem = re.sub(r"(?:ed|d|s)$", "", verb) if len(verb) > 4 else verb
        words = [stem] if len(stem) >= 3 and " " not in stem else []
    return [c for c in dates if any(h.startswith(w) for w in words for h in re.findall(r"[a-z]+", c.header.lower()))]
