"""Names from the document: a company's name, and lists of names (partners, customers).

A company is named by a ``Name:`` line, the memo's title (without "seed
memo", "Investor memo:" and the like), a Chinese company suffix, or the
subject of its founding sentence; a list of names by a label line, the
bullets of a section headed about it, the words after the field's own word,
or the capitalised names after "with" in a passage about it.
"""

from __future__ import annotations

import re

from .document import POST_HEAD, Document
from .extract import Answer, _count, _heading_names, _label_value, section_for
from .fields import PLACES, Field
from .words import find

__all__ = ["pick_name", "pick_names"]


_LIST_SPLIT = re.compile(r"\s*(?:,|;|、|，|；|\band\b|和|及|与)\s*")


def pick_names(doc: Document, f: Field) -> Answer | None:
    lv = _label_value(doc, f)
    if lv:
        names = [n.strip() for n in _LIST_SPLIT.split(lv[0]) if n.strip()]
        if names:
            return Answer(names[: f.max_items], lv[1], [])
    s = section_for(doc, f, min_score=3.5)
    if s is not None and s.bullets and _count(s.heading.lower(), f.own_words()):
        # the bullets under a heading about the partners ("Partners" over "- Huayue Fresh"), not
        # a bullet that only mentions some under "China" ("- Shanghai pilot with two local partners")
        return Answer(s.bullets[: f.max_items], s.heading, [f"from section {s.heading!r}"])
    own = f.own_words()
    for sent in doc.sentences():
        low = sent.lower()
        for w in own:
            spans = find(low, w)
            if not spans:
                continue
            rest = sent[spans[0][1]:]
            rest = re.sub(r"^\s*(?:are|include|including|is|(?:together )?with|:|：|包括|有|为|是)\s*",
                          "", rest)
            rest = re.split(r"[。！？]|[.!?](?=\s|$)", rest)[0]
            parts = [n.strip(" ：:") for n in _LIST_SPLIT.split(rest) if n.strip(" ：:")]
            names = _without_asides(parts, own)
            said = _COUNT.search(low[:spans[0][0]])
            if said and _NUMBER_WORDS.get(said.group(1), said.group(1)) != str(len(names or ())):
                continue  # "two partners: A, our distributor, and B, which ..." must give two
            if names and 1 <= len(names) <= f.max_items:
                return Answer([_name_end(n) for n in names], sent, [])
    return _names_with(doc, f)


_NUMBER_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}
#: "with two partners": how many names the sentence says it lists
_COUNT = re.compile(r"\b(two|three|four|five|six|[2-6])\s+(?:\w+\s+)?$")


#: how an aside after a name opens ("our distributor", "which will run the pilot")
_ASIDE_START = re.compile(r"(?:which|who|whose|our|its|their|a|an|the|based|headquartered|one of|"
                          r"part of|owned by|backed by)\b")


#: a name's other-language form in brackets after it ("Zhejiang Keqiao Lanyin Dyeing Group
#: (浙江柯桥蓝印染整集团)", a bilingual memo's): no part of the English name
_TRANSLATED = re.compile(r"\s*[（(][^()（）]*[\u4e00-\u9fff][^()（）]*[)）]")


def _without_asides(parts: list[str], roles: list[str] | tuple[str, ...] = ()) -> list[str] | None:
    """The names of a list whose names may each have an aside after them ("Suzhou Meiqi
    Medical, our distributor, and Shanghai Renai Hospital Group, which will run the pilot"):
    an aside (``_ASIDE_START``) may follow a name; anything else makes it no list ("A second
    partner, Zhongke Remote Sensing, will process the data" is a sentence, not a list). A name
    may also come after its role, one of ``roles`` ("and the distributor Hangzhou Qingliu
    Environmental"), and have its Chinese form in brackets after it."""
    names: list[str] = []
    for n in parts:
        if re.match(r"[A-Za-z]", n):
            n = _TRANSLATED.sub("", n).strip()
        role = re.match(r"(?:the|our|its|their|a)\s+((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)\s+(?=[A-Z])", n)
        if role and any(role.group(1) == w or role.group(1).endswith(" " + w) for w in roles):
            n = n[role.end():]
        if _is_name(n):
            names.append(n)
        elif not (names and _ASIDE_START.match(n)):
            return None
    return names


