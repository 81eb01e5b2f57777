"""A company's slogan set apart in an English document, for a tagline field: the line the text
names as its slogan ("Our line on every van: Fresh from the farm, cold all the way."), or the
short line a founder's e-mail signature carries under the name and role ("Best, / Ines Okafor /
CEO, Quillfeather Labs / Every word, on the record.").

A slogan is short (two to ten words), has no figure, no address and no colon, and is set apart:
a sentence of the body is no slogan, whatever it says.
"""

from __future__ import annotations

import re

from .document import Document

#: the words that name the line after them as the company's slogan ("Our line, painted on
#: every field van:", "Our motto:", "The strapline on our stand:")
_NAMED = re.compile(r"(?:^|[.!?]\s+)(?:our|the company's|its)\s+(?:line|slogan|motto|tagline|strapline|"
                    r"catchphrase|catch-phrase|one-liner)\b[^:\n.!?]{0,50}:\s*(?P<line>[^\n]+?)\s*$",
                    re.I | re.M)
#: a letter's sign-off line ("Best,", "Thanks as always,", "Kind regards")
_SIGN_OFF = re.compile(r"^(?:best|best regards|best wishes|all the best|cheers|thanks|thank you|many thanks|"
                       r"thanks (?:again|as always)|regards|kind regards|warm regards|warmly|sincerely|"
                       r"yours|yours sincerely|talk soon)\s*[,.!-]?$", re.I)
#: a person's name on a line of its own ("Ines Okafor", "Marcus Delacroix-Obi", "J. Osei")
_PERSON = re.compile(r"^(?:[A-Z][\w'’-]*\.?\s+){1,3}[A-Z][\w'’-]+$")
#: a role in a signature ("CEO, Quillfeather Labs", "Co-founder & CEO", "Founder")
_ROLE = re.compile(r"\b(?:ceo|cfo|cto|coo|founder|co-founder|cofounder|president|managing director|"
                   r"head of [a-z]+|director)\b", re.I)


#: a company's legal name or a place on a signature's last line ("Tallowmere Ltd.", "Leeds, UK.")
_LEGAL = re.compile(r"\b(?:ltd|limited|inc|llc|llp|plc|gmbh|corp|co|s\.?a|b\.?v|uk|usa|us)\.?$", re.I)


def _slogan_like(line: str, limit: int) -> bool:
    """Two to ten words, within ``limit``, no figure, address, link, colon or legal name."""
    words = line.split()
    return (2 <= len(words) <= 10 and len(line) <= limit and not re.search(r"[\d@:/|<>#*]|www\.|https?", line)
            and line[0].isupper() and not _LEGAL.search(line.rstrip(".!")) and not _LEGAL.search(line))


def named_slogan(doc: Document, limit: int) -> tuple[str, str] | None:
    """(slogan, sentence) of the line the text names as its slogan, else None."""
    if doc.lang != "en":
        return None
    for m in _NAMED.finditer(doc.text):
        line = m.group("line").strip().strip("\"“”'‘’").strip()
        if _slogan_like(line, limit) and line.count(".") <= 1 and re.search(r"[.!]?$", line):
            return line, m.group(0).strip()
    return None


def signature_slogan(doc: Document, limit: int) -> tuple[str, str] | None:
    """(slogan, signature) of the short line under a sign-off, a name and a role, else None."""
    if doc.lang != "en":
        return None
    lines = [x.strip() for x in doc.text.splitlines()]
    for i, line in enumerate(lines):
        if not _SIGN_OFF.match(line) or i + 3 >= len(lines):
            continue
        name, role, last = lines[i + 1], lines[i + 2], lines[i + 3]
        if not _PERSON.match(name) or not _ROLE.search(role) or len(role) > 80:
            continue
        line_ok = last.endswith((".", "!")) and last.count(".") <= 1 and _slogan_like(last, limit)
        if line_ok and not _SIGN_OFF.match(last) and not re.match(r"p\.?\s?s\b", last, re.I):
            return last.rstrip(), "\n".join(lines[i:i + 4])
    return None
