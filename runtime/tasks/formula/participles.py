"""A column headed by a past participle, named by its verb: "what did Paula claim" (Claimed),
"packaging date of batch B-215" (Packaged), "collection date for job 117" (Collected), "how
much did we request on ref 02139" (Requested), "what did we invoice for J575" (Invoiced).

Sheets head a figure or a date by what was done (Claimed, Invoiced, Packaged, Collected);
people ask with the verb (claim, invoice), its -ing or -ion noun (packaging, collection), and
often "date" / "amount" after it.  :func:`said_as_headers` writes such a word as the header so
the lookup readers, which match headers, read it; the lookup is then read again.

Only a one-word header ending in "ed" over numbers or dates, and a form that no other header
holds and that is not already part of a header the request names.
"""

from __future__ import annotations

import re

from .schema import SheetSchema

#: the word after the verb that only says which kind of column ("claim amount", "packaging date")
_KIND = {"date": r"\s+date", "number": r"\s+(?:amount|value|figure|total|sum)"}


def _forms(header: str) -> set[str]:
    """claim, claims, claiming for Claimed; package, packaging for Packaged; collect, collection."""
    bases = {header[:-2], header[:-1]}  # claim(ed), invoice(d)
    if re.search(r"([b-df-hj-np-tv-z])\1ed$", header):
        bases.add(header[:-3])  # fit(ted)
    out = set()
    for b in bases:
        if len(b) < 4:
            continue
        out |= {b, b + "s", b + "ing", b + "ion", b.removesuffix("e") + "ing", b.removesuffix("e") + "ion"}
    return out - {header}


def said_as_headers(text: str, schema: SheetSchema) -> str | None:
    """``text`` (lower case) with each verb form of a participle header written as the header,
    and the header said with its kind ("collected date") as the header alone; None when
    there is none."""
    heads = [c.header.strip().lower() for c in schema.columns]
    out = text
    for col in schema.columns:
        head = col.header.strip().lower()
        if col.type not in _KIND or not re.fullmatch(r"[a-z]{5,}ed", head):
            continue
        kind = _KIND[col.type]
        forms = [f for f in _forms(head) if not any(f in h for h in heads if h != head)]
        if forms:
            pat = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(map(re.escape, forms), key=len, reverse=True))
                             + rf")(?![a-z])(?:{kind})?")
            found = list(pat.finditer(out))
            if len(found) == 1:
                out = out[:found[0].start()] + head + out[found[0].end():]
        out = re.sub(rf"(?<![a-z]){head}{kind}(?![a-z])", head, out)
    return out if out != text else None