_NAME_EN = r"[A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|of|&|de|la|and(?=\s+[A-Z][\w&.'-]*\s+[A-Z])))*"
_WITH_EN = re.compile(rf"\b(?:together with|partnering with|alongside|with)\s+({_NAME_EN}"
                      rf"(?:\s*,\s*{_NAME_EN})*(?:\s*,?\s+and\s+{_NAME_EN})?)")
_WITH_ZH = re.compile(r"(?:与|携手|联合)([\u4e00-\u9fffA-Za-z]{2,20}(?:[、和及与][\u4e00-\u9fffA-Za-z]{2,20})*)"
                      r"(?:合作|共同|签约|达成|建立)")


_ABBREVIATIONS = ("Co.", "Inc.", "Ltd.", "Corp.", "Bros.", "St.", "Jr.", "S.A.", "N.V.")


def _name_end(n: str) -> str:
    """A name without the sentence's full stop ("Wuhan Home Group." -> "...Group"; "Co." stays)."""
    return n[:-1] if n.endswith(".") and not n.endswith(_ABBREVIATIONS) else n


def _is_name(n: str) -> bool:
    """A proper name: capitalised (English) or Chinese, at most 60 characters."""
    return 0 < len(n) <= 60 and (n[0].isupper() or "\u4e00" <= n[0] <= "\u9fff")


def _names_with(doc: Document, f: Field) -> Answer | None:
    """Partners named after "with" in a sentence about the field's parent ("We launch in
    China on 2026-12-01 together with Hangzhou Property Services and Wuhan Home Group";
    "与苏州医疗器械公司、成都西部医院集团合作")."""
    words = f.words()
    about = [(sent, _heading_names(s, f)) for s in doc.sections for sent in doc.sentences(s.body())]
    for sent, headed in about:
        if not headed and not _count(sent.lower(), words):
            continue
        m = _WITH_EN.search(sent) or _WITH_ZH.search(sent)
        if m is None:
            continue
        names = [_name_end(n.strip()) for n in re.split(r"\s*(?:,\s*and\s+|,|\band\b|、|和|及|与)\s*",
                                                        m.group(1)) if n.strip()]
        if 1 <= len(names) <= f.max_items and all(_is_name(n) for n in names):
            return Answer(names, sent, ["names after 'with' in a sentence about it"])
    return None


_ZH_DOC_WORDS = re.compile(r"(?:融资|投资者|投资人|项目)?(?:备忘录|商业计划书|计划书|路演(?:材料|文稿)?|简介|介绍)$")
_COMPANY_ZH = re.compile(r"[\u4e00-\u9fff]{2,16}(?:股份有限公司|有限责任公司|有限公司|集团|公司)")
_DOC_WORDS = re.compile(r"(?:(?:investor|seed|series [a-e]|funding|fundraising|company|pitch|board|(?:due[- ])?diligence|"
                        r"quarterly|team|slack|whatsapp|group|compliance|covenant|tender offer|officer'?s)\s+)*"
                        # (a lender's or a shareholder's paper: "Compliance Certificate", "Tender Offer Notice")
                        r"(?:memo|memorandum|pitch|deck|update|overview|one-pager|certificate|notice|announcement|circular|"
                        r"chat export|chat log|chat|export|thread|"
                        r"summary|brief|notes?|letter|transcript|minutes|programme|program|agenda|meeting|intro|introduction|"
                        r"questionnaire|application|application form|profile|fact ?sheet|teaser|checklist|tracker|"
                        r"data[ -]room(?: index)?|letter of intent|term sheet|loi)\b", re.I)
