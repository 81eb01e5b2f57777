"""Arrays of objects with several properties from bullets or sub-sections (no table).

A memo lists its products as bullets ("- Ward Mini: a bedside dispenser for
one ward, $14,900, 61% margin; features: pill counting, barcode checks") or
as sub-sections (a "### Ward Mini" heading over its text).  Under a section
whose heading names the field (Products), each bullet or sub-section is one
item: its name is the text before the first separator (or the sub-heading),
each number property the number its own words stand by ("61% margin"; a
price is the money amount), a list property the list after its word
("features: …"), and the remaining text property (the required one, else the
first; no other text property or flag is guessed) the first clause with no
number; a ``price_unit`` beside a ``price`` the "per …" words after the amount
("$3,900 per pack" → "per pack").  An item must give every required property but lists (an absent
list is empty, as with a table without that column).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .document import Document, Section
from .extract import _glued, convert, unit_after, unit_children
from .fields import Field
from .spelled import spelled_mentions
from .words import count, find

__all__ = ["pick_records", "priced_bullets"]

_NAME_SEP = re.compile(r"\s*(?::|：|—|–|\s-\s|\()\s*")
_CLAUSES = re.compile(r"\s*(?:[;；,，.。)]|\s-\s)\s*")
_LIST_SPLIT = re.compile(r"\s*(?:,|;|、|，|；|/|\band\b|和|及)\s*")


def _named(s: Section, f: Field) -> bool:
    """``s`` is headed by the field's own words ("Products"; not "Traction" for its quarters)."""
    return bool(s.heading) and count(s.heading.lower(), f.own_words()) > 0


def _records(doc: Document, f: Field) -> list[tuple[str, str]]:
    """(name, text) of every bullet or sub-section under the sections headed about ``f``."""
    out: list[tuple[str, str]] = []
    sections = doc.sections
    for i, s in enumerate(sections):
        if not _named(s, f):
            continue
        out += _bullet_records(s.bullets)
        for para in s.paragraphs:
            out += _sentence_records(doc, para, named=True)
        for sub in sections[i + 1:]:
            if sub.level <= s.level:
                break
            listed = _bullet_records(sub.bullets)
            if listed and len(listed) == len(sub.bullets):
                # "We sell two products today:" over one bullet per product: the bullets are
                # the items, the lead-in line is none
                out += listed
            elif sub.heading and len(sub.heading) <= 40:
                out.append((sub.heading, sub.body()))
    if not out and count(f"{f.key} {f.description}".lower(), ["product", "products", "产品"]):
        out = lead_in_records(doc) or labelled_items(doc, f) or priced_bullets(doc) or _in_order(doc, priced_sentences(doc), common_priced(doc))
    return out


def _in_order(doc: Document, named: list[tuple[str, str]], common: list[tuple[str, str, int]]
              ) -> list[tuple[str, str]]:
    """Items priced under a name and under a common noun, in the document's order."""
    if not common:
        return named
    placed = [(doc.text.find(text), name, text) for name, text in named] + [(w, n, t) for n, t, w in common]
    return [(n, t) for _w, n, t in sorted(placed, key=lambda x: x[0])]


#: a product's name: capitalised words ("Stridekeep Annual", "HullSense", "Railsight")
_PRODUCT_NAME = re.compile(r"(?<![\w'’])([A-Z][\w&+-]*(?: [A-Z][\w&+-]*){0,3})")
#: words between a product's name and its price that say it is one ("Railsight, available from
#: today, is a wayside portal priced at", "YardScan, a camera app, costs", "Thimble Plus, at")
_PRICE_VERB = re.compile(r"\b(?:costs?|priced|sells?|sold|at|for)\s*$|[(:]\s*$|\s[-—–]\s*$"
                         # ("Rainstead Pump One, costs farmers $14 a month": who pays, between)
                         r"|\bcosts?\s+(?:each\s+|every\s+|a\s+|an\s+)?[a-z]+\s*$", re.I)
#: what a price is per, right after its amount ("per site", "a month", "each", "/month", "a panel
#: a month")
_PRICE_CUE = re.compile(r"\s*(?:per\b|an? (?:month|year|week|day|seat|user|unit|visit|trip|test|job)\b|each\b|/\s?[a-z]|"
                        r"an? [a-z]+ (?:a|per) (?:month|year|week|day)\b)", re.I)
#: a sentence about someone else's product or figures: no item of ours
_OTHERS = re.compile(r"\b(?:competitors?|rivals?|incumbents?|compared|versus|vs\.?|alternatives?|raised|raising|"
                     r"revenue|ARR|MRR|market|valuation)\b", re.I)
#: a sentence about a rival ("The incumbent, Clausewise, reported revenue of $41 million")
_RIVAL = re.compile(r"\b(?:competitors?|competing|rivals?|incumbents?|alternatives?)\b", re.I)
#: an English word that opens a sentence or a clause, no product's name
_NO_NAME = {"the", "our", "we", "it", "its", "this", "that", "these", "those", "each", "every", "a", "an", "they",
            "their", "customers", "operators", "users", "plans", "prices", "pricing", "price", "today", "now",
            "in", "on", "at", "for", "with", "and", "but", "so", "then", "yes", "no", "q", "a:", "products",
            "product", "both", "all", "most", "some", "one", "two", "three", "how", "what", "why", "where", "when"}


