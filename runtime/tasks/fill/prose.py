"""Prose fields from the document: headlines, paragraphs and bullet points.

A prose field is answered from the part of the document about it: the
section whose heading names it; else the sentence most about it (retrieval
by the field's words over paragraphs, for memos without headings) and the
rest of its paragraph; else a section whose body names it; else, for a
tagline, title or description, the document's opening.  The answer is the
summarizer's extractive headline or paragraph of that passage, so every word
of it is the document's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .document import Document, Section
from .extract import (
    BULLET_CHARS,
    HEADLINE_CHARS,
    MAX_BULLETS,
    OPENING_KEYS,
    TEXT_CHARS,
    Answer,
    _clause_bounds,
    _count,
    _heading_names,
    _label_value,
    _limit,
    _summary,
    section_for,
)
from .fields import FOLLOWS, Field
from .periods import period_end, planned

__all__ = ["pick_headline", "pick_text", "pick_bullets", "best_sentences"]


#: fields whose own key says only what shape they are: the parent's words say what about
#: (``china.headline`` is about China)
GENERIC_KEYS = frozenset({"headline", "note", "notes", "points", "title", "subtitle", "summary",
                          "text", "body", "description", "details"})


@dataclass
class Passage:
    text: str
    evidence: str
    notes: list[str]


#: words of a company's own results against its plan: a status report, not a customer's pain
_STATUS = re.compile(r"\b(?:arr|mrr|run-rate|(?:missed|beat|ahead of|behind) (?:the |our )?(?:plan|target|forecast)"
                     r"|against (?:a|the|our) (?:plan|target|forecast))\b")


#: a sentence of when the company was founded ("The Company was incorporated ... and issued its
#: first paid forecast in September 2022"): a fact about it, not a customer's pain
_FOUNDING = re.compile(r"\b(?:was|were) (?:founded|incorporated)\b"
                       # nor the round ("we are now raising $7M, not $5M, ... instead of 20")
                       r"|\b(?:raising|raise|round)\b[^.]{0,40}[$€£]\s?\d")


def best_sentences(doc: Document, f: Field) -> Passage | None:
    """The sentence most about ``f`` and the rest of its paragraph: retrieval by the field's
    words over paragraphs, for documents without a heading for the field ("Our answer is a
    smart oven controller ..." for the solution of a memo with no headings)."""
    from ..summarize.extractive import _EN_STOP

    own = f.own_words()
    parents = [w for w in f.words() if w not in own]
    if f.key in GENERIC_KEYS and f.key not in OPENING_KEYS:
        own, parents = parents, own  # china.headline: about China; company.description: its own words
    # "about" names a section ("About us"), not a sentence ("lose about 4%")
    own = [w for w in own if w not in _EN_STOP]
    parents = [w for w in parents if w not in _EN_STOP]
    best: tuple[float, int, list[str], int] | None = None
    n = 0
    pain = any(k in FOLLOWS.values() for k in f.keys)
    for sec in doc.sections:
        for para in sec.paragraphs + sec.bullets:
            if _no_fact(doc, para):
                continue  # "Hope everyone had a good Thanksgiving.", "P.S. Our office moves ...": no fact
            sents = doc.sentences(para)
            # a pain stated over a paragraph ("Shippers are overbilled ... Most never notice
            # ... audit a sample at best") outweighs one word of it elsewhere
            whole = _count(para.lower(), own)
            for i, sent in enumerate(sents):
                low = sent.lower()
                hits = _count(low, own)
                if sent.rstrip(" *_").endswith(("?", "？")):
                    continue  # "Anything in China?": a question states nothing
                if not hits or (pain and (_STATUS.search(low) or _FOUNDING.search(low))):
                    continue  # "We missed plan in Q4: ARR closed at ...": the company's results, no pain
                score = hits + 0.25 * (whole - hits) + 0.5 * _count(low, parents) - 0.001 * n
                n += 1
                if best is None or score > best[0]:
                    best = (score, i, sents, n)
    if best is None:
        return None
    _, i, sents, _ = best
    # the paragraph states it from its first sentence that names it ("Online shops are
    # overbilled on 3% ..." before "Finance teams check a few by hand at best")
    i = next(j for j in range(i + 1) if j == i or _count(sents[j].lower(), own))
    sep = "" if doc.lang == "zh" else " "
    end = len(sents)
    if any(k in FOLLOWS.values() for k in f.keys):
        # "Most renters still haul a heavy jug ... Our stations dose detergent ...": the pain
        # ends where the company turns to its own answer
        end = _turn(sents, i, doc) or end
    first = _after_own_label(doc, sents[i], own + parents)
    return Passage(sep.join([first] + sents[i + 1:end]), sents[i], ["from the sentence about it"])


def _after_own_label(doc: Document, sent: str, words: list[str]) -> str:
    """``sent`` without a leading label that names the field ("Solution: the camera flags ..." ->
    "The camera flags ..."); other sentences as they are."""
    for lab, _v, _off in doc.labels:
        for sep in (": ", "："):
            if sent.startswith(lab + sep) and _count(lab.lower(), words):
                rest = sent[len(lab) + len(sep):].strip()
                if len(rest) >= 8:
                    return rest[0].upper() + rest[1:] if doc.lang == "en" else rest
    return sent


#: a sentence where a memo turns from the customer's pain to its own answer
_OUR_TURN = re.compile(r"^(?:we|our)\b", re.I)


def _turn(sents: list[str], start: int, doc: Document | None = None) -> int | None:
    """The first sentence after ``start`` that opens with "We" or "Our" (or, in an English
    ``doc``, with the company's own name: "Loomwell takes a card deposit at booking ..."), if any."""
    own = _own_name_opening(doc) if doc is not None else None
    return next((j for j in range(start + 1, len(sents)) if _OUR_TURN.match(sents[j].strip())
                 or (own is not None and own.match(sents[j].strip()))), None)


def _own_name_opening(doc: Document) -> re.Pattern[str] | None:
    """A sentence that opens with the name the English document is about ("Tidemark's models
    combine ...", "Loomwell takes ..."): where a memo turns from the pain to its own answer."""
    if doc.lang != "en":
        return None
    cached = getattr(doc, "_own_opening", False)
    if cached is not False:
        return cached
    from .names import pick_name

    found = pick_name(doc, Field("/company/name", ("company", "name"), {"type": "string"}, "name"))
    name = found.value if found is not None else None
    pat = None
    if isinstance(name, str) and re.match(r"[A-Z]\w{2,}", name):
        # "Tidemark's models ...", "Loomwell takes ...", "With Northpaw, a vet sees ..."
        pat = re.compile(rf"(?:with\s+|using\s+)?(?:{re.escape(name)}|{re.escape(name.split()[0])})"
                         rf"(?:(?:['’]s)?\s+[a-z]|,\s)", re.I)
    doc._own_opening = pat  # type: ignore[attr-defined]
    return pat


def _prose(doc: Document, s: Section) -> str:
    """A section's body without its ``Label: value`` lines ("Founded: 2022-01-17" is a fact
    for a field of its own, not a sentence of a description), unless that is all it has."""
    labels = {off for _lab, _v, off in doc.labels}
    keep = []
    for part in s.paragraphs + s.bullets:
        at = doc.text.find(part, s.start)
        line_start = doc.text.rfind("\n", 0, max(0, at)) + 1
        if at >= 0 and any(line_start <= off < at + len(part) for off in labels) and "\n" not in part:
            continue
        if _only_labels(doc, part):
            continue  # an e-mail's header block ("From: … To: … Subject: …", its lines joined)
        if pleasantry(doc, part):
            continue  # "Thank you again for the coffee on Thursday. As promised, here is ...": no fact
        keep.append(part)
    if not keep:
        # only labels and pleasantries: the body without its greetings and remarks on the
        # document ("Hope everyone had a good Thanksgiving. Quick November update below.")
        rest = [p for p in s.paragraphs + s.bullets if not _no_fact(doc, p)]
        if doc.lang != "en" or len(rest) == len(s.paragraphs + s.bullets):
            return s.body()
        return Section(s.heading, s.level, [p for p in rest if p in s.paragraphs],
                       [b for b in rest if b in s.bullets]).body()
    tmp = Section(s.heading, s.level, [p for p in keep if p in s.paragraphs],
                  [b for b in keep if b in s.bullets])
    return tmp.body()


def _retrieve(doc: Document, f: Field, need_paragraphs: bool = False, opening: bool = True
              ) -> Passage | None:
    """The part of the document a prose field is about: the section headed about it, else the
    sentences about it, else a section whose body is about it, else (for a tagline, title or
    description) the document's opening."""
    s = section_for(doc, f)
    if s is not None and s.body() and _heading_names(s, f):
        return Passage(_prose(doc, s), s.heading, [f"from section {s.heading!r}"])
    found = best_sentences(doc, f)
    if found is not None:
        return found
    if s is not None and s.body():
        return Passage(_prose(doc, s), s.heading,
                       [f"from section {s.heading!r}"] if s.heading else [])
    after = _after_previous_part(doc, f)
    if after is not None:
        return after
    if f.key not in OPENING_KEYS or not opening:
        return None
    s = next((x for x in doc.sections if (x.paragraphs if need_paragraphs else x.body())), None)
    if s is None:
        return None
    text = _prose(doc, s)
    if not text.strip():
        return None  # an opening of greetings only ("Dear Ayesha, Thank you for Thursday ...")
    return Passage(text, s.heading, [f"from section {s.heading!r}"] if s.heading else [])


def _after_previous_part(doc: Document, f: Field) -> Passage | None:
    """For a part that follows another (``fields.FOLLOWS``: the solution after the problem), in
    a document without a heading for it: the paragraph after the one most about the part before
    ("Regional carriers drive a third of their miles empty ..." then "Northloop reads a
    carrier's planned routes ...")."""
    from .fields import FOLLOWS, GLOSSARY

    before = next((FOLLOWS[k] for k in f.keys if k in FOLLOWS), None)
    if before is None:
        return None
    words = list(GLOSSARY.get(before, ())) + [before]
    # (no greeting, remark on the document or postscript: "P.S. Our office moves to ...")
    paras = [p for sec in doc.sections for p in sec.paragraphs if not _no_fact(doc, p)]
    # a status report's results ("We missed plan in Q4: ARR closed at ...") name no pain
    hits = [sum(_count(x.lower(), words) for x in doc.sentences(p) if not _STATUS.search(x.lower())
                and not (doc.lang == "en" and _FOUNDING.search(x.lower())))
            for p in paras]
    if not paras or max(hits) == 0:
        return None
    i = hits.index(max(hits))
    if doc.lang == "en":
        # the pain's own paragraph turning to the company's answer ("Insurers still price ...
        # Tidemark's models combine ...") comes before whatever paragraph follows it
        sents = doc.sentences(paras[i])
        j = _turn(sents, 0, doc)
        if j is not None:
            return Passage(" ".join(sents[j:]), sents[j], [f"the sentences after the {before}"])
    for nxt in paras[i + 1:i + 2]:
        # prose, not a paragraph of figures ("TAM $12.4 billion; SAM ..."), nor a postscript
        if len(nxt) >= 40 and not _no_fact(doc, nxt) and len(re.findall(r"\d", nxt)) <= len(nxt) // 40:
            return Passage(nxt, doc.sentences(nxt)[0], [f"the paragraph after the {before}"])
    # the paragraph of the pain turns to the answer itself ("... half of it ends up wasted. Our
    # stations dose detergent straight into the machine, ...")
    sents = doc.sentences(paras[i])
    j = _turn(sents, 0, doc)
    if j is not None:
        sep = "" if doc.lang == "zh" else " "
        return Passage(sep.join(sents[j:]), sents[j], [f"the sentences after the {before}"])
    return None


_MONTH_RANGE = r"\d{4}年\d{1,2}月?\s*[—–\-~至到]\s*\d{1,2}月"
_YEAR = r"(?:\d{4}|[〇零一二三四五六七八九]{4})年"
#: how reports name the period they cover, most specific first
_PERIODS = (re.compile(_MONTH_RANGE),
            # a week's or some days' report: "2026年6月1日—6月7日", "2026.3.2-2026.3.6", "2026年第23周"
            re.compile(r"\d{4}年\d{1,2}月\d{1,2}日\s*[—–\-~至到]{1,2}\s*(?:\d{4}年)?(?:\d{1,2}月)?\d{1,2}日"),
            re.compile(r"(?<![\d.])\d{4}\.\d{1,2}\.\d{1,2}\s*[—–\-~至到]\s*(?:\d{4}\.)?\d{1,2}\.\d{1,2}(?![\d.])"),
            re.compile(r"(?:\d{4}年)?第\d{1,2}周"),
            # ("橙屿科技2026上半年成绩单": the year without 年 before a half or a quarter)
            re.compile(r"(?:" + _YEAR + r"|(?<!\d)\d{4}(?=[上下]半年|前三季度|第?[一二三四]季度))"
                       r"(?:第[一二三四1-4]季度|[一二三四1-4]季度|[上下]半年度?|前三季度|全年|半年度|年?度)"),
            # a fiscal year: "2026财年第一季度"
            re.compile(r"(?:\d{4}|[〇零一二三四五六七八九]{4})财年(?:第?[一二三四1-4]季度|[上下]半年度?)?"),
            re.compile(r"\b(?:Q[1-4]|H[12]|FY)\s?\d{4}\b|\b(?:first|second|third|fourth) quarter "
                       r"of \d{4}\b", re.I),
            # a month's report: "关于2026年3月经营情况的通报" (not a day: 2026年3月5日)
            re.compile(r"\d{4}年\d{1,2}月份?(?!\s*\d{1,2}\s*[日号])"),
            # a year's report: "2026年经营报告"
            re.compile(r"\d{4}年(?=(?:经营|工作|业绩|财务|运营)?(?:报告|简报|总结|情况))"),
            # a year's figures: "2025年营业收入3.6亿元", "2025年全年实现营收"
            # ("2025年公司实现营业收入2.46亿元": the company named between)
            # ("2025年，公司实现营业收入6.84亿元": a comma after the year)
            # ("2025年：营业收入3.74亿元": a year's line in a profile's list of years)
            re.compile(r"\d{4}年(?=[，,:：]?(?:全年|度)?(?:(?:本|我)?(?:公司|集团|企业)(?:全年)?)?(?:实现|完成)?"
                       r"(?:营业收入|营收|销售收入|销售额|净利润))"),
            # an issue of a bulletin: "工作简报（2026年第5期）"
            re.compile(r"\d{4}年第\d{1,3}期"))
#: a year's report whose title names what it reports on first ("2025年预算执行情况分析")
_TITLE_YEAR = re.compile(r"\d{4}年(?=[\u4e00-\u9fff]{0,8}(?:报告|简报|总结|情况|分析|汇报))")
#: words that make a line a report's title ("2025年第二季度经营汇报")
_REPORT_WORDS = re.compile(r"报告|汇报|简报|通报|分析|总结|月报|季报|年报|report|review|update", re.I)
#: the most characters of a document's own title kept as the ``title`` (a headline's limit is shorter)
TITLE_CHARS = {"en": 80, "zh": 60}
#: labels that give a document's title ("主题：关于…的通报", "Subject: …")
_TITLE_LABELS = ("主题", "标题", "题目", "subject", "title",
                 # a system's export names its report ("# 报表名称：2026年1-11月经营数据汇总")
                 "报表名称", "报告名称", "报告标题", "文件名称",
                 # a reply's or forward's subject line ("Re: 11月销售数据", "回复：…")
                 "re", "fw", "fwd", "回复", "答复", "转发",
                 # a chat export's name ("聊天记录：鹭岛茶饮经营数据群", "群聊：华东区周会")
                 "聊天记录", "群聊", "群聊名称", "群名称", "群名")


#: a period a title names without its year ("华南区10月经营情况汇报", "第三季度销售简报"): kept as
#: written, the year is not made up
_TITLE_NO_YEAR = re.compile(r"(?<![\d年月A-Za-z])(?:\d{1,2}月份?|第?[一二三四1-4]季度|[上下]半年|前三季度|Q[1-4])"
                            r"(?![\d日号])(?=[\u4e00-\u9fff]{0,8}(?:报告|汇报|简报|通报|总结|月报|季报|分析|"
                            r"情况|小结|回顾|速报|快报|周报|数据|业绩))")


def _period(doc: Document) -> Answer | None:
    """The period a report covers, without a "报告期：" label: the first period phrase of the
    title ("2026年第三季度经营报告"), else of the text ("2026年4月—6月"); a title that names its
    period without the year ("华南区10月经营情况汇报") gives it as written, or as the text writes
    it with its year ("2026年10月")."""
    titles = [t for t in dict.fromkeys((_title(doc), doc.title)) if t]
    if doc.lang == "zh":
        for t in titles:
            day = re.search(r"\d{4}年\d{1,2}月\d{1,2}日", t)
            if day and re.search(r"日报|工作日志|每日简报|当日", t) and len(re.findall(r"\d{1,2}日", t)) == 1:
                # "日报｜2026年11月18日（周三）": a daily report covers its day
                return Answer(day.group(0), t[:200], ["a daily report's period is its day"])
    for where in titles + [doc.text]:
        title = where is not doc.text
        found = [m for p in _PERIODS + ((_TITLE_YEAR,) if title else ())
                 for m in p.finditer(where)]
        if not found and title:
            short = _TITLE_NO_YEAR.search(where)
            if short is None:
                continue
            full = [m for p in _PERIODS for m in p.finditer(doc.text)
                    if m.group(0).endswith(short.group(0))
                    # ("三季度业绩超预期" over "2026年前三季度实现营业收入…": the text's 前三季度)
                    and re.fullmatch(_YEAR + "[第前]?", m.group(0)[:-len(short.group(0))])]
            if full:
                return Answer(full[0].group(0), where[:200], ["the period the title names, with its year from the text"])
            return Answer(short.group(0), where[:200], ["the period the title names (no year given)"])
        if not title:
            # a magazine's issue ("《云舟之声》2026年第11期") in the text is no period where the text
            # names one ("2026年1—10月，云舟书局实现营业收入…")
            found = [m for m in found if m.re is not _PERIODS[-1]] or found
            # the period of the report's figures ("2026年1—10月，…实现营业收入2.74亿元") over an
            # event's month earlier in the text ("2025年10月，…开出了第一家")
            figured = [m for m in found if _FIGURES_AFTER.match(doc.text, m.end())
                       and not planned(doc.text, m.start(), m.end())]
            # periods side by side, each with its figures ("2019年，营业收入1.2亿元" … "2025年，营业收入
            # 9.7亿元", a profile's history; a notice's last audited year and its latest interim): the
            # latest, where the company stands (an earlier one after it is a comparison)
            ends = {m.start(): e for m in figured if (e := period_end(m.group(0))) is not None}
            days = [(d.year, d.month) for d in doc.dates if d.day is not None]
            # (a period after every day the document names has no results yet: "业绩承诺：2027年…")
            future = {k for k, e in ends.items() if days and e > max(days)}
            figured = [m for m in figured if m.start() not in future] or figured
            ends = {k: e for k, e in ends.items() if k not in future}
            if len(set(ends.values())) >= 2:
                latest = max(ends.values())
                figured = [m for m in figured if ends.get(m.start()) == latest]
            found = figured or found
            # "编制日期：2026年3月": the document's date, no period of its figures
            found = [m for m in found if not any(
                off <= m.start() < off + len(v) and re.search(r"日期|时间|date", lab, re.I)
                for lab, v, off in doc.labels)]
        if found:
            m = min(found, key=lambda m: (m.start(), -len(m.group(0))))
            value = m.group(0).replace("年年度", "年度")  # the title's "2025年年度报告"
            year = re.fullmatch(r"(\d{4})年度?", value)
            figures = _figures_years(doc) if title and year else []
            # "2026年度主体信用评级报告" over "2026年1-9月实现营业收入6.42亿元" and only earlier years' figures
            # besides (a rival's "2025年营收9.8亿元"): the part of the title's year the text gives the
            # figures for
            within = [w for pat in _PERIODS[:-2] for w in pat.finditer(doc.text)
                      if w.group(0).startswith(year.group(1)) and w.group(0) != year.group(0)
                      and _FIGURES_AFTER.match(doc.text, w.end())] if year and figures and all(
                int(y.group(0)[:4]) < int(year.group(1)) for y in figures) else []
            if within:
                w = min(within, key=lambda w: w.start())
                return Answer(w.group(0), doc.text[_clause_bounds(doc.text, w.start(), w.end())[0]:w.end() + 40],
                              ["the part of the title's year the document's figures are for"])
            if figures and all(int(y.group(0)[:4]) < int(year.group(1)) for y in figures):
                # "2026年度…专项资金项目申报书" over "2025年营业收入…": the title's year is the fund's
                # or the plan's, the figures are the year before's
                y = figures[0]
                return Answer(y.group(0), doc.text[_clause_bounds(doc.text, y.start(), y.end())[0]:y.end() + 40],
                              ["the year of the document's figures (the title names a later year)"])
            later = _earlier_figures(doc, int(year.group(1))) if year and title else None
            if later is not None:
                return later
            return Answer(value, where[:200] if title else
                          doc.text[_clause_bounds(doc.text, m.start(), m.end())[0]:m.end() + 40],
                          ["the period named in the document"])
    if doc.lang == "zh":
        spoken = _spoken_period(doc)
        if spoken is not None:
            return spoken
        # a letter that gives its figures "截至2025年末" and never names its period: that year
        for m in re.finditer(r"(\d{4})年(?:末|底)", doc.text):
            if not re.search(r"目标|计划|预计|力争|预算|到$", doc.text[max(0, m.start() - 8):m.start()]) \
                    and re.match(r"[^。；;！？\n]{0,30}?\d", doc.text[m.end():]):
                a = _clause_bounds(doc.text, m.start(), m.end())[0]
                return Answer(f"{m.group(1)}年", doc.text[a:m.end() + 40], ["the year the figures stand at the end of"])
        # a chat or a note without a year ("出来了，11月门店总营收2,860万元"): the month the figures
        # follow, as written (its year would be made up)
        for m in _BARE_MONTH.finditer(doc.text):
            if _FIGURES_AFTER.match(doc.text, m.end()) and not _target_after(doc.text, m.end()):
                a = _clause_bounds(doc.text, m.start(), m.end())[0]
                return Answer(m.group(0), doc.text[a:m.end() + 40], ["the month the figures are given for (no year given)"])
    return None


def _earlier_figures(doc: Document, year: int) -> Answer | None:
    """The period the text gives its figures for, when the title names a later year the text
    gives none for ("邀请函 | …2027年度全国经销商大会" over "2026年1-11月，公司实现销售收入9.35亿元":
    the title's year is the meeting's); the latest such period.  None when the text gives
    figures for the title's year, or none at all."""
    figured = [m for pat in _PERIODS[:-1] for m in pat.finditer(doc.text)
               if _FIGURES_AFTER.match(doc.text, m.end()) and not planned(doc.text, m.start(), m.end())]
    ends = [(e, m) for m in figured if (e := period_end(m.group(0))) is not None]
    if not ends or any(e[0] >= year for e, _m in ends):
        return None
    latest = max(e for e, _m in ends)
    m = min((m for e, m in ends if e == latest), key=lambda m: (m.start(), -len(m.group(0))))
    return Answer(m.group(0), doc.text[_clause_bounds(doc.text, m.start(), m.end())[0]:m.end() + 40],
                  ["the period of the document's figures (the title names a later year)"])


#: a period said without digits ("今年一到十月", "今年前三季度", "今年上半年"): this year's
_SPOKEN_PERIOD = re.compile(r"(?:今年|本年度?)(?:([一二三四五六七八九十]{1,2}|\d{1,2})月?(?:到|至|—|-)"
                            r"([一二三四五六七八九十]{1,3}|\d{1,2})月|(前三季度|[上下]半年|第?[一二三四]季度|全年))")


def _spoken_period(doc: Document) -> Answer | None:
    """The period a transcript says its figures are for ("今年一到十月，我们店一共卖了三千二百万元"),
    with the year of the document's days when they all fall in one year ("2026年1-10月"), else as said."""
    from .spelled import _zh_int

    for m in _SPOKEN_PERIOD.finditer(doc.text):
        if not _FIGURES_AFTER.match(doc.text, m.end()) or _target_after(doc.text, m.end()):
            continue
        years = {d.year for d in doc.dates if d.day is not None}
        evidence = doc.text[_clause_bounds(doc.text, m.start(), m.end())[0]:m.end() + 40]
        if len(years) != 1:
            return Answer(m.group(0), evidence, ["the period as said (the document gives no year)"])
        year = years.pop()
        if m.group(3):
            value = f"{year}年{m.group(3)}"
        else:
            lo, hi = (int(g) if g.isdigit() else _zh_int(g) for g in (m.group(1), m.group(2)))
            if not (lo and hi and 1 <= lo < hi <= 12):
                continue
            value = f"{year}年{int(lo)}-{int(hi)}月"
        return Answer(value, evidence, [f"今年 is {year}, the year of the document's date"])
    return None


#: a month without its year ("11月", not "2026年11月", "11月5日" or "3个月")
_BARE_MONTH = re.compile(r"(?<![\d年.个])(?:1[0-2]|[1-9])月份?(?![\d日号底末初中])")
#: a plan's words after a period ("12月目标3,000万"): no period of the figures
_TARGET_NEAR = re.compile(r"[^。；;！？\n]{0,8}?(?:目标|计划|预计|力争|预算)")


def _target_after(text: str, end: int) -> bool:
    """A plan's words right after the period that ends at ``end`` ("2026年度营业收入预算为…")."""
    return _TARGET_NEAR.match(text[end:end + 24]) is not None


def _figures_years(doc: Document) -> list[re.Match[str]]:
    """Years the text gives the figures of ("2025年营业收入同比增长23.3%"), not a plan's."""
    return [m for m in _PERIODS[-2].finditer(doc.text)
            if not re.search(r"目标|计划|预计|力争|预算", doc.text[max(0, m.start() - 8):m.start()])]


#: a period phrase the report's main figures follow in its clause ("2026年1—10月，云舟书局实现营业收入")
_FIGURES_AFTER = re.compile(r"[^。；;！？\n]{0,24}?(?:营业收入|营收|销售收入|销售额|收入|净利润|利润总额|流水|卖了|"
                            r"revenue|sales)", re.I)


#: fields that are a one-line motto of the company
TAGLINE_KEYS = frozenset({"tagline", "subtitle", "slogan"})
_QUOTED = re.compile(r"[\"“”]([^\"“”]{8,160})[\"“”]")
#: a line that says who wrote a document or for whom: no motto of the company
_BYLINE = re.compile(r"^(?:(?:prepared|written|compiled|drafted|presented|submitted|sent|posted|published|"
                     r"updated|filed)\s+(?:by|for|to|on)\b"
                     r"|by\s+[A-Z]|(?:author|authors|confidential|draft|internal)\b)", re.I)
#: a letter's greeting or sign-off ("Hi all - short one this month"): no line of the company's
_GREETING = re.compile(r"^(?:hi|hello|hey|dear|thanks|thank you|best|cheers|regards)\b", re.I)
#: a sentence that only greets, thanks, promises or signs off: no fact about the company
_PLEASANTRY = re.compile(r"(?:hi|hello|hey|dear|thanks|thank you|best|cheers|regards|kind regards|"
                         r"as promised|as discussed|i hope|hope you|hope this|hope (?:everyone|all of you|all is)|please find|i have attached|"
                         r"attached is|happy to|looking forward|let me know|great to meet)\b"
                         r"|感谢|谢谢|您好|大家好|此致|敬礼|如有疑问", re.I)


#: a person's role, no company's name ("Director", "Executive Officer", "Partner")
_ROLE_NAME = re.compile(r"(?:Director|Officer|Partner|Chair(?:man|woman|person)?|CEO|CFO|CTO|COO|President|Founder|"
                        r"Co-?founder|Advisor|Adviser|Member|Manager|Secretary|Treasurer|Observer)s?")


def _name_aside(doc: Document, limit: int) -> tuple[str, str, str] | None:
    """"Loomwise (AI pattern design for small textile mills) closed October at ...": the words
    in brackets right after the name the memo is about (a name that recurs), when they are a
    phrase of words, not a figure or an abbreviation."""
    for m in re.finditer(r"\b([A-Z][\w&'-]+(?: [A-Z][\w&'-]+){0,3}) \(([^()\n]{10,120})\)", doc.text):
        name, aside = m.group(1), m.group(2).strip()
        if name.split()[0].lower() in ("we", "our", "the", "this", "it") or re.search(r"\d", aside) \
                or len(aside.split()) < 3 or len(aside) > limit or ":" in aside:
            continue
        if _ROLE_NAME.fullmatch(name.split()[-1]):
            continue  # "Carol Ashdown — Director (investor designee, Pinecrest Ventures)": a person's role
        if len(re.findall(rf"\b{re.escape(name)}\b", doc.text)) < 2:
            continue
        sent = doc.text[_clause_bounds(doc.text, m.start(), m.end())[0]:m.end()]
        return aside[0].upper() + aside[1:], sent.strip(), "the words in brackets after the company's name"
    return None


_IS_A = re.compile(r"(?:^|(?<=[.!?] )|(?<=: ))((?:[A-Z][\w&'-]* ){0,3}[A-Z][\w&'-]*) is (an? [^.:;,()]{8,200})",
                   re.M)


def _name_is_a(doc: Document, limit: int) -> tuple[str, str, str] | None:
    """"Stridekeep is a running coach in your earbuds: it adapts ...": what the sentence says the
    company is, when the name recurs and that fits in a line (to the first comma or colon)."""
    for m in _IS_A.finditer(doc.text):
        name, what = m.group(1), m.group(2).strip()
        if name.split()[0].lower() in ("we", "our", "the", "this", "it", "there", "that") \
                or len(re.findall(rf"\b{re.escape(name)}\b", doc.text)) < 2 or len(what) > limit \
                or re.search(r"\d", what):
            continue
        if doc.lang == "en" and re.match(r"\s*(?:[.!?]|$)", doc.text[m.end():]):
            # "Loomwell is a booking app for hair salons." says all of what it is: the description,
            # no motto set apart ahead of the details ("... a running coach in your earbuds: it ...")
            continue
        return what[0].upper() + what[1:], m.group(0), "what the document says the company is"
    return None


#: a street address ("2200 Riverbend Parkway", "410 Larkspur Avenue, Suite 6")
_STREET = re.compile(r"\b\d{1,5}\s+(?:[A-Z][\w'-]*\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Parkway|Pkwy|Boulevard|"
                     r"Blvd|Lane|Ln|Drive|Dr|Way|Place|Pl|Square|Sq|Court|Ct|Highway|Hwy)\b\.?")


def _under_title(doc: Document, limit: int) -> str | None:
    """The short line right under a memo's title ("Leak sensors for apartment blocks.")."""
    if not doc.sections:
        return None
    first = doc.sections[0]
    parts = first.paragraphs[:1] + first.bullets[:1]
    if not first.heading:
        from .names import _first_line_title

        # a title line that is no heading ("Ridgeway Solar: investor memo" in a Word file):
        # the line under it
        head = _first_line_title(doc)
        if not head or not first.paragraphs or first.paragraphs[0] != head:
            return None
        parts = first.paragraphs[1:2]
    if not parts and first.heading and len(doc.sections) > 1 and first.heading.split()[0].isupper() \
            and doc.sections[1].heading.rstrip().endswith((".", "!")):
        # "PLINTH" over "Inventory counts in minutes, not days." (a flyer's name and its slogan,
        # each a short line): the sentence read as the next heading is the line under the title
        parts = [doc.sections[1].heading]
    if not parts:
        return None
    # the one that comes first: a slide's bullet stands under its title, its notes after it
    parts.sort(key=lambda x: (doc.text.find(x, first.start) % (len(doc.text) + 1)))
    line = parts[0].strip()
    if len(doc.sentences(line)) != 1 or doc.labels and any(
            line.startswith(lab) for lab, _v, _o in doc.labels) or _GREETING.match(line):
        return None
    if any(d.raw.strip() == line.rstrip("。.").strip() for d in doc.dates):
        return None  # "October 9, 2025": the memo's date, not its motto
    if _STREET.search(line) or (re.search(r"\s[·•|]\s", line) and (
            any(d.raw in line for d in doc.dates) or re.search(r"\bupdated\b", line, re.I))):
        # "Chicago · 3 December 2026" under an event deck's title, "Company profile · DealCompass ·
        # Last updated 2 December 2026", a letterhead's "Office of the CFO · 2200 Riverbend
        # Parkway": where and when, no motto
        return None
    if _BYLINE.match(line):
        return None  # "Prepared by Sam Whitcombe (CEO) for the board meeting of ...": who wrote it
    if any(d.raw in line for d in doc.dates) and (re.search(r"\b\d{1,2}[:.]\d{2}\b", line) or _MEETING.search(line)):
        # "Meeting of the board of directors, 9 December 2026, 10:00": a meeting's day and hour,
        # no motto
        return None
    if line.rstrip().endswith(("?", "？")) or re.match(r"(?:describe|tell us|explain|list|please|briefly)\b",
                                                      line, re.I):
        return None  # "Describe the business in one sentence.": a form's question, not its answer
    if len(line) > limit:
        # "Phishing simulation and training for hospitals, in every language their staff speak.":
        # its first clause
        cut = line[:limit].rfind(", ")
        if cut < limit // 3:
            return None
        line = line[:cut]
    return line.rstrip("。.")


#: a chat export's first line naming its group: "钉钉群「甬味餐饮-经营日报群」聊天记录", "微信群“华东区周会”的聊天记录"
_CHAT_NAME = re.compile(r"[^\n「“\"《]{0,12}[「“\"《]([^」”\"》\n]{2,40})[」”\"》]\s*(?:的)?(?:聊天记录|群聊记录|消息记录)")


#: an official paper's number ("明湖司发〔2026〕18号", "国办函[2025]7号", "X发（2026）3号")
_DOC_NUMBER = re.compile(r"[\u4e00-\u9fffA-Za-z]{1,12}[〔\[［(（]\s*(?:19|20)\d\d\s*[〕\]］)）]\s*(?:第\s*)?\d{1,5}\s*号")


def _title(doc: Document) -> str:
    """The document's title: a "主题：" / "Subject:" line, else the first heading, with the line
    under it when the heading is only a name and that line says what report it is
    ("启明教育科技" over "2025年第二季度经营汇报")."""
    for label, value, _off in doc.labels:
        if label.strip().lower() in _TITLE_LABELS and 0 < len(value) <= 80:
            return re.sub(r"^(?:(?:re|fwd?)\s*:\s*)+", "", value, flags=re.I).strip()
    for label, value, off in doc.labels[:1]:
        # "致董事会：2026年度经营工作汇报" on the first line: the addressee, then the report's title
        if label.strip().startswith("致") and _REPORT_WORDS.search(value) and len(value) <= 40 \
                and re.fullmatch(rf"\s*{re.escape(label)}\s*[:：]\s*", doc.text[:off]):
            return value.strip()
    chat = _CHAT_NAME.match(doc.text.lstrip("\ufeff \n"))
    if chat:
        return chat.group(1).strip()
    title = doc.title if not (doc.lang == "zh" and _NEWS_BYLINE.fullmatch(doc.title)) else ""
    title = title or _zh_first_line(doc)
    if title and _DOC_NUMBER.fullmatch(title.strip()):
        # an official paper's number over its title ("明湖司发〔2026〕18号" / "关于表彰…的通报"): the
        # number files the paper, the line under it is its title
        at = doc.text.find(title)
        under = [x.strip() for x in doc.text[at + len(title):].split("\n") if x.strip()][:1] if at >= 0 else []
        if under and len(under[0]) <= 60 and not re.search(r"[。！？；;：:]", under[0]):
            return under[0]
    if not title or _REPORT_WORDS.search(title):
        return title
    at = doc.text.find(title)
    rest = doc.text[at + len(title):].lstrip("\n ") if at >= 0 else ""
    line = re.sub(r"^\s*(?:[-*•·]\s*)", "", rest.split("\n", 1)[0]).strip()
    # (not a Chinese form's line under it: "发布日期：2026年11月3日　分析师：韩蕴", whose 分析 is a label's)
    if line and len(line) <= 40 and _REPORT_WORDS.search(line) and not line.endswith(("。", ".", "：", ":")) \
            and not (doc.lang == "zh" and re.search(r"[:：]", line)):
        return title + line if doc.lang == "zh" else f"{title} {line}"
    return title


#: a numbered section's heading ("1 项目概述", "1.1 项目背景", "一、总体情况", "第一部分 经营情况"): no title
_NUMBERED_TITLE = re.compile(r"\s*(?:\d{1,2}(?:\.\d{1,2})*[\s、.．]\s*[\u4e00-\u9fff]|[一二三四五六七八九十]+、"
                             r"|[（(][一二三四五六七八九十]+[)）]|第[一二三四五六七八九十\d]+(?:部分|章|节|篇))")


#: a line that only says who reports: "【本报讯】（记者 钱雨桐）", "本报讯（通讯员 李华）", "（记者 王明）"
_NEWS_BYLINE = re.compile(r"(?:[【\[]?[\u4e00-\u9fff]{2,10}讯[】\]]?)?\s*(?:[（(][^（）()]{0,8}(?:记者|通讯员|实习生|编辑)"
                          r"[^（）()]{0,30}[)）])?")


def _zh_first_line(doc: Document) -> str:
    """A Chinese document without any heading: its first line when that is a title, a short line
    that is no sentence, no letter's salutation and no date ("山川咖啡这一年：从3家店到28家店" over
    an article; its colon is a headline's), else ""."""
    if doc.lang != "zh" or doc.spoken:
        return ""
    from .document import _BYLINE as _DOC_BYLINE
    from .document import _SALUTATION

    lines = [x.strip() for x in doc.text.split("\n") if x.strip()]
    # a news release's byline and its editor's note above the headline ("【本报讯】（记者 钱雨桐）",
    # "编者按：…"): no title
    while len(lines) > 2 and (_NEWS_BYLINE.fullmatch(lines[0]) or lines[0].startswith(("编者按", "编者的话"))):
        lines = lines[1:]
    if len(lines) < 2:
        return ""
    line = lines[0]
    # (a longer line without a comma is a title too: "【直播回放文字稿】禾川农品旗舰店 · 双十一返场专场 ·
    # 2026年11月15日晚", a programme's name with its date)
    if not 6 <= len(line) <= (60 if not re.search(r"[，,]", line) else 40) or re.search(r"[。！？；;]", line) or line.endswith(("：", ":", "，", ",")) \
            or _SALUTATION.match(line) or _DOC_BYLINE.match(line) or "; " in line \
            or any(d.start < len(line) + doc.text.find(line) and d.raw.strip() == line for d in doc.dates):
        return ""
    label = re.match(r"([^:：]{1,30})[:：]\s*(.*)$", line)
    if label and (re.search(r"日期|时间|期间|报告期|编制|单位|部门|作者|发件|收件|抄送|date|from|to", label.group(1), re.I)
                  or re.fullmatch(r"[\d\s,.%万亿元年月日:-]+", label.group(2))):
        return ""  # "报告期：2026年3月", "发件人：…": a form's line, no title
    return line


def pick_headline(doc: Document, f: Field) -> Answer | None:
    limit = _limit(f, HEADLINE_CHARS, doc.lang)
    title = _title(doc) if f.key == "title" and len(f.keys) == 1 else ""
    # a document's own title is kept whole ("宁远…股份有限公司关于2025年度审计发现问题整改情况的报告")
    if title and len(title) <= (f.max_chars or TITLE_CHARS[doc.lang]) and not (
            doc.lang == "zh" and _NUMBERED_TITLE.match(title)):
        return Answer(title, title, ["the document's title"])
    if f.key == "title" and len(f.keys) == 1 and doc.lang == "zh":
        # a Chinese document without a title line ("1 项目概述" first): none, rather than a
        # sentence cut to a headline's length ("2026年1—10月，山川咖啡营业收入8")
        return None
    lv = _label_value(doc, f)
    if lv and f.key == "period" and re.search(r"\S\s*[（(][^（）()]{1,30}[)）]$", lv[0]):
        # "报告期：2026年9月（2026年Q3末月）": the period, without the gloss in brackets after it
        lv = (re.sub(r"\s*[（(][^（）()]{1,30}[)）]$", "", lv[0]), lv[1])
    if lv and len(lv[0]) <= limit:
        return Answer(lv[0], lv[1], [])
    if f.key == "period":
        return _period(doc)
    if f.key in TAGLINE_KEYS and not _label_value(doc, f):
        from .slogans import named_slogan, signature_slogan

        named = named_slogan(doc, limit)  # "Our line on every van: Fresh from the farm, cold all the way."
        if named:
            return Answer(named[0], named[1], ["the line the document names as its slogan"])
        line = _under_title(doc, limit)
        if line:
            return Answer(line, line, ["the line under the document's title"])
        signed = signature_slogan(doc, limit)  # "Best, / Ines Okafor / CEO, Quillfeather Labs / Every word, on the record."
        if signed:
            return Answer(signed[0], signed[1], ["the short line under the signature's name and role"])
        found = _name_aside(doc, limit) or _name_is_a(doc, limit)
        if found:
            return Answer(found[0], found[1], [found[2]])
        # a sentence that gives it ("Our one-liner is 'Robots that weed ...'"), never just the
        # opening of the memo: an e-mail's header, a date line or a founding sentence is no tagline
        p = _retrieve(doc, f, opening=False)
        if p is None or not _count(p.evidence.lower(), f.own_words()):
            return None
        quoted = _QUOTED.search(p.evidence)
        if quoted and len(quoted.group(1).split()) >= 3 and len(quoted.group(1)) <= limit:
            return Answer(quoted.group(1).rstrip(".").strip(), p.evidence, ["the words in quotes"])
    p = _retrieve(doc, f)
    if p is None:
        return None
    line = _summary(_without_corrected(doc, p.text), doc.lang, limit, "headline")
    from .document import _SALUTATION

    if _SALUTATION.match(line.strip()):
        return None  # "各位董事：" opens a letter: no headline of it
    if _only_labels(doc, line):
        return None  # "To: Board of directors From: Priya Raman, CEO Date: ...": no headline
    return Answer(line, p.evidence or line, p.notes)


def _without_corrected(doc: Document, text: str) -> str:
    """``text`` without its sentences that state a figure the document later corrects ("Our ARR
    is $780K" before "P.S. … our ARR is $740K, not $780K"): a slide must not show the old one
    (every sentence of it does, the text is kept: the correction itself repeats the old figure)."""
    from .corrections import corrections

    fixes = corrections(doc)
    if not fixes:
        return text
    old = {m.raw for olds, _new, _guess in fixes for m in olds}
    new = {n.raw for _olds, n, _guess in fixes}
    sents = doc.sentences(text)
    keep = [x for x in sents if not any(r in x for r in old) or any(r in x for r in new)]
    return " ".join(keep) if keep and len(keep) < len(sents) else text


#: a sentence about the document itself, no fact of the company ("Quick November update below.",
#: "Below are our answers to the five questions you left us with.", "Numbers are as of 30 November
#: 2026.", "This summary was exported from Google Docs"), or a postscript
_ABOUT_DOCUMENT = re.compile(
    r"(?:^|\b)(?:below|above|attached)[.:!]?$|^(?:below|here|attached|enclosed) (?:are|is|you(?:'ll| will) find)\b"
    r"|^(?:all )?(?:numbers|figures|data|amounts) (?:are|is) (?:as (?:of|at)|in|unaudited)\b"
    r"|^(?:a )?quick (?:\w+ )?(?:update|note|summary)\b"
    r"|\bthis (?:summary|memo|update|e-?mail|note|document|deck|letter|file) (?:was|is|has been) "
    r"(?:exported|generated|converted|sent|written|prepared|shared)\b"
    r"|^p\.?\s?p?\.?\s?s\.?(?:\s|:)", re.I)
#: a meeting's line ("Meeting of the board of directors", "Board meeting")
_MEETING = re.compile(r"\bmeeting\b|\bagenda\b|\bminutes\b", re.I)


def _no_fact(doc: Document, part: str) -> bool:
    """Whether ``part`` is a postscript, or its every sentence is a short greeting or sign-off or
    speaks of the document itself (stricter than :func:`pleasantry`: "Hi Product Hunt! When our
    son spent eleven weeks in hospital, ..." read as one sentence states a fact)."""
    if doc.lang != "en":
        return False
    if re.match(r"p\.?\s?p?\.?\s?s\.?(?:\s|:)", part.strip(), re.I):
        return True
    return all((_PLEASANTRY.match(x.strip()) and len(x) < 80) or _ABOUT_DOCUMENT.search(x.strip())
               for x in doc.sentences(part))


def pleasantry(doc: Document, part: str) -> bool:
    """Whether every sentence of ``part`` only greets, thanks, promises or signs off, or speaks
    of the document itself ("Quick November update below."), or the part is a postscript."""
    if doc.lang == "en" and re.match(r"p\.?\s?p?\.?\s?s\.?(?:\s|:)", part.strip(), re.I):
        return True  # "P.S. Our office moves to 41 Arden Street on December 15": an aside
    return all(_PLEASANTRY.match(x.strip()) or (doc.lang == "en" and _ABOUT_DOCUMENT.search(x.strip()))
               for x in doc.sentences(part))


def _only_labels(doc: Document, line: str) -> bool:
    """Whether ``line`` is nothing but the document's ``Label: value`` lines run together."""
    rest = line
    for lab, v, _off in doc.labels:
        for sep in (": ", "： ", "：", ":"):
            rest = rest.replace(f"{lab}{sep}{v}", "")
    return bool(line.strip()) and not rest.strip(" ,;.…")


def pick_text(doc: Document, f: Field) -> Answer | None:
    lv = _label_value(doc, f)
    limit = _limit(f, TEXT_CHARS, doc.lang)
    if lv and len(lv[0]) <= limit:
        return Answer(lv[0], lv[1], [])
    if f.key == "description" and doc.lang == "en":
        headed = section_for(doc, f)
        if headed is None or not headed.paragraphs or not _heading_names(headed, f):
            trade = _trade_sentence(doc, limit)
            if trade:
                return Answer(trade, trade, ["the sentence that says what the company does"])
    p = _retrieve(doc, f, need_paragraphs=True)
    if p is None:
        return None
    text = _summary(_without_corrected(doc, p.text), doc.lang, limit, "paragraph")
    return Answer(text, p.evidence or text, p.notes)


#: verbs of a sentence about the company that say no line of business ("Tidewell raises ...")
_NOT_TRADE = frozenset(("is", "was", "has", "does", "says", "reports", "raises", "claims", "expects", "plans", "needs",
                        "wants", "hopes", "aims", "targets", "seeks", "closes", "closed", "grows", "passes", "crosses",
                        "reaches", "hits", "gets", "thanks", "welcomes", "announces", "joins", "wins", "loses", "tells"))


def _trade_sentence(doc: Document, limit: int) -> str | None:
    """The first sentence whose subject is the company, doing its line of business ("Corbelite
    makes scheduling software that lets general contractors plan ...", "Fenlight installs and
    operates behind-the-meter batteries ..."): what a description says, where no prose section
    is headed as one (a profile's "Overview" of labels, a deck's "By the numbers")."""
    from .names import _TRADE_VERB, _recurring_name

    found = _recurring_name(doc)
    name = str(found.value) if found is not None else ""
    if not name:
        return None
    first = re.escape(name.split()[0])
    for sec in doc.sections:
        for part in sec.paragraphs + sec.bullets:
            for sent in doc.sentences(part):
                sent = sent.strip()
                m = re.match(rf"{first}(?:\s+[A-Z][\w&'-]*){{0,3}}(?=\s)", sent)
                verb = re.match(r"\s+(?:\([^()\n]{1,40}\)\s+)?([a-z]+s)\s+(?:and\s+[a-z]+s\s+)?[a-z]", sent[m.end():]) \
                    if m else None
                if verb and (_TRADE_VERB.match(sent, m.end()) or verb.group(1) not in _NOT_TRADE) \
                        and len(sent) <= limit and not re.search(r"\d(?![A-Za-z])", sent):
                    # (no figure; "3D-printing labs" is a word with a digit in it)
                    return sent.rstrip(".")
    return None


def _enumerated(sentence: str, lang: str) -> list[str] | None:
    """The items of one sentence that is a list: parts set apart by semicolons (at least two),
    or, after a colon, at least three clauses set apart by commas ("The problem is always the
    same: clinics close at 6 pm, a visit starts at $250, and owners google symptoms at 2 am");
    each item a clause of at least three words.  None for a sentence that is no such list."""
    body = sentence.strip().rstrip("。.")
    colon = re.search(r":\s|：", body)
    if colon and colon.start() <= 60:
        body = body[colon.end():]
    parts = [x for x in re.split(r"\s*[;；]\s*", body) if x.strip()]
    if len(parts) < 2:
        if not colon or lang != "en":
            return None
        parts = [x for x in re.split(r",\s+(?:and\s+)?", body) if x.strip()]
        # "if a bike breaks, a replacement is at the door": a condition and its clause are one item
        for k in range(len(parts) - 2, -1, -1):
            if re.match(r"(?:if|when|once|because|unless|although|whenever)\b", parts[k].strip(), re.I):
                parts[k:k + 2] = [f"{parts[k]}, {parts[k + 1]}"]
        if len(parts) < 3:
            return None
    if any(len(x.split()) < 3 for x in parts) and lang == "en":
        return None
    out = [x.strip() for x in parts]
    return [x[0].upper() + x[1:] + ("" if x.endswith((".", "。")) else ("。" if lang == "zh" else "."))
            for x in out]


def _beyond_headline(doc: Document, f: Field, sents: list[str]) -> list[str] | None:
    """Points read from prose (no bullets) without the sentence the other part's headline says
    (``fields.FOLLOWS``: a problem's points never hold the solution, nor a solution's the
    problem): "Salon owners lose hours to no-shows. Loomwell takes a deposit at booking." is a
    problem and its answer, no list of the problem's points.  When that leaves fewer than two
    sentences, no points: the one left is the headline itself."""
    if len(f.keys) < 2 or f.key not in ("points", "bullets"):
        return sents
    pairs = {**FOLLOWS, **{v: k for k, v in FOLLOWS.items()}}
    other = pairs.get(f.keys[-2])
    if other is None:
        return sents
    from dataclasses import replace

    keys = f.keys[:-2] + (other, "headline")
    head = replace(f, keys=keys, pointer="/" + "/".join(keys), schema={"type": "string"},
                   kind="headline", children=[])
    got = pick_headline(doc, head)
    said = re.sub(r"\W+", " ", str(got.value if got else "")).strip().lower()[:40]
    if len(said) < 20:
        return sents
    # nor the sentence that says what the company is ("Loomwell is a booking app for ..."):
    # the description's
    rest = [x for x in sents if said not in re.sub(r"\W+", " ", x).strip().lower()
            and not _IS_A.match(x.strip())]
    if len(rest) == len(sents):
        return sents
    return rest if len(rest) >= 2 else None


def pick_bullets(doc: Document, f: Field) -> Answer | None:
    n = min(f.max_items, MAX_BULLETS)
    limit = BULLET_CHARS[doc.lang]
    items = f.schema.get("items") if isinstance(f.schema.get("items"), dict) else {}
    limit = int(items.get("maxLength", limit))
    from ..summarize.extractive import shorten

    s = section_for(doc, f)
    if s is not None and s.bullets and (_heading_names(s, f) or not s.paragraphs):
        from .records import priced_bullets

        priced = priced_bullets(doc)
        if not f.keys[0].startswith("product") and priced and all(
                any(b.strip().startswith(n) and b.strip().endswith(t) for n, t in priced) for b in s.bullets):
            return None  # "- Starter Kit — …, $29 one-off": products, not the solution's points
        picked, p = s.bullets[:n], Passage("", s.heading, [f"from section {s.heading!r}"])
    else:
        p = _retrieve(doc, f)
        if p is None:
            return None
        picked = doc.sentences(p.text)[:n]
        if doc.lang == "en":
            picked = _beyond_headline(doc, f, doc.sentences(p.text))
            if picked is None:
                return None
            picked = picked[:n]
    notes = p.notes
    if len([x for x in picked if x]) == 1 and n > 1:
        # one sentence that lists them: "Problem: a; b; c", "... the same: a, b, and c"
        picked = _enumerated(next(x for x in picked if x), doc.lang) or []
        # else one sentence is all the document says about it: that is the headline, and points
        # that only repeat it add nothing ("The problem: dental offices lose 11 appointments a week")
        picked, notes = picked[:n], notes + ["the parts of one sentence that lists them"]
    picked = [shorten(x, limit, doc.lang) if len(x) > limit else x for x in picked]
    picked = [x for x in picked if x]
    if not picked:
        return None
    return Answer(picked, p.evidence, notes)