_TITLE_TAIL = re.compile(r"\s*(?:(?:[—–:|(（]|-(?!\w))\s*.*|\s+(?:investor|pitch|company|seed|series)\b.*)$", re.I)


#: a company named as a sentence's subject: "Northloop Freight is a ...", "Kestrel Robotics
#: builds ...", "Fernhill Analytics gives ..."
_SUBJECT = re.compile(r"(?:^[ \t]*(?:(?:[-*•]|[\u2600-\u27bf\U0001f300-\U0001faff]\ufe0f?)\s+)?|(?<=[.!?:] ))[\"“]?"
                      r"((?:[A-Z][\w&'-]* +){0,3}[A-Z][\w&'-]*)"
                      r"(?: +\([^()\n]{1,40}\))? +(?:is|was|were|are|uses|"
                      r"has|builds|makes|gives|provides|offers|sells|develops|helps|runs|turns|lets|"
                      r"connects|designs|operates|brings|does|automates|produces|manufactures|puts|delivers|"
                      r"ships|schedules|matches|tracks|powers|teaches|trains|supplies|installs|rents|lends)\b", re.M)
#: the verbs of a company's own line of business ("Quillmate helps law firms ..."), not of any
#: sentence's subject ("Feed is 50% of costs")
_TRADE_VERB = re.compile(r"\s+(?:\([^()\n]{1,40}\)\s+)?(?:builds|makes|provides|offers|sells|develops|helps|"
                         r"designs|operates|does|automates|produces|manufactures|puts|delivers|ships|"
                         r"schedules|matches|tracks|powers|teaches|trains|supplies|installs|rents|lends)\s+[a-z]")
#: a name defined by what follows it in notes or a chat ("... pls check. Ravelin Grid: battery
#: swapping for e-scooter fleets", "- what: Fernwick = AP automation for ..."): not a chat's sender
#: at a line's start ("Priya Nair: ok")
_DEFINED = re.compile(r"(?<=[.!?] )((?:[A-Z][\w&'-]* +){0,3}[A-Z][\w&'-]*):\s+(?=[a-z]+\s+[a-z])"
                      r"|(?:^(?:[-*•]\s+)?|(?<=[.!?:] ))((?:[A-Z][\w&'-]* +){0,3}[A-Z][\w&'-]*)\s+=\s+(?=\w)", re.M)
#: a company named by who works there or who started it ("it's Priya from Mossgate Labs", "When
#: Delphine Acosta started Trayline in May 2020")
_FROM_OR_STARTED = re.compile(r"\b(?:it's|this is|I'm)\s+[A-Z][\w'-]+\s+from\s+((?:[A-Z][\w&'-]*\s){0,2}[A-Z][\w&'-]*)\b"
                              r"|\b(?:started|founded|co-founded)\s+([A-Z][\w&'-]*(?:\s[A-Z][\w&'-]*){0,2})\s+in\s+"
                              r"(?:(?:19|20)\d\d|[A-Z][a-z]+\s+(?:19|20)\d\d)\b")
_NOT_NAMES = frozenset({"we", "our", "the", "this", "it", "they", "he", "she", "i", "you", "there",
                        "a", "an", "that", "these", "those", "each", "every", "all",
                        # a heading's question ("What Merrowfield does")
                        "what", "how", "why", "who", "where", "when", "which"})
_SUBJECT_LINE = re.compile(r"^(?:subject|re|fwd|fw)\s*:\s*", re.I)


#: someone's role at the company just before its name: "(CEO, Cindervale)", "founder of Pipwick"
_ROLE_AT = re.compile(r"\b(?:CEO|CFO|CTO|COO|CPO|[Ff]ounder|[Cc]o-?founder|[Mm]anaging [Dd]irector|[Cc]hair(?:man|woman)?)"
                      r"(?:,| of| at)\s$")