#: a line that opens on an item's name and a colon ("Silosense Probe: a cable sensor …")
_NAMED_LINE = re.compile(r"[A-Z][\w&+-]*(?: [A-Z][\w&+-]*){0,3}:\s")


def _own_sentences(doc: Document):
    """Every sentence of the document's paragraphs and bullets ("A:" of an answer dropped), but
    those about competitors, revenue or the round: where the company's own items are priced."""
    for s in doc.sections:
        for para in s.paragraphs + s.bullets:
            for sent in doc.sentences(para):
                sent = re.sub(r"^\s*A:\s*", "", sent.strip())
                if not _OTHERS.search(sent):
                    yield sent
        for t in s.tables:
            # ("Silosense Probe: a cable sensor …; $65 per bin per month" read as a two-column table:
            # a line that names an item and describes it, its price after the semicolon)
            for r in [t.header, *t.rows]:
                if len(r) == 2 and _NAMED_LINE.match(r[0]) and not _OTHERS.search(" ".join(r)):
                    yield f"{r[0]}; {r[1]}"


def priced_sentences(doc: Document) -> list[tuple[str, str]]:
    """(name, text) of the items sentences anywhere name and price ("Thimble Plus, at $15 a month,
    covers unlimited hemming", "SaltKiosk, sold as water-as-a-service at $0.02 per litre",
    "Products: Otterline Eye camera ($3,200 each); Otterline Watch ($290 each)"): a name of
    capitalised words (one word only when the document also writes it mid-sentence or it is
    written in CamelCase), then the words that price it, then an amount of money with what it is
    per (or right after "at"); not in a sentence about competitors, revenue or the round."""
    from ..summarize.facts import find_mentions

    cached = getattr(doc, "_priced_sentences", None)
    if cached is not None:
        return cached
    out: list[tuple[str, str]] = []
    for sent in _own_sentences(doc):
        clauses = re.split(r"\s*;\s*|,?\s+and\s+(?=[A-Z])", sent)
        if len(clauses) == 2 and ";" in sent and _NAMED_LINE.match(sent):
            clauses = [sent]  # "Silosense Probe: a cable sensor …; $65 per bin per month": one item's line
        for clause in clauses:
            item = _priced_clause(doc, clause, find_mentions)
            if item is not None and item[0] not in {n for n, _ in out}:
                out.append(item)
    doc._priced_sentences = out  # type: ignore[attr-defined]
    return out


