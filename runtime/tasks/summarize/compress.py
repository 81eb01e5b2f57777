"""Sentence compression for tight budgets: drop what a summary reader can miss.

When a summary has fewer characters than its best sentences need, every
character spent on an aside is one not spent on a fact.  The cuts are the
ones a sub-editor makes and that keep a sentence grammatical: a bracketed
aside, an age or title between commas ("Leon Yeaman, 55, was…"), a trailing
attribution (", police said", ", according to the report"), an opening
connective ("But", "However,", "In particular,", "In this paper,"), an aside
between dashes ("the weasel -- known as X -- flew"), a ", which …" clause, and
a title after the name a sentence opens with ("Smith, the former minister,
said" -> "Smith said").  Only whole asides are cut and nothing is added, so the
result is still the article's words in its order.  Numbers, names and negations stay, so the
faithfulness of an extractive summary is unchanged.
"""

from __future__ import annotations

import re

# an aside in brackets after a space and before a space or mark: a bracket glued to a word
# is part of it ("collect(rain)water", "(Coaches) Alan" opening a quote) and stays
_EN_PAREN = re.compile(r"\s+\((?![^()]*\d{4}\))[^()]{1,80}\)(?=[\s.,;:!?\"'”’]|$)")
_EN_AGE = re.compile(r",\s*\d{1,3},(?=\s)")
_EN_ATTRIB = re.compile(
    r",\s*(?:(?:according to|police said|officials said|sources said|reports said)"
    r"[^,.;]{0,60}|(?:[\w.-]+(?:['’]\w+)?\s+){1,4}(?:said|says|told [^,.;]{0,40}|added|reported)"
    r"(?:\s+on\s+\w+day|\s+yesterday|\s+today)?)(?=[.!?]?[\"'”’]?$)"
)
_EN_LEAD = re.compile(r"^(?:But|However|Meanwhile|And|Also|Still|Now),?\s+(?=[a-zA-Z])")
# a non-restrictive ", which …" clause, ended by a comma or the sentence end (no quote,
# bracket or clause mark inside: a nested aside is left whole)
_EN_WHICH = re.compile(r",\s+which\s+[^,;:\"“”()]{3,90}?(?:,(?=\s)|(?=[.!?]$))")
# an aside between two dashes: "the weasel -- known as X -- flew"
_EN_DASH = re.compile(r"\s+(?:--|—|–)\s+[^-—–\"“”]{3,80}?\s+(?:--|—|–)(?=\s)")
# "Smith, the former minister, said": a title after the (up to four-word) name the sentence
# opens with, followed by the verb; not after an opening phrase ("In Paris, the mayor, …")
# and not in a list ("Smith, the mayor, and Jones")
_EN_APPOS = re.compile(
    r"^(?!(?:In|On|At|By|As|If|So|To|Then|Now|When|After|Before|For|With|From|But|And)\b)"
    r"((?:[A-Z][\w.'-]*\s+){0,3}[A-Z][\w'-]*[a-z]),\s+(?:a|an|the)\s+[^,;:\"“”()]{3,70}?,"
    r"\s+(?=[a-z])(?!(?:and|or)\b)")
# a sentence adverb or connective phrase before a comma: the reader of a summary
# does not need the link to the sentence before ("In particular, …", "In this paper, we …")
_EN_CONNECTIVE = re.compile(
    r"^(?:Unfortunately|Fortunately|Additionally|Moreover|Furthermore|Consequently|Importantly|"
    r"Interestingly|Surprisingly|Ultimately|Similarly|Specifically|Notably|Indeed|Nevertheless|"
    r"Nonetheless|Likewise|Besides|Thus|Therefore|Hence|Instead|Overall|Finally|Sadly|Tragically|"
    r"Luckily|Thankfully|Apparently|Clearly|Obviously|Of course|In particular|In addition|In fact|"
    r"In contrast|In turn|In other words|On the other hand|At the same time|As a result|After all|"
    r"More precisely|More specifically|More importantly|To this end|"
    r"In this (?:paper|work|study|article)),\s+(?=[a-zA-Z])")
_ZH_PAREN = re.compile(r"[（(][^（()）]{1,30}[）)]")


def compress(sentence: str, lang: str) -> str:
    """``sentence`` without its asides; the original when nothing is safe to cut."""
    if lang == "zh":
        out = _ZH_PAREN.sub("", sentence)
        return out if len(out) >= 6 else sentence
    out = _EN_PAREN.sub("", sentence)
    out = _EN_AGE.sub("", out)
    out = _EN_ATTRIB.sub("", out)
    out = _EN_WHICH.sub("", out)
    out = _EN_DASH.sub("", out)
    out = _EN_APPOS.sub(r"\1 ", out)
    lead = _EN_LEAD.match(out) or _EN_CONNECTIVE.match(out)
    if lead:
        rest = out[lead.end():]
        out = rest[:1].upper() + rest[1:]
    out = re.sub(r"\s{2,}", " ", out).strip()
    return out if len(out.split()) >= 4 else sentence