#: a signature line: a person's name and their role ("Dana Whitcombe, CFO", "Ines Varga — Founder & CEO")
_SIGNATURE = re.compile(r"(?:[A-Z][\w.'-]*\s+){1,3}[A-Z][\w'-]+\s*(?:,|[—–-]|\|)\s*(?:[A-Z][\w&/ -]{0,30}?\s)?"
                        r"(?:CEO|CFO|CTO|COO|CPO|CRO|[Ff]ounder|[Cc]o-?founder|[Pp]resident|[Cc]hair(?:man|woman|person)?|"
                        r"[Mm]anaging [Dd]irector|[Dd]irector)(?:\s*(?:&|/|,|\band\b)\s*[\w&/ ,.-]{1,40})?")
_ROLE_NAME = re.compile(_ROLE_AT.pattern[:-1] + r"((?:[A-Z][\w&'-]*\s){0,2}[A-Z][\w&'-]*)\b(?!\s[A-Z])")


#: a company's legal suffix at a name's end ("PLUMBLINE ROBOTICS LTD", "Acme, Inc.")
_SUFFIX_TAIL = re.compile(r",?\s+(?:Inc|Ltd|LLC|Corp|Co|GmbH|Limited|PLC|AB|AG|SA|BV|NV|Oy|AS)\.?$", re.I)