def _priced_clause(doc: Document, clause: str, find_mentions) -> tuple[str, str] | None:
    money = [m for m in find_mentions(clause) if m.currency and not m.percent]
    if len(money) != 1:
        return None
    m = money[0]
    at = m.start
    while at > 0 and clause[at - 1] in "$€£¥":
        at -= 1
    at = re.sub(r"(?:USD|US\$|EUR|GBP)\s*$", "", clause[:at]).__len__()
    head = clause[:at]
    after = re.match(r"\s*(?:USD|EUR|GBP|CHF|dollars|euros|pounds)\b", clause[m.end:])  # "9 USD per user"
    cue = _PRICE_CUE.match(clause, m.end + (after.end() if after else 0))
    best = None
    for n in _PRODUCT_NAME.finditer(head):
        name = n.group(1)
        before = head[:n.start()].rstrip()
        # a name opens the clause, or follows a colon or an appositive's comma ("Ferrovane's
        # first product, YardScan, a camera app, costs"; "a monitoring tablet, the Brinefield Hub,")
        # ("We sell the Vendline Kit at $6 per machine per month": the company's own item, named)
        # ("partners pay Tinnet Fit at $35 per session": the item its buyers pay, named)
        # ("growers moved every room onto the Sporewise Controller ($45 per room per month)": an
        # item named after "the", its price and what it is per in brackets right after it)
        bracketed = re.search(r"\bthe$", before) is not None and re.fullmatch(r"\s*\(\s*", head[n.end():]) is not None
        if before and not before.endswith((":", ",")) and not re.search(r",\s*the$", before) and not bracketed \
                and not re.fullmatch(r"(?:\w+\s+){0,2}?(?:we\s+(?:sell|offer|rent|lease|license)|pays?)"
                                     r"(?:\s+(?:the|our))?", re.split(r"[:：]\s*", before)[-1], re.I):
            continue
        if name.split()[0].lower() in _NO_NAME or (name.isupper() and len(name) <= 5):
            continue
        gap = head[n.end():]
        # ("Our one plan, Copperleaf Pay, is $249 per month": the plan named in apposition, then priced)
        plan_is = re.fullmatch(r",\s*(?:is|are)\s*", gap) is not None and re.search(
            r"\b(?:plan|product|tier|offering|subscription|lease|package|bundle|edition)\s*,$", before, re.I) is not None
        # ("Kerbwise Patrol is $1,150 per vehicle per month", "Poolwarden Probe, the sensor and
        # dosing controller, is $75 per pool per month": a name of two words or more that opens
        # the clause, then "is" and a price with what it is per)
        # (not where a sentence announces how many items there are: "We sell three plans." is
        # read with its count, see lead_in_records)
        plan_is = plan_is or (not before and " " in name and cue is not None
                              and re.fullmatch(r"(?:,\s[^,\d]{1,60},)?\s+(?:is|are)\s+", gap) is not None
                              and _LEAD_IN.search(doc.text) is None)
        # ("Otterbrook Route: ordering and invoicing for farms, $89 per farm per month": a line that
        # opens on the name and a colon, says what it is, then its price and what it is per)
        # (or a longer description, up to a semicolon: "Silosense Probe: a cable sensor hung from the
        # bin roof that reads level every ten minutes; $65 per bin per month")
        line_item = not before and gap.startswith(":") and gap.rstrip().endswith((",", ";")) and cue is not None
        # ("  Fairline Crew      $220 per course per month   work orders …": a line of aligned
        # columns, the name, then its price and what it is per; or its description in a column
        # before the price: "Tumblehaus Route    pickup and delivery app, $149 per store per month")
        line_item = line_item or (not before and re.fullmatch(r"(?: {3,}|\t+)(?:[^\d$€£;:]{1,120},\s*)?", gap) is not None
                                  and cue is not None)

        if re.search(r"\d", gap) or len(gap.split()) > (30 if line_item else 10) \
                or not (_PRICE_VERB.search(gap) or plan_is or line_item):
            continue
        # (or sold "for" it: "We also sell the cooperative a monitoring tablet, the Brinefield Hub, for $240")
        if not cue and not re.search(r"\bat\s*$", gap) and not (
                re.search(r"\bfor\s*$", gap) and re.search(r"\b(?:sell|sells|sold)\b", head[:n.start()], re.I)):
            continue
        camel = re.search(r"[a-z][A-Z]", name)
        labelled = re.search(r"\b(?:products?|plans?|offers?|offering|pricing|tiers?)\s*:$", before, re.I)
        if " " not in name and not camel and not labelled \
                and not re.search(rf"[a-z,;]\s+{re.escape(name)}\b", doc.text):
            continue
        if any(_RIVAL.search(x) for x in re.split(r"(?<=[.!?])\s+", doc.text)
               if re.search(rf"\b{re.escape(name)}\b", x)):
            continue  # "The incumbent, Clausewise, reported ...": someone else's product
        rest = re.sub(r"^\W*costs?\s+(?:each\s+|every\s+|an?\s+)?[a-z]+\s+(?=[$€£])", "", clause[n.end():])
        best = (name, re.sub(r"\s*[()]\s*", ", ", rest).strip(" ,:;.-—–"))
        break
    return best


_PRICED_EN = json.loads(Path(__file__).with_name("priced_en.json").read_text(encoding="utf-8"))
_COUNTED = json.loads(Path(__file__).with_name("counted_en.json").read_text(encoding="utf-8"))
#: (and the people and organisations who pay: "Hospitals pay $6,000 a year per ward")
_NOT_ITEMS = frozenset(_PRICED_EN["not_items"] + _COUNTED["people"] + _COUNTED["organisations"])
_COUNTED_NOUNS = frozenset(_COUNTED["people"] + _COUNTED["organisations"])
#: a clause that prices an item named by a common noun, not a capitalised name ("the camera kit is
#: $2,900 per line", "Our film sells at $3.40 per square metre", "Robot list price $28,000",
#: "software seat $1,200/yr"): the noun (one to three words after the/our/a), the words that price
#: it, the amount right after them
_COMMON_PRICED = re.compile(r"^(?i:(?:and|but|also|while)\s+)?(?i:(?:the|our|a|an|one)\s+)?"
                            r"(?P<name>[A-Za-z][a-z]*(?:-[a-z]+)?(?: [a-z]+(?:-[a-z]+)?){0,2}?)"
                            r"(?P<verb>\s+(?:is|are|costs|sells? (?:at|for)|retails? (?:at|for)|lists at|(?:is|are) priced at|"
                            r"(?:has a )?list price(?: of| is)?)"
                            r"\s+|\s+)(?:about |around |roughly )?(?=[$€£]\s?\d|(?:USD|EUR|GBP)\s?\d|"
                            r"(?<=costs )\d+(?:\.\d+)?\s+cents\b|"
                            # an amount said in words ("the panels are four hundred and fifty dollars each")
                            r"(?<=[a-z] )(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|"
                            r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred)\b[a-z -]{0,40}?\bdollars\b)")
