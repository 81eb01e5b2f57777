"""A person's own details said the way people ask for them: "what's Rita's number", "number
for Oliver?", "what number have we got for Rosie?", "email for Sam Cole".

"number" alone names no column (it may be any count or code), but said of a person (a value of
the sheet's column of people) it is their phone number, the way "Rita's number" is said aloud.
The word is read from ``lexicon/lookups.json`` contact_words (the contact column group it names);
a person on several rows (a log of their visits) is answered only where every row of theirs
gives the same text.  A parent's number ("Evie's mum's number", "parent phone for Zara Wood") is
the phone column whose header says it is the parent's (``lookups.json`` parent_words).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..annotate import Tok, col_type
from ..rowbase import group_of, lexicon
from .base import Ctx, ci, lookup_tok, person_col, piece, rule

_CONTACT = lexicon("lookups")["contact_words"]
_CONTACT_RE = "|".join(sorted(_CONTACT, key=len, reverse=True))  # plain words: a space is any space
_PARENT = "|".join(lexicon("lookups")["parent_words"])
#: what is said between the contact word and the person: "have we got for", "do we have on file for"
_HELD = r"(?:have we got|have we|do we have|do i have|have i got|is there|is on file|have we on file|do we have on file)"

#: what may come before a contact word that opens the phrase: nothing, or a question's words
_OPENS = re.compile(r"(?:^|[,;:(]|(?<![a-z])(?:what's|whats|what|is|get|show|find|give me|need|want|"
                    r"look up|and|the|a))\s*$")


@rule(rf"<V> 's (?:(?P<p>{_PARENT})(?: 's|')? )?(?P<n>{_CONTACT_RE})(?![a-z])(?! of)",
      rf"(?:the |a )?(?:(?P<p2>{_PARENT})(?: 's|')? )?(?P<n2>{_CONTACT_RE})\.? for <V> (?:'s (?P<p3>{_PARENT}))?",
      rf"what (?P<n3>{_CONTACT_RE}) {_HELD} for <V>",
      rf"<V> 's (?P<p4>{_PARENT})(?: 's|')? <C>", rf"<C> (?:for|of) <V> 's (?P<p5>{_PARENT})", order=312,
      examples=(('Member-Phone-Plan', "what's Rita Sousa's number", '=INDEX(B2:B4,MATCH("Rita Sousa",A2:A4,0))'),
                ('Member-Phone-Plan', 'number for Omar Haddad?', '=INDEX(B2:B4,MATCH("Omar Haddad",A2:A4,0))')))
def _persons_contact(ctx: Ctx, m: re.Match, t: list[Tok]) -> Tok | None:
    # the phone (email) column of the person's row; only a person has a number said this way
    # ("Gold's number" on a plans sheet is no phone)
    key = next(x for x in t if x.kind == "v")
    people = person_col(ctx)
    if people is None or people not in key.cols:
        return None
    gd = m.groupdict()
    if (gd.get("n2") or gd.get("n3")) and not _OPENS.search(m.string[:m.start()]):
        return None  # "room number for Tanaka", "ticket no. for Mia": a number of the row, not a phone
    named = next((x.col for x in t if x.kind == "c"), None)  # "Evie's mum's <Parent Phone>"
    res = named or group_of(ctx.schema, _CONTACT[gd.get("n") or gd.get("n2") or gd["n3"]])
    if res is None or res is people or res not in ctx.table_of(people):
        return None
    parent = any(gd.get(g) for g in ("p", "p2", "p3", "p4", "p5"))
    if parent and not re.search(rf"(?<![a-z])(?:{_PARENT})", res.header.lower()):
        return None  # "Evie's mum's number" beside Evie's own phone: not hers
    key = replace(key, col=people, cols=(people,))
    rows = range(people.first_row, people.last_row + 1)
    said = [ctx.schema.cells.get((r, ci(res.letter))) for r in rows
            if ctx.schema.cells.get((r, ci(people.letter))) == key.value]
    if len(said) > 1 and len({str(v).strip() for v in said}) == 1 and said[0] is not None:
        # a log of the person's visits, one phone on every row: the first row's is theirs
        return piece(f"INDEX({res.range},MATCH({key.text},{people.range},0))", col_type(res),
                     f"looks up {res.header} where {people.header} = {key.what or key.text}")
    return lookup_tok(ctx, res, key)