def _recurring_name(doc: Document) -> Answer | None:
    """The company a memo is about: the capitalised name that is a sentence's subject, the
    e-mail's subject or the title, and recurs most (an e-mail's "WHO WE ARE" heading or a
    signature is not it; "Fernhill Analytics" in the subject, a sentence and the signature is)."""
    if doc.lang != "en":
        return None
    cands: dict[str, float] = {}
    trade: set[str] = set()
    for m in _SUBJECT.finditer(doc.text):
        name = m.group(1).strip()
        if name.split()[0].lower() in _NOT_NAMES:
            continue
        if re.search(r"['’]s\s", name):
            continue  # "Orbweave's ARR is $3.1 million": a figure of the company, not its name
        cands[name] = cands.get(name, 0) + 1.0
        if _TRADE_VERB.match(doc.text, m.end(1)):
            trade.add(name)
    for m in _FROM_OR_STARTED.finditer(doc.text):
        name = (m.group(1) or m.group(2)).strip()
        if name.split()[0].lower() not in _NOT_NAMES:
            cands[name] = cands.get(name, 0) + 1.0
            trade.add(name)
    for m in _DEFINED.finditer(doc.text):
        name = (m.group(1) or m.group(2)).strip()
        if re.match(r"[^.;\n]*\d\s?%", doc.text[m.end():]):
            continue  # "Funds: production line 55%, sales 30%": a label over shares, no name defined
        if name.split()[0].lower() not in _NOT_NAMES:
            cands[name] = cands.get(name, 0) + 1.0
            trade.add(name)
    # the company its founders and officers work for ("Lucía Ferrante (CEO, Cindervale)")
    for m in _ROLE_NAME.finditer(doc.text):
        name = m.group(1)
        if name.split()[0].lower() not in _NOT_NAMES:
            cands[name] = cands.get(name, 0) + 0.5
    subjects = set()
    for lab, value, _off in doc.labels:
        if lab.lower() == "subject":
            head = _SUBJECT_LINE.sub("", _SUBJECT_LINE.sub("", value))
            head = _without_doc_words(re.split(r"\s+[—–|-]\s+|:\s+", head)[0].strip())
            if 0 < len(head.split()) <= 4 and head[0].isupper():
                cands[head] = cands.get(head, 0) + 1.0
                subjects.add(head)
    head = _title_name(doc)
    if head and 0 < len(head.split()) <= 4:
        cands[head] = cands.get(head, 0) + 1.5
    for part in _caps_title_parts(doc):
        # "OSSORY PACKAGING · FACT SHEET": a letterhead in capitals names the company the text
        # writes as "Ossory Packaging"
        for name in [n for n in cands if n.lower() == part.lower()]:
            cands[name] += 1.5
            subjects.add(name)  # (one word, "PLINTH" over "Plinth uses ceiling cameras ...")
        if not any(n.lower() == part.lower() for n in cands) and len(part.split()) <= 3:
            # ("BAITLINE - EXECUTIVE SUMMARY" over "Baitline plans routes ..." and "We founded
            # Baitline in Raleigh": the letterhead's name, written in its own case twice or more)
            written = [x.group(0) for x in re.finditer(rf"\b{re.escape(part)}\b", doc.text, re.I)
                       if x.group(0)[0].isupper() and not x.group(0).isupper()]
            if len(written) >= 2 and len(set(written)) == 1:
                cands[written[0]] = 1.5
                subjects.add(written[0])
    for sec in doc.sections:
        # a catalogue's or a letter's heading in capitals ("PLUMBLINE ROBOTICS LTD" over
        # "Plumbline Robotics makes ..."): the company the text then writes in its own case
        caps = _SUFFIX_TAIL.sub("", (sec.heading or "").strip())
        if caps.isupper() and not _DOC_WORDS.fullmatch(caps):
            for name in [n for n in cands if n.lower() == caps.lower()]:
                cands[name] += 1.5
                subjects.add(name)
    for sec in doc.sections:
        # a job posting's or a website's "About Kestrel Freight" heading names the company
        about = re.fullmatch(r"About\s+((?:[A-Z][\w&'-]*\s+){0,3}[A-Z][\w&'-]*)", (sec.heading or "").strip())
        if about and about.group(1).split()[0].lower() not in _NOT_NAMES and about.group(1).lower() != "us":
            cands[about.group(1)] = cands.get(about.group(1), 0) + 1.5
            subjects.add(about.group(1))
    # a place the memo names is no company, however often it recurs; nor is the e-mail's
    # sender ("From: Dana Whitlock", signed "Dana")
    senders = {w for lab, value, _off in doc.labels if lab.lower() == "from"
               # ("From: Priya Nandakumar, Mossgate Labs": the person, not the firm after the comma)
               for w in re.findall(r"[A-Z][\w'-]+", value.split("<")[0].split(",")[0])}
    # a field's own word is no company ("ARR is 2.85M", "sorry, ARR is actually 3.1M" in a chat)
    from .fields import GLOSSARY

    fields_words = {w.lower() for ws in GLOSSARY.values() for w in ws}
    # (nor a period: "Q3 was below plan on ARR")
    cands = {n: b for n, b in cands.items()
             if n.lower() not in PLACES and not set(n.split()) <= senders and n.lower() not in fields_words
             and _PERIOD_EDGE.sub("", n).strip()}
    if not cands:
        return None
    # where each candidate stands in the text, found once
    found = {n: [m.start() for m in re.finditer(rf"\b{re.escape(n)}\b", doc.text)] for n in cands}
    scored = []
    for name, base in cands.items():
        times = len(found[name])
        if len(name.split()) == 1:
            # one capitalised word may be any sentence's first word ("Feed is 50% of costs"):
            # it is a name when it is capitalised inside sentences too
            inside = [at for at in found[name]
                      if re.search(r"(?:^|\s)[a-z][\w'-]*[,:]?\s$|\w[,;]? [—–] $|\w \($", doc.text[max(0, at - 30):at])
                      or _ROLE_AT.search(doc.text[max(0, at - 30):at])]
            # or the subject of a line of business whose word is never written in lower case
            # ("Quillmate helps law firms ...", not "Software helps ..." beside "our software")
            if not inside and name in trade and not re.search(rf"\b{re.escape(name.lower())}\b", doc.text):
                inside = found[name]
            # or the e-mail's subject, or written with a company's suffix ("Chairside Inc.")
            if not inside and name not in subjects and not re.search(
                    rf"\b{re.escape(name)},?\s+(?:Inc|Ltd|LLC|Corp|Co|GmbH|Limited|PLC)\b", doc.text):
                continue
        # "Halcyon" and "Halcyon Print Works": the short form's mentions are the full name's
        longer = [o for o in cands if o != name and o.startswith(name + " ")]
        # "Pawcall" and "Pawcall Basic": the short form standing alone more often than the long
        # one is written is the company, and the long one its product
        alone = len(found[name]) - sum(len(found[o]) for o in longer)
        if longer and alone <= max(len(found[o]) for o in longer):
            continue
        shorter = sum(len(found[o]) for o in cands if o != name and name.startswith(o + " ")
                      and len(found[o]) - len(found[name]) <= len(found[name]))
        scored.append((base + times + 0.5 * shorter, -len(name), name))
    if not scored:
        return None
    scored.sort(reverse=True)
    name = scored[0][2]
    return Answer(name, name, ["the name the document is about (its subject, title or e-mail subject)"])