#: an item a buyer agrees to buy at a price (a letter of intent, a purchase order: "PARTNER intends
#: to purchase loggers at $38 per unit and the TideCloud dashboard at $450 per site per month"):
#: the item after the buying verb, or after "the" in the clause that follows it
_BOUGHT_AT = re.compile(r"^(?:[A-Z][\w-]*\s+(?:[a-z]+\s+){0,3}?(?:purchase|purchases|buy|buys|order|orders|"
                        r"license|licenses|licence|licences)\s+|(?:and\s+)?(?i:the|our)\s+)"
                        r"(?P<name>[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}?)\s+at\s+(?=[$€£]\s?\d|(?:USD|EUR|GBP)\s?\d)")
#: a price in cents ("A crate-day costs 12 cents")
_CENTS = re.compile(r"(?<![\d.$€£])(\d+(?:\.\d+)?)\s+cents\b")


def labelled_items(doc: Document, f: Field) -> list[tuple[str, str]]:
    """(name, text) of the items a form row or a note's line labelled as the field gives
    ("Product / service; TideBank 500 (500 kWh container), list price $410K", "- product: Fernwick
    Capture, $149/location/mo; Fernwick Pay add-on (pricing tbd)", "Pricing — Dockmaster: $240 per
    marina per month; Fuel Dock add-on: $60"): one item per ";" piece, named
    by the capitalised words that open it.  English only."""
    if doc.lang != "en":
        return []
    words = f.own_words() + ["product"]
    lines: list[tuple[str, str]] = [(r[0], r[1]) for t in doc.tables for r in t.rows if len(r) == 2]
    for sec in doc.sections:
        for line in sec.bullets + sec.paragraphs:
            # ("Pricing — Arbor Dock: $240 per marina; Fuel Dock add-on: $60": a dash label over
            # items that each have a colon of their own)
            dotted = re.split(r"\s+[·|]\s+", line)
            if len(dotted) >= 3 and len(dotted[0]) <= 30:
                # "PRICING · Plinth Shelf — $89 per camera per month · Plinth Insights — $400 per
                # store per month · Expo special: 20% off": a flyer's label over its priced items
                priced = [p for p in dotted[1:] if _ITEM_PRICED.search(p)]
                if priced:
                    lines.append((dotted[0], "; ".join(priced)))
                    continue
            dash = re.match(r"([^:—–]{1,30}?)\s+[—–]\s+(\S.*)", line)
            head, sep, tail = (dash.group(1), "—", dash.group(2)) if dash else line.partition(":")
            if sep:
                lines.append((head, tail))
    out: list[tuple[str, str]] = []
    for label, value in lines:
        label = label.strip(" *_").lower()
        if not label or len(label) > 30 or not count(label, words) or _OTHERS.search(label):
            continue
        for piece in (x for part in re.split(r"\s*;\s*", value.strip()) for x in _each_priced(doc, part)):
            m = re.match(r"([A-Z][\w&+-]*(?: (?:[A-Z][\w&+-]*|\d+\b)){0,3})", piece.strip())  # "TideBank 500"
            if m is None or m.group(1).split()[0].lower() in _NO_NAME:
                continue
            rest = re.sub(r"\s*[()]\s*", ", ", piece.strip()[m.end():]).strip(" ,:;.-—–")
            if not _ITEM_PRICED.search(rest):
                # "Products; Corvane Close, Corvane Audit Trail", priced in a sentence of their own
                rest = next((t for n, t in priced_sentences(doc) if n == m.group(1)), rest)
            out.append((m.group(1), rest))
    return out


#: where a list of priced items goes on to the next name ("A at $149 per month and B at $59",
#: "A ($18 per hectare), B ($14 per hectare)")
_NEXT_NAME = re.compile(r"(?:,\s+(?:and\s+)?|,?\s+and\s+)(?=[A-Z])")


def _each_priced(doc: Document, piece: str) -> list[str]:
    """``piece`` cut into one part per item where each part names and prices its own, or each is
    a bare name a sentence of the document prices ("Corvane Close, Corvane Audit Trail"), else whole."""
    parts = _NEXT_NAME.split(piece)
    if len(parts) > 1 and all(len(_ITEM_PRICED.findall(p)) == 1 for p in parts):
        return parts
    if len(parts) > 1 and not _ITEM_PRICED.search(piece):
        priced = {n for n, _t in priced_sentences(doc)}
        if all(p.strip(" .") in priced for p in parts):
            return parts
    return [piece]


#: verbs that say who pays, not what is sold ("Hospitals pay $6,000 a year")
_PAYS = frozenset(("pay", "pays", "paid", "spend", "spends", "spent", "charge", "charges", "charged", "earn",
                   "earns", "save", "saves", "saved", "raise", "raised", "owe", "owes", "lose", "loses"))


#: who pays, a price, then the item it is paid for ("Districts pay $9,000 a year for the core
#: plan", "Clinics pay $40 per seat for the scheduler"): the payer (a count noun of
#: ``counted_en.json``) before the amount, the item after "for"
_PAYER = re.compile(r"^(?:(?:the|our|most|all|many)\s+)?(?:[a-z]+(?:-[a-z]+)?\s+)?(?P<payer>[a-z]+)\s+(?:pay|pays)\s+"
                    r"(?:about |around |roughly |only |just )?$", re.I)