#: a party an agreement defines as "the Company" (a letter of intent, a term sheet, a SAFE; a loan's
#: "Borrower", a note's "Issuer"):
#: 'Tidewater Sensors, Inc. (the "COMPANY")', 'Acme Ltd, a Delaware corporation (the "Company")'
_DEFINED_COMPANY = re.compile(
    r"\b((?:[A-Z][\w&'-]*\s+){0,4}[A-Z][\w&'-]*(?:,?\s+(?:Inc|Ltd|LLC|Corp|Co|GmbH|Limited|PLC|AB|AG|SA|BV|NV|Oy|AS)\.?)?)"
    # (a lender's paper defines the company as the Borrower: 'Kiteline Software, Inc. (the "Borrower")')
    r"(?:,\s+an?\s+[A-Za-z -]{1,40}?)?\s*\(\s*(?:the\s+|hereinafter\s+)?[\"“”']?(?i:company|borrower|issuer)[\"“”']?\s*\)")


def _defined_company(doc: Document) -> Answer | None:
    """The party an agreement defines as the Company: its other parties (an investor, a
    buyer: 'Norrland Cold Chain AB ("PARTNER")') are not the company the template is about."""
    if doc.lang != "en":
        return None
    names = {m.group(1).strip() for m in _DEFINED_COMPANY.finditer(doc.text)}
    names = {n for n in names if n.split()[0].lower() not in _NOT_NAMES}
    if len(names) != 1:
        return None
    name = names.pop()
    return Answer(name, name, ["the party the document defines as the Company"])


def pick_name(doc: Document, f: Field) -> Answer | None:
    lv = _label_value(doc, f) or _parent_label(doc, f)
    if lv and len(lv[0]) <= 80:
        # "Company: Brightkiln Ltd., Eindhoven, founded 2021-11-08": the name, not its details
        parts = lv[0].split(", ")
        name = parts[0] if len(parts) > 1 and re.search(
            r"\d|\b(?:founded|based|incorporated|established|headquartered|since)\b", ", ".join(parts[1:])) else lv[0]
        return Answer(name, lv[1], [])
    defined = _defined_company(doc)
    if defined is not None:
        return defined
    if doc.lang == "zh":
        m = _COMPANY_ZH.search(doc.title)
        if m:
            return Answer(m.group(0), doc.title, [])
        head = re.split(r"\s*(?:——|—|–|:|：|\||（|\()\s*", doc.title)[0].strip()
        bare = _ZH_DOC_WORDS.sub("", head)  # "青岚智能灌溉融资备忘录"
        if bare and (bare != doc.title) and len(bare) <= 20:
            return Answer(bare, doc.title, ["the document's title"])  # "青岚智能灌溉——融资备忘录"
        m = _COMPANY_ZH.search(doc.text)
        if m:
            # "与云南果业集团合作": the preposition is not part of the name
            name = re.sub(r"^[与和同由向对在为被将把及]", "", m.group(0))
            return Answer(name, name, [])
    found = _recurring_name(doc)
    if found is not None:
        return found
    name = _title_name(doc)
    if name:
        return Answer(name, doc.title, ["the document's title"])
    # the sentences of the paragraphs, not a heading run into the next line ("About Orbweave
    # Orbweave was founded ...")
    sents = [x for sec in doc.sections for p in sec.paragraphs + sec.bullets for x in doc.sentences(p)] \
        if doc.lang == "en" else doc.sentences()
    for sent in sents:
        m = _FOUNDED_SUBJECT.match(sent)
        if m:  # a title that is only "Investor memo": "Bluefin Ledger was founded in 2020"
            return Answer(m.group(1), sent, ["the subject of the founding sentence"])
    return None


def _without_doc_words(text: str) -> str:
    """"Finch & Co update" -> "Finch & Co": the words that name the document, not the company."""
    m = _DOC_WORDS.search(text)
    return text[:m.start()].strip() if m and m.end() == len(text) and m.start() > 0 else text


#: a news headline whose subject is the company ("Orbweave raises $9 million ...", "Lindqvale
#: launches ...")
_NEWS_TITLE = re.compile(r"^((?:[A-Z][\w&.'-]*\s){0,3}[A-Z][\w&.'-]*)\s+(?:raises|launches|announces|closes|"
                         r"secures|lands|unveils|opens|expands|acquires|signs|partners with|completes)\b")


#: a page's call to the reader before the company's name: "Invest in Pipwick", "Meet Lumenfold"
_TITLE_HEAD = re.compile(r"^(?:[Ii]nvest in|[Bb]ack|[Mm]eet|[Ii]ntroducing|[Aa]bout|[Ww]elcome to|[Ss]upport)\s+(?=[A-Z])")


_NAME_SMALL_WORDS = frozenset({"of", "and", "&", "de", "la", "le", "du", "von", "van", "der", "for", "the", "on"})


_MONTHS = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
           r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?")
_PERIOD = rf"(?:(?:Q[1-4]|H[12]|FY\s?\d{{2,4}}|{_MONTHS}|(?:19|20)\d\d|'\d\d)(?![\w&'-]))"
#: a period at either end of a title's name ("Q3", "Brightpass Q3 2026", "October 2026")
_PERIOD_EDGE = re.compile(rf"^(?:{_PERIOD}[\s,/–-]*)+|(?:[\s,/–-]*{_PERIOD})+$")