_FOR_ITEM = re.compile(r"(?P<per>(?:\s*(?:a|an|per|each)\s+[a-z]+){0,2})\s+for\s+(?:(?:the|our|a|an|its|their)\s+"
                       r"(?P<name>[a-z][a-z-]*(?: [a-z][a-z-]*){0,2}?)"
                       # (or its name: "Districts pay $220 per student per semester for Hollowmoor Small Groups")
                       r"|(?:the\s+)?(?P<proper>[A-Z][\w&+-]*(?: [A-Z][\w&+-]*){1,3}))\.?\s*$")


def _paid_for(clause: str, find_mentions) -> tuple[str, str] | None:
    """(name, text) of an item a clause says its buyers pay a price for (see :data:`_PAYER`)."""
    money = [x for x in find_mentions(clause) if x.currency and not x.percent]
    if len(money) != 1:
        return None
    at = money[0].start
    while at > 0 and clause[at - 1] in "$€£¥":
        at -= 1
    payer = _PAYER.match(clause[:at])
    item = _FOR_ITEM.match(clause, money[0].end)
    if payer is None or item is None or payer.group("payer").lower() not in _COUNTED_NOUNS:
        return None
    name = item.group("name") or item.group("proper")
    words = name.lower().split()
    if any(w in _NOT_ITEMS and w not in _COUNTED_NOUNS or w in _NO_NAME for w in words):
        return None
    return name, (clause[at:money[0].end] + item.group("per")).strip()


def _where(doc: Document, clause: str) -> int:
    """Where ``clause`` (a sentence's words, joined by single spaces) starts in the document's
    text, a hard-wrapped line's break and indent read as a space; -1 where it is not."""
    found = re.search(r"\s+".join(map(re.escape, clause.split())), doc.text)
    return found.start() if found else -1


def common_priced(doc: Document) -> list[tuple[str, str, int]]:
    """(name, text, where) of the items clauses price under a common noun (see
    :data:`_COMMON_PRICED`): one amount of money in the clause, then what it is per ("per line",
    "/yr", "each") unless the verb says it is a price ("list price", "lists at", "sells at"); no
    name that is a figure of the company (``priced_en.json``); not in a sentence about competitors,
    revenue or the round.  English only."""
    from ..summarize.facts import find_mentions

    cached = getattr(doc, "_common_priced", None)
    if cached is not None:
        return cached
    out: list[tuple[str, str, int]] = []
    if doc.lang == "en":
        for sent in _own_sentences(doc):
            for clause in re.split(r"\s*;\s*|,?\s+and\s+(?=(?:the|our|a|an)\s)", sent):
                # "Jonah, adding to yesterday's: the camera kit is $2,900 per line"
                clause = re.sub(r"^[^:]{0,60}:\s+(?=[a-z])", "", clause).strip(" .")
                # "[inaudible] ...the panels are ...": a transcript's gap marks are no words of it
                clause = re.sub(r"^(?:\[[^\]\n]{1,30}\]\s*)?(?:\.{2,}|…)\s*", "", clause)
                paid = _paid_for(clause, find_mentions)
                if paid is not None:
                    if paid[0] not in {n for n, _t, _w in out}:
                        out.append((*paid, _where(doc, clause)))
                    continue
                m = _COMMON_PRICED.match(clause)
                if m is None:
                    bought = _BOUGHT_AT.match(clause)
                    money = [x for x in find_mentions(clause) if x.currency and not x.percent]
                    if bought is not None and len(money) == 1 and _PRICE_CUE.match(clause, money[0].end):
                        name = bought.group("name")
                        words = name.lower().split()
                        if not any(w in _NOT_ITEMS or w in _NO_NAME or w in _PAYS for w in words) \
                                and name not in {n for n, _t, _w in out}:
                            out.append((name, clause[bought.end("name"):].strip(), _where(doc, clause)))
                    continue
                money = [x for x in find_mentions(clause) if x.currency and not x.percent]
                if not money:  # (said in words: a transcript's "four hundred and fifty dollars")
                    money = [x for x in spelled_mentions(clause, "en", []) if x.currency and not x.percent]
                cents = _CENTS.match(clause, m.end())
                if cents and not money and m.group("verb").strip() == "costs":
                    name = m.group("name")
                    words = name.lower().split()
                    if not any(w in _NOT_ITEMS or w in _NO_NAME for w in (words[0], words[-1])) \
                            and name not in {n for n, _t, _w in out}:
                        out.append((name, clause[m.end("name"):].strip(), _where(doc, clause)))
                    continue
                if len(money) != 1 or money[0].start < m.end() - 1 or money[0].start > m.end() + 1:
                    continue
                words = m.group("name").lower().split()
                if any(w in _NOT_ITEMS or w in _NO_NAME for w in (words[0], words[-1])) \
                        or any(w in _PAYS for w in words):
                    continue
                verb = m.group("verb").strip()
                # (what it is per comes after the currency's word: "twenty dollars a panel a month")
                after = money[0].end + len(re.match(r"(?:\s*(?:USD|EUR|GBP|dollars|euros|pounds)\b)?",
                                                    clause[money[0].end:]).group(0))
                if not ("pric" in verb or re.fullmatch(r"lists at|(?:sells?|retails?) (?:at|for)", verb)
                        or _PRICE_CUE.match(clause, after)):
                    continue
                if not verb and not _PRICE_CUE.match(clause, after):
                    continue  # "software seat $1,200/yr": a bare amount needs what it is per
                name = m.group("name")
                if name in {n for n, _t, _w in out}:
                    continue
                where = _where(doc, clause)
                out.append((name, clause[m.end("name"):].strip(), where))
    doc._common_priced = out  # type: ignore[attr-defined]
    return out


#: a product's name before the dash of its bullet ("Starter Kit — three bottles …, $29 one-off")
_BULLET_NAME = re.compile(r"(?:[A-Z][\w&+'-]*)(?: [A-Z][\w&+'-]*){0,3}")


def priced_bullets(doc: Document) -> list[tuple[str, str]]:
    """(name, text) of a section's bullets that are all "Name — text with a price" (two or
    more), under whatever heading ("Our solution" over "- **Starter Kit** — …, $29 one-off")."""
    cached = getattr(doc, "_priced_bullets", None)
    if cached is not None:
        return cached
    out: list[tuple[str, str]] = []
    for s in doc.sections:
        recs = []
        for b in s.bullets:
            parts = re.split(r"\s+[—–]\s+|\s+-\s+", b.strip(), maxsplit=1)
            if len(parts) == 2 and _BULLET_NAME.fullmatch(parts[0]) and (
                    _ITEM_PRICED.search(parts[1]) or _ITEM_PRICED.search(parts[1].lower())):
                recs.append((parts[0], parts[1]))
        if len(recs) >= 2 and len(recs) == len(s.bullets):
            out += recs
    doc._priced_bullets = out  # type: ignore[attr-defined]
    return out


#: "We sell two plans.", "The company offers three products:": how many priced items follow
_LEAD_IN = re.compile(r"\b(?:sell|sells|offer|offers|have|has|make|makes)\s+(two|three|four|2|3|4)\s+(?:[a-z]+\s+)?"
                      r"(?:plans|products|things|tiers|offerings|services|versions|models|packages|subscriptions)\b", re.I)
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
#: between two items of one sentence: "…, and the Kestrel Cloud subscription is …", "; "
_ITEM_SPLIT = re.compile(r"\s*;\s*|,?\s+and\s+(?=(?:the |our )?[A-Z])")
_PRICED = re.compile(r"[$€£¥]\s?\d|\d\s?(?:元|美元|dollars)")


def lead_in_records(doc: Document) -> list[tuple[str, str]]:
    """(name, text) of the priced items a lead-in sentence announces, in the sentences right after
    it ("We sell two plans. Pawcall Basic is $9.99 a month …, and Pawcall Plus is $19.99 a month
    …"), when exactly as many named, priced items follow as it says; none otherwise."""
    cached = getattr(doc, "_lead_in_records", None)
    if cached is not None:
        return cached
    out: list[tuple[str, str]] = []
    for s in doc.sections:
        for para in s.paragraphs + s.bullets:
            sents = doc.sentences(para)
            for i, sent in enumerate(sents):
                m = _LEAD_IN.search(sent)
                if m is None:
                    continue
                colon = sent.find(":", m.end())
                rest = ([sent[colon + 1:]] if colon >= 0 else []) + sents[i + 1:i + 3]
                found = []
                for r in rest:
                    for clause in _ITEM_SPLIT.split(r.strip()):
                        c = re.sub(r"\s*\([^()]*\)", "", clause).strip()
                        if not c:
                            continue
                        item = _SENTENCE_ITEM.match(c[0].upper() + c[1:])
                        if item and _PRICED.search(item.group(2)):
                            found.append((item.group(1), item.group(2)))
                want = _COUNT_WORDS[m.group(1).lower()]
                if len(found) >= want and len({n for n, _ in found[:want]}) == want:
                    out += found[:want]
    doc._lead_in_records = out  # type: ignore[attr-defined]
    return out


def _bullet_records(bullets: list[str]) -> list[tuple[str, str]]:
    """(name, text) of bullets written "Name: text" / "Name - text"."""
    out = []
    for b in bullets:
        parts = _NAME_SEP.split(b, maxsplit=1)
        if len(parts) == 2 and 0 < len(parts[0]) <= 40:
            out.append((parts[0].strip(), parts[1]))
    return out


#: "Pebble Hub is the bedside connector, sold at $2,400 ...": a sentence naming one item
#: (or with what it is between commas: "WrenStrip, the test strip, sells at USD 4 per test",
#: "FieldProbe, the soil-moisture probe: $240 per probe per year")
_SENTENCE_ITEM = re.compile(r"^(?:The |Our )?((?:[A-Z][\w&+-]*|\d+)(?: (?:[A-Z][\w&+-]*|\d+)){0,3})"
                            r"(?: (?:robot|app|service|subscription|platform|plan|product|pack|kit|device))?"
                            r"(?:, (?:the|a|an|our) [^,:;$€£¥]{1,60}?(?:,|(?=:)))?"
                            r"(?: (?:is|costs|sells for|sells at|comes at|at)\b|:)\s*(.+)$")