def _title_name(doc: Document) -> str | None:
    """The company named by the title: "Investor memo: Bluefin Ledger", "Seed memo — Bluefin
    Ledger", "Saltmarsh Bio - Seed Round Memorandum" (an ALL-CAPS heading names none)."""
    # a first line that names the document comes before any heading ("Ridgeway Solar: investor
    # memo" over "About us" in a Word file whose title line is not a heading)
    title = _first_line_title(doc) or doc.title
    if not title or title.isupper() or POST_HEAD.match(title):
        return None  # (a post's header, "Noor Haddad @noorbuilds · Dec 9", names who wrote it)
    if _SIGNATURE.fullmatch(title.strip()):
        return None  # "Dana Whitcombe, CFO": an e-mail's signature, who wrote it
    news = _NEWS_TITLE.match(title)
    if news:  # a press release's headline: "Orbweave raises $9 million Series A to ..."
        return news.group(1)
    name = _TITLE_TAIL.sub("", title).strip()
    parts = [p.strip() for p in re.split(r"\s+[—–:|-]\s+|:\s+|\s*[—–|]\s*", title) if p.strip()]
    if len(parts) > 1 and _DOC_WORDS.search(parts[0]):
        # not a part with a date ("Transcript — Brookfern partner call, 3 March 2027": a meeting)
        # nor a label before its colon ("Affinity export — Organization: Pinecrest Dental AI")
        name = next((_TITLE_TAIL.sub("", p).strip() for p in parts[1:]
                     if not _DOC_WORDS.search(p) and not re.search(r"\b(?:19|20)\d\d\b", p)
                     and not re.search(rf"(?:^|[—–|]\s*){re.escape(p)}:\s+\S", title)), name)
    name = _without_doc_words(_TITLE_HEAD.sub("", name))
    if " / " in name:
        # "Kestrel Ventures / Draycott Bio": a meeting's two parties; the company is the one the
        # text goes on to name (none when both or neither recur)
        body = doc.text.replace(title, "", 1)
        named = [p.strip() for p in name.split(" / ") if p.strip() and re.search(rf"\b{re.escape(p.strip())}\b", body)]
        name = named[0] if len(named) == 1 else ""
    # "Q3 investor update", "Brightpass Q3 2026 update": the period the document is for is no
    # part of the company's name (nor a name by itself)
    name = _PERIOD_EDGE.sub("", name).strip()
    # "#fundraise-prep" (a chat channel), a rule of "=====": no company's name
    # a heading in words of a sentence ("Numbers at a glance") names no company: a name's words
    # are capitalised but for a few small ones ("Bank of Leeds", "Finch & Co")
    if doc.lang == "en" and any(w[0].islower() and w not in _NAME_SMALL_WORDS for w in name.split()):
        return None
    if name and len(name) <= 60 and not _DOC_WORDS.fullmatch(name) and name[0].isalnum():
        return name
    return None


def _caps_title_parts(doc: Document) -> list[str]:
    """The parts of a first line written in capitals ("OSSORY PACKAGING  ·  FACT SHEET  ·
    CONFIDENTIAL      Nov 2026": its first two), without the words that name the document: the
    company the letterhead names is among them, in the case the text writes it."""
    line = next((x.strip() for x in doc.text.split("\n") if x.strip()), "")
    if not line or len(line) > 120:
        return []
    parts = [_without_doc_words(p.strip()) for p in re.split(r"\s{3,}|\s*[·•|—–]\s*|\s+-\s+", line)]
    return [p for p in parts if p.isupper() and not _DOC_WORDS.fullmatch(p)]


def _first_line_title(doc: Document) -> str:
    """A plain memo's first line when it names the document ("Harborlight Freight Audit: note to
    prospective investors, March 2026"): a short line, no sentence, whose part after the
    colon or dash is words for a memo, a note or an update, or says who it is for."""
    line = next((x.strip() for x in doc.text.split("\n") if x.strip()), "")
    if not line or len(line) > 100 or line.endswith((".", "!", "?")):
        return ""
    slide = re.match(r"(?:slide|page)\s*1\s*(?:[:.]|\s[—–-])\s*(\S.*)$", line, re.I)
    if slide:  # a deck's text, slide by slide: "Slide 1: Harbor & Finch" is the cover's title
        return slide.group(1)
    m = re.search(r"\s+[—–|-]\s+|:\s+", line)
    if m is None or m.start() == 0:
        return ""
    rest = line[m.end():]
    return line if _DOC_WORDS.search(rest) or re.search(r"\b(?:investors?|board|shareholders)\b", rest, re.I) else ""


def _parent_label(doc: Document, f: Field) -> tuple[str, str] | None:
    """"Company: Orchid Lane Payments" for ``company.name``: a label that is the parent's own key."""
    if len(f.keys) < 2:
        return None
    parent = f.keys[-2].lower()
    for label, value, _off in doc.labels:
        if label.strip().lower() in (parent, f"{parent} name") and 0 < len(value) <= 80:
            return value, f"{label}: {value}"
    return None


_FOUNDED_SUBJECT = re.compile(r"^((?:[A-Z][\w&.'-]*\s+){0,4}[A-Z][\w&.'-]*),?\s+(?:was|were|is)\s+"
                              r"(?:founded|established|incorporated|started|set up)\b")