#: an item's price, or its being free ("is free for health workers": a product with no price)
_ITEM_PRICED = re.compile(r"[$€£¥]\s?\d|\b(?:USD|US\$|EUR|GBP)\s?\d|\d\s?(?:元|美元|dollars)|^free\b")


def _sentence_records(doc: Document, para: str, named: bool = False) -> list[tuple[str, str]]:
    """(name, text) of the sentences of a paragraph that each name one priced item (under a
    heading that names the field, a "Name: what it is" line too, priced or not: "Fouling
    Forecast: the dashboard, included with HullSense")."""
    out = []
    for sent in (c for x in doc.sentences(para) for c in _priced_clauses(x)):
        m = _SENTENCE_ITEM.match(sent.strip())
        if m and (_ITEM_PRICED.search(m.group(2)) or (
                named and sent.strip()[m.end(1):].startswith(": ") and len(doc.sentences(para)) == 1)):
            out.append((m.group(1), m.group(2)))
        elif m is None and doc.lang == "en":
            out += _after_colon_record(sent.strip())
    return out


def _priced_clauses(sent: str) -> list[str]:
    """A sentence that prices one item per clause ("Corvane Close is sold for US$1,200 per entity per
    year; Corvane Audit Trail for US$400"): its clauses, each opening on its item's name; else itself."""
    clauses = re.split(r"\s*;\s*", sent.strip())
    if len(clauses) > 1 and _SENTENCE_ITEM.match(clauses[0]) and all(
            len(_ITEM_PRICED.findall(c)) == 1 and (_SENTENCE_ITEM.match(c) or _ELLIPTIC_ITEM.match(c)) for c in clauses):
        # (the later clauses' verb left out, as the first clause's: "Corvane Audit Trail for US$400")
        return [c if _SENTENCE_ITEM.match(c) else _ELLIPTIC_ITEM.sub(r"\1 is \2", c) for c in clauses]
    return [sent]


#: a clause that names an item and prices it with its verb left out ("Corvane Audit Trail for US$400")
_ELLIPTIC_ITEM = re.compile(r"^((?:[A-Z][\w&+-]*|\d+)(?: (?:[A-Z][\w&+-]*|\d+)){0,3}) ((?:for |at )?(?:US\$|USD ?|EUR ?|GBP ?|[$€£]) ?\d.*)$")


def _after_colon_record(sent: str) -> list[tuple[str, str]]:
    """"The company sells the robot as a service: the Saltmarsh W2 robot at $9,500 per month ...":
    the item named after the colon, with the words before it as its text's last clause."""
    head, sep, tail = sent.partition(": ")
    if not sep or not tail or len(head) > 80:
        return []
    m = _SENTENCE_ITEM.match(tail[0].upper() + tail[1:])
    if m is None or not re.search(r"[$€£¥]\s?\d|\d\s?dollars", m.group(2)):
        return []
    return [(m.group(1), f"{m.group(2).rstrip('.')}; {head}")]


def _number(doc: Document, child: Field, text: str) -> Any:
    from ..summarize.facts import find_mentions

    best = None
    low = text.lower()
    cents = _CENTS.search(text)
    if doc.lang == "en" and cents and "price" in child.key and not [m for m in find_mentions(text) if m.currency]:
        return round(float(cents.group(1)) / 100, 9)  # "costs 12 cents": $0.12
    found = find_mentions(text)
    if doc.lang == "en" and not any(m.currency for m in found):
        # an amount said in words ("four hundred and fifty dollars each"), in a transcript
        found += [m for m in spelled_mentions(text, "en", [(m.start, m.end) for m in found]) if m.currency]
    for m in found:
        if _glued(text, m):
            continue
        value = convert(m, child, doc.lang, text)
        if value is None:
            continue
        a = max(low.rfind(c, 0, m.start) for c in ",;，；(") + 1
        b = min([x for x in (low.find(c, m.end) for c in ",;，；)") if x >= 0], default=len(low))
        score = 3 * count(low[a:b], child.own_words()) + (1.5 if m.currency else 0)
        if score > 0 and (best is None or score > best[0]):
            best = (score, value)
    if best is None:
        return None
    v = best[1]
    if isinstance(v, float):
        v = round(v, 9)
        if v.is_integer():
            v = int(v)
    return v


def _unit(doc: Document, child: Field, text: str, value: Any) -> str | None:
    """The "per …" words after the amount that gave ``value``."""
    from ..summarize.facts import find_mentions

    if value is None:
        return None
    for m in find_mentions(text):
        v = convert(m, child, doc.lang, text)
        if m.currency and v is not None and abs(v - value) < 1e-9:
            code = re.match(r"\s*(?:USD|EUR|GBP|CHF)\b", text[m.end:])  # "9 USD per user"
            return unit_after(text, m.end + (code.end() if code else 0))
    return None


def _list(child: Field, text: str) -> list[str] | None:
    low = text.lower()
    for w in child.own_words():
        spans = find(low, w)
        if spans:
            rest = re.sub(r"^\s*(?::|：|include|includes|including|are)\s*", "", text[spans[0][1]:])
            rest = re.split(r"[.。;；]", rest)[0]
            items = [x.strip() for x in _LIST_SPLIT.split(rest) if x.strip()]
            if items and all(len(x) <= 60 for x in items):
                return items
    return None


def _text(text: str, numbers_and_lists: list[Field]) -> str | None:
    """The first clause of ``text`` with no number and no other property's word."""
    words = [w for c in numbers_and_lists for w in c.own_words() if re.search(r"\w", w)]
    for m in spelled_mentions(text, "en", []):
        if m.currency:  # an amount said in words is a number too ("is twenty dollars a month")
            text = text[:m.start] + "$" + "0" * (m.end - m.start - 1) + text[m.end:]
    for clause in _CLAUSES.split(text):
        c = clause.strip()
        if len(c) >= 3 and not re.search(r"\d", c) and not count(c.lower(), words):
            return c[0].upper() + c[1:] if c[0].isascii() else c
    # every clause holds a number ("the remote nursing service at $9,600 per patient ...",
    # "a 48 V, 10 kWh backup pack ... List price $3,900"): the words before the first price,
    # share or property word
    # (a currency's letters before its sign are the price's too: "US$1,200")
    cut = re.search(r"(?:\b(?:US|AU|A|CA|C|NZ|HK|S))?[$€£¥]\s?\d|\d+(?:\.\d+)?\s?%|\d[\d,.]*\s?(?:USD|EUR|GBP|CHF)\b", text)
    head = text[:cut.start()] if cut else text
    for w in words:
        at = head.lower().find(w.lower())
        if at > 0:
            head = head[:at]
    # (and the verb that prices it: "sells at $3.40 per square metre" has no words of its own)
    trail = r"(?:[\s,;.:-]|\b(?:at|for|with|from|and|list|sold|priced|sells?|costs?|is|are|lists?)\b)+$"
    head = re.sub(trail, "", head.strip(), flags=re.I)
    head = re.sub(trail, "", head, flags=re.I)
    if len(head) >= 3 and not re.search(r"[.!?。]\s", head):
        return head[0].upper() + head[1:] if head[0].isascii() else head
    return None


def pick_records(doc: Document, f: Field) -> tuple[list[dict[str, Any]], str] | None:
    """Rows for ``f`` (an array of objects) from the bullets or sub-sections that list it."""
    names = [c for c in f.children if c.type == "string" and c.key in ("name", "label", "title")]
    if not names or len(f.children) <= 2:
        return None  # one label and one number: fill/lists.py reads those
    name_child = names[0]
    # the one text property the clause fills: the required one, else the first; other text
    # properties (a price's unit) and flags are not guessed from the item's words
    texts = [c for c in f.children if c.type == "string" and c is not name_child]
    text_child = next((c for c in texts if c.required), texts[0] if texts else None)
    others = [c for c in f.children if c is not name_child
              and (c.type in ("number", "integer", "array") or c is text_child)]
    rows: list[dict[str, Any]] = []
    for name, text in _records(doc, f):
        item: dict[str, Any] = {name_child.key: name}
        # numbers and lists first: a text property with no words of its own is empty only
        # when the item gives its figures
        for c in sorted(others, key=lambda c: c.type == "string"):
            if c.type in ("number", "integer"):
                v = _number(doc, c, text)
            elif c.type == "array":
                v = _list(c, text) or ([] if c.required else None)
            else:
                v = _text(text, [o for o in others if o.type != "string"])
                if v is None and c.required and all(
                        o.key in item for o in others if o.required and o.type in ("number", "integer")):
                    # "CareLingo Trust: $40,000 per trust per year, 70% gross margin": priced, with
                    # no words of its own: an empty line, as an absent list is an empty list
                    v = ""
            if v is not None:
                item[c.key] = v
        for unit, number in unit_children(f):  # "$3,900 per pack": the price's unit
            u = _unit(doc, number, text, item.get(number.key))
            if u:
                item[unit.key] = u
        if all(c.key in item for c in f.children if c.required):
            rows.append({c.key: item[c.key] for c in f.children if c.key in item})
    if not rows:
        return None
    heading = next((s.heading for s in doc.sections if _named(s, f)), "")
    if not heading:
        return rows[: f.max_items], "the priced items a sentence announces (\"we sell two plans\")"
    return rows[: f.max_items], f"the items under {heading!r}"


def record_section(doc: Document, f: Field, s: Section) -> bool:
    """Whether ``s`` is (under) a section headed about ``f`` (the guard reads its numbers)."""
    if _named(s, f):
        return True
    i = doc.sections.index(s)
    for prev in reversed(doc.sections[:i]):
        if prev.level < s.level:
            return _named(prev, f)
    return False
