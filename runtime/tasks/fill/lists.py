"""Arrays of objects from lists written in prose or bullets, for documents without tables.

A memo rarely has a "Use of funds" table; it says "45% for engineering,
35% for sales and 20% for support", lists "- Q1 2025: $610k" bullets, or
(in Chinese) "远程影像诊断占52%，智能阅片软件占28%".  A :class:`ListGroup` is
such a run of items, each one label and one number; a ``from-table`` field
whose items need one label and one number (``label``/``share``,
``name``/``share``, ``label``/``arr``) takes the group whose context (the
words before the list, the section heading) names the field, a share list
summing to 100 % counting more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .document import _BULLET, _UNIT_LINE, Document, Mention, Table
from .extract import _glued
from .fields import Field
from .words import count

__all__ = ["ListGroup", "find_groups", "pick_list"]

_SPLIT = re.compile(r"\s*(?:,(?!\d)|;|\s/\s|\s[·•]\s|、|，|；|\band\b|以及|和|及|\bto\b(?=\s*[$€£¥\d]))\s*")
_NUMBER_AND_SPLIT = re.compile(r"\s*(?:,(?!\d)|;|\s/\s|\s[·•]\s|、|，|；|\band\b(?=\s*[$€£¥\d])|(?:以及|和|及)(?=[\d$¥]))\s*")
_STRONG_SPLIT = re.compile(r"\s*(?:,(?!\d)|;|\s/\s|\s[·•]\s|、|，|；)\s*")
#: a slide's line of items set apart by spaced dashes or bars ("Sales 60% - Product 40%",
#: "50% sales – 30% product – 20% support")
_DASH_SPLIT = re.compile(r"\s*(?:,(?!\d)|;|\s[-–—|]\s|\s/\s|\s[·•]\s)\s*")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
#: an item labelled by its period: "$610k in Q1 2025", "2026年第一季度1,200万元"
_PERIOD_LABEL = re.compile(r"\b(?:Q[1-4]|H[12])\s?FY\s?(?:\d{2}|\d{4})\b|\bFY\s?(?:\d{2}|\d{4})\s?(?:Q[1-4]|H[12])\b|"
                           # a fiscal quarter or half as written ("Q2 FY26", "FY2027 H1"), before the
                           # calendar forms
                           rf"\b(?:Q[1-4]|H[12])\s?(?:'?\d{{2}}|\d{{4}})\b|\bFY\s?\d{{2,4}}\b|\b{_MONTH} \d{{4}}\b"
                           # a quarter without its year ("Chart data: Q1 ARR $1.8M, Q2 $2.3M, Q3 $2.9M")
                           r"|\bQ[1-4]\b(?!\s?['’]?\d)"
                           r"|\d{4}年(?:第?[一二三四1-4]季度|[上下]半年)?|第?[一二三四]季度|[上下]半年")
_FILLER_HEAD = re.compile(r"^(?:(?:and|for|on|to|of|in|at|into|goes to|go to|is|was|from|by|with|the)\b\s*"
                          r"|(?:其中|占|为|约|达|是|用于|(?:本公司|公司|集团|我司)(?=[\u4e00-\u9fff]{2})"
                          # "收入中设备销售3,192万元", "营收里面化妆品原料": the whole the item is part of
                          r"|(?:收入|营收|营业额|销售额?|流水)(?:中|里面?|当中|之中)(?=[A-Za-z\u4e00-\u9fff]{2})"
                          # "本周冷藏干线收入642万元": the period the amount is for is no part of its name
                          r"|(?:本|当|上|今)(?:周|月|季度?|年度?|期)(?!度)(?=[A-Za-z\u4e00-\u9fff][A-Za-z\d\u4e00-\u9fff])"
                          # "前三季度生鲜食品销售收入3.15亿元": the period is no part of the name
                          r"|(?:前三季度|[上下]半年)(?=[A-Za-z\u4e00-\u9fff]{2}))\s*)+", re.I)
#: the month or year an item's amount is for, opening it ("11月诊疗收入1,950万元", "2025年升压站设备收入
#: 96,300万元"): no part of its name,
#: and no second figure of the item
_MONTH_HEAD = re.compile(r"^\s*(?:\d{4}年度?(?:\d{1,2}月份?)?|(?:\d{1,2}|[一二三四五六七八九十]{1,3})月份?)"
                         r"(?=[A-Za-z\u4e00-\u9fff]{2})(?!份|度)")
_FILLER_TAIL = re.compile(r"(?:\s+(?:for|on|of|in|at|is|was|to|goes|go)|\s*(?:占比|占|为|大概|大约|差不多|将近|约|达|共|的|收入|销售额|营业额|营收|比重|比例|实现|"
                          r"业务|营业|板块))+$",
                          re.I)
_PUNCT = " \t:：-—–()（）.,。，;；%"


#: the whole a share is of, after the item's name ("收入占全年营收的", "占公司总销售额"): no part of its name
_SHARE_OF = re.compile(r"(?:收入|销售额|营业额|营收)?占(?:全年|全部|公司|本期|当期|全|总)?[\u4e00-\u9fff]{0,4}"
                       r"(?:收入|营收|销售额|营业额)(?:的)?(?:比重|比例)?$")
#: words that only rank an item ("亚马逊美国站贡献最大"): no part of its name
_TOP = re.compile(r"(?:的?(?:贡献|占比|份额|收入|销售额|规模)?(?:最大|最高|最多|居首|第一|次之|其次|最小|最低|最少))$")


@dataclass
class Item:
    label: str
    number: Mention
    text: str
    lead: str = ""  # words before a period label ("ARR grew from"), the list's context
    period: bool = False
    alt: Item | None = None
    after: str = ""  # the label read after the number ("45% goes to manufacturing"), if any  # the same item labelled by its period, when it names one


@dataclass
class ListGroup:
    items: list[Item]
    context: str  # the words before the list and the section heading
    evidence: str


#: words that only qualify a number ("Roughly 45% goes to manufacturing"): no label
_HEDGE = re.compile(r"^(?:roughly|about|around|approximately|approx\.?|some|nearly|almost|just over|"
                    r"just under|over|under|up to|circa|ca\.|约|大约|近|超过)$", re.I)
_ASIDE = re.compile(r"\s*[（(][^）)]{0,40}[）)]")
#: a bracketed aside of any length on one line ("40% product (satellite data fusion, automatic leak
#: sizing)"): commas inside it part no items, and it makes no list line long
_LONG_ASIDE = re.compile(r"\s*[（(][^（）()\n]{0,160}[）)]")
#: a verb that sends the money on, the number after it: "Funds will go 45% to engineering"
_HEAD_VERB = re.compile(r"\b(?:go|goes|going|split|splits|divided|allocated|earmarked|spent)$", re.I)
#: words for a part of the money that name no use ("Most of it (70%) goes to two hires, the
#: rest (30%) to marketing"): the label follows the number
_PORTION = re.compile(r"^(?:(?:and|but)\s+)?(?:most|the (?:rest|remainder|balance|bulk|majority)|the remaining(?: \w+)?)"
                      r"(?:\s+of\s+(?:it|that|this|the \w+))?$"
                      # "剩下两成是冻干咖啡", "其余15%为服务": what is left, named after its share
                      r"|^(?:剩下的?|剩余的?|其余的?|余下的?)$", re.I)


#: words that open the part after a number before its label ("of the round for", "goes to")
_LEAD_VERB = re.compile(r"(?:of|goes|go|going|will|would|is|are|be|earmarked|allocated|set|used|spent|"
                        r"reserved|pays?|funds?)\b", re.I)


def _after_label(tail: str) -> str:
    """The label written after a number: "goes to manufacturing", "of the round for the
    commercial plant" -> "commercial plant" (the words after the last for/to/on)."""
    tail = _ASIDE.sub("", tail).strip(_PUNCT)
    m = list(re.finditer(r"\b(?:for|to|on|into|towards)\s+", tail))
    # "of the round for the commercial plant", "goes to manufacturing": the label follows the
    # preposition; "R&D on the next drone" is a label of its own
    if m and (m[0].start() == 0 or _LEAD_VERB.match(tail)):
        tail = tail[m[-1].end():]
    label = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", tail)).strip(_PUNCT)
    return label


def doc_lang_en(text: str) -> bool:
    return not re.search(r"[\u4e00-\u9fff]", text)


def _item(text: str) -> Item | None:
    # "We are raising $8M. Roughly half goes to engineering": the item is the last sentence, the
    # ones before it are the list's context
    # (or a figure: "£6M. 50% fleet of crates")
    ends = [m.end() for m in re.finditer(r"(?<![A-Z]\.[A-Z])(?<=[a-z0-9%)][.!?])\s+(?=[A-Z])|(?<=[a-zA-Z0-9%)][.!?])\s+(?=[A-Z][a-z])"
                                         r"|(?<=[A-Za-z%)][.!?])\s+(?=[$€£¥]?\d)"
                                         # a chat's sentence without its capital ("~26 months runway.
                                         # split 60% stations"), not an abbreviation ("approx. 60%")
                                         r"|(?<![Aa]pprox\.)(?<=[a-z]{4}[.!?])\s+(?=[a-z]+ [$€£¥~]?\d)", text)]
    if ends and re.search(r"\d|\bhalf\b", text[ends[-1]:], re.I):
        it = _item_of(text[ends[-1]:])
        if it is not None:
            it.lead = (text[:ends[-1]].strip() + " " + it.lead).strip()
        return it
    return _item_of(text)


#: emoji and pictographs opening a line ("🔥 ", "👉"), and a bullet mark set inside a line ("业务构成：• 冷链仓储
#: 6.18亿元 • 冷链配送4.94亿元": no part of an item's name)
_EMOJI_HEAD = re.compile(r"^[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D\s•·▪●◦‣・∙►▸]+")


def _item_of(text: str) -> Item | None:
    from ..summarize.facts import find_dates, find_mentions
    from .spelled import spelled_mentions

    text = _MONTH_HEAD.sub("", text)
    dates = find_dates(text)
    digits = find_mentions(text)
    # figures in words too ("食品检测占比百分之三十")
    words = spelled_mentions(text, "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en",
                             [(m.start, m.end) for m in digits] + [(d.start, d.end) for d in dates])
    nums = [m for m in sorted(digits + words, key=lambda m: m.start) if not _glued(text, m)
            and not any(d.start <= m.start < d.end for d in dates)]
    if doc_lang_en(text) and not [m for m in nums if m.percent or m.currency]:
        from .spelled import fraction_share

        # "a third to field operations", "$ split: 2/3 eng, 1/3 sales": a fraction of the whole
        # (its digits are no figures of their own)
        frac = fraction_share(text)
        if frac is not None and all(frac.start <= m.start < frac.end for m in nums):
            nums = [frac]
    if not nums:
        from .spelled import _HALF

        # "Roughly half goes to the drone" among "30% to Chile, and 20% to service", "一半用于研发":
        # 50 % (the list must then be shares of a whole with the others)
        h = _HALF.search(text) if doc_lang_en(text) else re.search(r"一半", text)
        if h is not None and not re.search(r"\bhalf\b|一半", text[h.end():], re.I):
            nums = [Mention(50.0, h.group(0), h.start(), h.end(), True, "", "", False)]
    share = _bracketed_share(text, nums)
    if share is not None:
        return share
    if len(nums) == 2 and nums[1].percent and not nums[0].percent:
        # "数据治理平台实现收入1.29亿元，占总收入的55%": an amount and its share; the item is the
        # share, labelled by the words before the amount
        m = nums[1]
        # "分业务看，工商业储能收入2.94亿元": the label is the last clause before the amount
        head = re.split(r"[，,：:]", _ASIDE.sub("", text[:nums[0].start]).strip(_PUNCT))[-1]
        label = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", head.strip(_PUNCT))).strip(_PUNCT)
        if label and len(label) <= 40 and re.search(r"[A-Za-z\u4e00-\u9fff]", label):
            return Item(label, m, text)
        return None
    if len(nums) != 1:
        return None
    m = nums[0]
    head, tail = text[:m.start], re.sub(r"^(?:元|美元|人民币|块钱)", "", text[m.end:])  # "8,200万元": 元 is no label
    if _HEDGE.match(head.strip(_PUNCT)) or _PORTION.match(_ASIDE.sub("", head + ")").strip(_PUNCT)) \
            or _HEAD_VERB.search(head.strip(_PUNCT)):
        # "Roughly 45% goes to manufacturing", "Funds will go 45% to engineering": labelled
        # after the number
        head = ""
    when = _PERIOD_LABEL.search(text)
    period = Item(when.group(0), m, text, lead=text[:min(when.start(), m.start)].strip(_PUNCT),
                  period=True) if when is not None else None
    after = _after_label(tail)
    if ":" in head or "：" in head:
        # "Q3 2025: $410k" is labelled before the colon; "资金用途：研发占50%" after it
        before, after = re.split(r"[:：]", head, maxsplit=1)
        after = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", after.strip(_PUNCT))).strip(_PUNCT)
        label = after or before
    else:
        # ("其中40%用于研发": 其中 only opens the list, the label is after the number)
        label = _FILLER_HEAD.sub("", _ASIDE.sub("", head).strip(_PUNCT)).strip(_PUNCT) or after
    if re.search(r"[，,]\s*占", label):
        # "亚马逊美国站贡献最大，占全部销售额的48%": the item is named in the clause before the share
        label = _TOP.sub("", re.split(r"[，,]\s*占", label)[0].strip(_PUNCT))
    label = _SHARE_OF.sub("", label.strip(_PUNCT))  # "工业传感器收入占全年营收的46%"
    label = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", label.strip(_PUNCT))).strip(_PUNCT)
    label = _FILLER_HEAD.sub("", _ASIDE.sub("", label)).strip(_PUNCT)
    label = _EMOJI_HEAD.sub("", label)  # "🔥 SaaS订阅收入占比55%": the post's emoji is no part of the name
    if not label or len(label) > 50 or len(label.split()) > 8 \
            or not re.search(r"[A-Za-z\u4e00-\u9fff]", label):
        return period
    return Item(label, m, text, alt=period, after=after if label == after else "")


#: the words before a share written in brackets after its use that are no part of its name
#: ("to be spent on sensor manufacturing (45%)", "will fund manufacturing of portals (60%)")
_USE_LEAD = re.compile(r"\b(?:on|for|to|into|towards?|fund|funds|finance|finances|cover|covers|between|among|"
                       r"across)\s+|用于|投入|投向|分配给|拨给", re.I)


def _bracketed_share(text: str, nums: list[Mention]) -> Item | None:
    """"sensor manufacturing (45%)", "研发（40%）": a share in brackets at the end of a piece,
    named by the words right before the brackets (after the verb or preposition that leads to
    them, within their sentence); None when the piece is not so written."""
    if not nums or not nums[-1].percent:
        return None
    m = nums[-1]
    opened = re.search(r"[(（]\s*(?:about|around|roughly|c\.|约)?\s*$", text[:m.start])
    if opened is None or not re.fullmatch(r"\s*[)）][\s.。]*", text[m.end:]):
        return None
    head = text[:opened.start()]
    starts = [x.end() for x in re.finditer(r"[.!?;:]\s+|[。！？；：]", head)]
    start = starts[-1] if starts else 0
    if len(nums) > 1 and nums[-2].start >= start:
        # "Sensor manufacturing, $9M (45%)": named before its amount
        head = re.sub(r"(?:[$€£¥]|usd|us\$|rmb)\s*$", "", head[:nums[-2].start].rstrip(" ,，:：-—–"), flags=re.I)
    head = head[start:]
    leads = list(_USE_LEAD.finditer(head))
    if leads:
        head = head[leads[-1].end():]
    label = re.sub(r"^(?:the|a|an|our|its|their)\s+", "", head.strip(_PUNCT), flags=re.I)
    label = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", label)).strip(_PUNCT)
    if not label or len(label) > 50 or len(label.split()) > 6 or not re.search(r"[A-Za-z\u4e00-\u9fff]", label):
        return None
    # the sentences before the item's own ("We are raising $6M. The money goes to A (40%)"): the
    # list's context
    return Item(label, m, text, lead=text[:start].strip())


def _whole_or_series(g: ListGroup) -> bool:
    """The items are shares making a whole of 100 % or a series over periods (what a line set
    apart by dashes must be to be a list)."""
    return all(it.period for it in g.items) or (all(it.number.percent for it in g.items)
                                                 and abs(sum(it.number.value for it in g.items) - 100) <= 1.1)


def _shares_past_asides(pieces: list[str], context: str, evidence: str) -> ListGroup | None:
    """"45% engineering, 35% sales in Kansas, the Dakotas and Canada, and 20% manufacturing":
    shares whose labels run on past a comma (a piece without a figure after an item only goes on
    with its label: the item keeps the words before the comma); a list only when they make a
    whole of 100 %."""
    joined: list[str] = []
    for p in pieces:
        if joined and _item(p) is None and not re.search(r"\d|[%％]", p):
            continue
        joined.append(p)
    if len(joined) == len(pieces) or len(joined) < 2 or not any(_item(p) for p in joined[:1]):
        return None
    g = _group(joined, context, evidence, sentence=True)
    return g if g is not None and not all(it.period for it in g.items) and _whole_or_series(g) else None


#: words that say the amounts after a total are its parts
_PARTS_FOLLOW = re.compile(r"^\s*(?:其中|包括|of which|including)", re.I)
#: a clause that only gives the change of the figure before it
_CHANGE = re.compile(r"(?:同比|环比|较上年|比上年|较去年)?(?:增长|下降|上升|减少|增加|下滑)了?\s*\d[\d.]*\s*[%％]")


#: the last use of a list of shares, given as what is left: "the rest to sales"
_REST = re.compile(r"^(?:and\s+|but\s+)?(?:the (?:rest|remainder|balance)|what(?:'s| is) left|whatever remains)"
                   r"(?:\s+of\s+(?:it|that|this|the \w+))?\s+(?:goes\s+|will go\s+|is\s+)?(?:to|for|on|into)\s+(.+)$", re.I)


def _rest_item(text: str, items: list[Item]) -> Item | None:
    """"Half of it goes to a second press line, the rest to sales": the last item's share is
    what the shares before it leave of 100 %."""
    m = _REST.match(text.strip(_PUNCT))
    if m is None or not all(it.number.percent for it in items):
        return None
    left = 100 - sum(it.number.value for it in items)
    label = _FILLER_TAIL.sub("", _FILLER_HEAD.sub("", m.group(1))).strip(_PUNCT)
    if not 0 < left < 100 or not label or len(label.split()) > 6:
        return None
    return Item(label, Mention(round(left, 10), m.group(0), 0, len(text), True, "", "", False), text, after=label)


def _group(pieces: list[str], context: str, evidence: str, sentence: bool = False
           ) -> ListGroup | None:
    """The list ``pieces`` make, if they do.  In a sentence ("a, b and c") it needs three
    items, or items labelled by periods, or shares summing to 100 %: "ARR is $1.1M, up from
    $600k" is two facts, not a list."""
    items: list[Item] = []
    lead: list[str] = []
    if sentence and len(pieces) > 2:
        # "A收入1.02亿元，同比下降26.1%，B收入0.71亿元，同比增长9.2%": each amount's change is
        # said of it, and is no item of the list
        kept = [p for p in pieces if not _CHANGE.fullmatch(p.strip())]
        pieces = kept if len(kept) >= 2 else pieces
    for n, p in enumerate(pieces):
        it = _item(p)
        if it is None and n == len(pieces) - 1 and items:
            it = _rest_item(p, items)
        if it is None:
            if items and sentence and not doc_lang_en(p) and not any(re.search(r"\d|[%％]", q) or _item(q) for q in pieces[n:]):
                # "收入中设备销售3,192万元、灌溉SaaS订阅912万元、运维服务456万元，结构合理": a remark
                # without any figure after the list ends it
                break
            if items:
                return None  # a list is items to its end
            lead.append(p)
            continue
        items.append(it)
    if len(items) >= 3 and all(it.number.currency or it.number.scaled for it in items) \
            and not any(it.number.percent for it in items) and _PARTS_FOLLOW.search(items[1].text) \
            and abs(items[0].number.value - sum(it.number.value for it in items[1:])) \
            <= 0.005 * items[0].number.value:
        # "全年实现营业收入1.73亿元，其中线下培训收入1.02亿元，线上课程收入0.71亿元": the total,
        # then its parts
        lead.append(items[0].text)
        items = items[1:]
    if len(items) < 2:
        return None
    if any(it.after for it in items[1:]):
        # "We will use 55% of the round for the commercial plant, 30% for R&D ...": items
        # labelled after their numbers are all labelled so, the first one too
        for it in items:
            if not it.after and not it.period:
                late = _after_label(it.text[it.number.end:])
                if late and len(late.split()) <= 8:
                    it.label, it.after = late, late
    periods = [it if it.period else it.alt for it in items]
    if all(periods) and len({p.label for p in periods if p}) == len(items):
        items = [p for p in periods if p]  # a series over time: "$610k in Q1 2025 to $760k in Q2"
    elif any(it.period for it in items):
        return None
    def kind(it: Item) -> tuple:
        # ("20% customer success": a share's unit is its label's first word, not a kind of figure)
        return it.number.percent, bool(it.number.currency), "" if it.number.percent else it.number.unit

    if sentence and len({kind(it) for it in items}) > 1:
        # "raise a USD 20M Series B, giving 30 months of runway, to be spent on A (45%), B (35%)
        # and C (20%)": the list is the run of (at least three) items of one kind at the end; the
        # figures before it are its context
        # (or a run of shares making a whole with a fact after it: "Funds will go 45% to A, 35% to
        # B and 20% to C, and should last 28 months")
        end = len(items)
        if kind(items[-1]) != kind(items[-2]):
            j = len(items) - 1
            while j > 0 and kind(items[j - 1]) == kind(items[-2]):
                j -= 1
            run = items[j:-1]
            if len(run) >= 2 and all(it.number.percent for it in run) \
                    and abs(sum(it.number.value for it in run) - 100) <= 1.1:
                end = len(items) - 1
        k = end - 1
        while k > 0 and kind(items[k - 1]) == kind(items[end - 1]):
            k -= 1
        lead += [it.text for it in items[:k]]
        whole_run = end < len(items)
        items = items[k:end]
        if len(items) < 3 and not whole_run and not (
                all(it.number.percent for it in items) and abs(sum(it.number.value for it in items) - 100) <= 1.1):
            # (two shares that make a whole after the round are its split: "raising a $9M Series A,
            # 60% to sales and 40% to product")
            return None  # "ARR is $2.2M, up 11% ..., and 89% of schools renewed": two facts
    kinds = {kind(it) for it in items}
    if len(kinds) > 1:
        return None  # "400 users; ARR is $900k" is two facts, not a list of one kind
    whole = all(it.number.percent for it in items) and abs(
        sum(it.number.value for it in items) - 100) <= 1.1
    group = ListGroup(items, " ".join([context] + lead + [items[0].lead]), evidence)
    if sentence and len(items) < 3 and not whole and not all(it.period for it in items) \
            and not _parts_of_total(group):
        return None  # two amounts are a list when they add up to the total stated before them
    return group


#: the money unit a table column is counted in: "收入（万元）"
_TABLE_UNIT = re.compile(r"[（(]\s*(万元|亿元|千元|元|万美元)\s*[)）]")


#: a table row that totals the rows above it
#: a table's own total row ("合计 | 5,000 | 100%", "Total | ...", "Sum"): no item of a list
_TOTAL_ROW = re.compile(r"合\s*计|总\s*计|小\s*计|共\s*计|总额|(?:grand |sub)?totals?\b|(?:sum|overall)[:：]?$", re.I)
#: a column of other figures than this period's actual amounts: a year before, a plan
_OTHER_COLUMN = re.compile(r"上年|去年|上期|同期|上月|上季|上一|预算|目标|计划|预计|同比|环比|增长|增幅|变动|差额|"
                           r"\b(?:budget|plan|target|prior|previous|last year|change|growth)\b", re.I)


#: a column header that names this period's amount without its unit ("本月收入", "第三季度")
_AMOUNT_HEAD = re.compile(r"收入|销售额|营业额|营收|金额|本月|本期|本季|本年|当月|当期|\d{4}年|第[一二三四1-4]季度")


def _amount_column(t: Table, paragraphs: list[str] = (), heading: str = "") -> tuple[int, str]:
    """The column of a table that gives this period's amounts of money ("收入（万元）", not "上年同期
    （万元）") and its unit, or (0, "") when it has none; the first column holds the labels.  A
    header without its unit ("本月收入") takes the unit of a "单位：万元" line over the table."""
    line = [u.group(1) for p in paragraphs if (u := _UNIT_LINE.search(p)) and len(p) <= 20]
    line += [u.group(1) for u in [_UNIT_LINE.search(t.header[0])] if u]  # "产品（单位：万元）"
    line += [u.group(1) for u in [_TABLE_UNIT.search(heading)] if u]  # "二、收入结构（万元）" over it
    # "11月数据如下（单位：万元）" over it
    line += [u.group(1) for u in [_UNIT_LINE.search(heading)] if u and re.search(r"[\u4e00-\u9fff]", heading)]
    for i, head in enumerate(t.header[1:], start=1):
        if _OTHER_COLUMN.search(head):
            continue
        month = re.fullmatch(r"\s*(\d{1,2})月份?\s*", head)
        if month and line and re.search(rf"(?<!\d){month.group(1)}月", heading):
            # "产品线 | 11月 | 10月 | 环比" under "11月数据如下": the month the heading names
            return i, line[-1]
        unit = _TABLE_UNIT.search(head)
        if unit:
            return i, unit.group(1)
        if line and _AMOUNT_HEAD.search(head):
            return i, line[-1]
    return 0, ""


#: a cell that is one share: "45%", "45 %"
_SHARE_CELL = re.compile(r"\s*\d{1,3}(?:\.\d+)?\s*[%％]\s*")
#: a two-column table's row that heads the shares below it ("use of funds | share pct")
_SHARE_HEAD = re.compile(r"\b(?:share|pct|percent|percentage)\b|[%％]|占比|比例", re.I)


def _bare(cell: str) -> str:
    return re.sub(r"[%％\s]", "", cell)


def _share_rows(t: Table, heading: str) -> ListGroup | None:
    """A run of a two-column table's rows that are shares of a whole: "Raise | $6M" / "Robot
    fleet | 45%" / "Nordic sales | 35%" / "R&D | 20%", or bare numbers under a row that says
    they are shares ("use of funds | share pct" / "engineering | 30"); the run must add up to
    100 %, the table's other rows and the heading are its context."""
    rows = [t.header] + t.rows
    if any(len(r) != 2 for r in rows):
        return None
    best: tuple[int, int, str] | None = None
    i = 0
    while i < len(rows):
        head = ""
        if _SHARE_HEAD.search(rows[i][1]) and not _SHARE_CELL.fullmatch(rows[i][1]):
            head, i = " ".join(rows[i]), i + 1
        j = i
        while j < len(rows) and rows[j][0].strip() and (
                _SHARE_CELL.fullmatch(rows[j][1]) or (head and re.fullmatch(r"\s*\d{1,3}(?:\.\d+)?\s*", rows[j][1]))):
            j += 1
        if j - i >= 2 and abs(sum(float(_bare(r[1])) for r in rows[i:j]) - 100) <= 1.1:
            best = (i, j, head)
            break
        i = max(j, i + 1)
    if best is None:
        return None
    i, j, head = best
    pieces = [f"{r[0].strip()}: {_bare(r[1])}%" for r in rows[i:j]]
    others = " ".join(" ".join(r) for r in rows[:i] + rows[j:] if r[1:] != [head])
    return _group(pieces, f"{heading} {head} {others}", f"table [{'; '.join(t.header)}]")


def _list_line(para: str) -> bool:
    """A short line that is one list item, not a sentence ("Engineering: 40%")."""
    bare = _LONG_ASIDE.sub("", para)
    return 0 < len(bare) <= 60 and not para.rstrip().endswith((".", "。", "!", "?", "！", "？")) \
        and _item(bare) is not None


#: "A、B、C三大业务收入分别为…": the words that pair the names before with the figures after
_RESPECTIVELY = re.compile(r"分别(?:为|是|达到|达|实现|占了?|约为?)?")
#: what a list of names is of, after its last name ("华北三大区域营业额", "C的收入")
_NAMES_OF = re.compile(r"(?:[两二三四五六七八九十\d]+(?:大|个|类|项|条|家|款)[\u4e00-\u9fff]{0,4}?)?(?:的)?"
                       r"(?:营业收入|销售收入|营业额|销售额|收入|营收|占比|份额|规模|比重)*$")


def _respectively(body: str) -> list[str] | None:
    """The items of a sentence that names them first and gives their figures after 分别:
    "华东、华南、华北三大区域营业额分别为8,200万元、6,100万元和4,200万元" (names in one clause), or
    "快运业务收入3.36亿元，仓储业务收入2.02亿元，…，分别占主营业务收入的50%、30%和20%" (the figures
    before name their items, the shares after are theirs); as "name：figure" pieces, or None
    when the names and the figures do not pair up one to one."""
    from ..summarize.facts import find_mentions

    m = _RESPECTIVELY.search(body)
    if m is None or body.count("分别") > 1:
        return None
    head, tail = body[:m.start()], body[m.end():]
    tail = re.split(r"[;；。]", tail)[0]
    figures = [p for p in _STRONG_SPLIT.split(re.sub(r"(?:以及|和|及|与|\band\b)(?=\s*[\d$¥€£])", "、", tail))
               if p.strip()]
    nums = [find_mentions(p) for p in figures]
    if len(figures) < 2 or any(len(x) != 1 for x in nums):
        return None
    clauses = [c for c in re.split(r"[，,]", head) if c.strip()]
    if not clauses:
        return None
    if not [x for x in find_mentions(clauses[-1]) if not _glued(clauses[-1], x)]:  # "K12辅导" is a name
        # the names in the clause right before: "华东、华南、华北三大区域营业额"
        names = [x.strip(_PUNCT) for x in re.split(r"、|以及|和|及|与|\band\b|/", clauses[-1]) if x.strip(_PUNCT)]
        if names:
            names[-1] = _NAMES_OF.sub("", names[-1]).strip(_PUNCT)
        names = [re.sub(r"^(?:其中|包括|公司|我们的?)", "", x).strip(_PUNCT) for x in names]
    else:
        # the items the figures before name: "快运业务收入3.36亿元，仓储业务收入2.02亿元，…"
        items = [_item(c) for c in clauses[-len(figures):]] if len(clauses) >= len(figures) else []
        names = [it.label for it in items if it is not None]
        if len(names) != len(figures):
            return None
    if len(names) != len(figures) or any(not x or len(x) > 20 for x in names):
        return None
    return [f"{n}：{p[x[0].start:]}" for n, p, x in zip(names, figures, nums, strict=True)]


#: an enumeration's last piece that sums it up ("合计1.28亿元", "in total $4.1M")
_TOTAL_PIECE = re.compile(r"\s*(?:合计|总计|共计|总共|累计|小计|(?:and\s+)?(?:in total|total(?:ling)?|altogether)\b)", re.I)


def find_groups(doc: Document) -> list[ListGroup]:
    """Every list of label + number items in ``doc`` (bullets, and enumerations in a sentence)."""
    cached = getattr(doc, "_list_groups", None)
    if cached is not None:
        return cached
    out: list[ListGroup] = []
    for s in doc.sections:
        if len(s.bullets) >= 2:
            lead = s.paragraphs[-1] if s.paragraphs else ""
            g = _group(s.bullets, f"{s.heading} {lead}", s.heading or lead)
            if g is None and any(_LONG_ASIDE.search(b) for b in s.bullets):
                # "Q2 2026: 1,310 (revised; we reported 1,360 in July)": an item's aside, its own
                # figures no items
                g = _group([_LONG_ASIDE.sub("", b) for b in s.bullets], f"{s.heading} {lead}", s.heading or lead)
            if g is not None:
                out.append(g)
        # a two-column table of amounts ("业务板块 | 收入（万元）"): its rows are a list of amounts,
        # whose shares a mix takes when they add up to the revenue the section states
        # (a wider table gives its first column of this period's amounts: "产品 | 第三季度收入（万元）|
        # 上年同期（万元）"; its total row, 合计, is the total the parts add up to, not a part)
        for t in s.tables:
            col, unit = _amount_column(t, s.paragraphs, s.heading)
            rows = [r for r in t.rows if not _TOTAL_ROW.match(r[0].strip())] if col else []
            if len(rows) < 2 or len(rows) < len(t.rows) - 1:
                continue
            pieces = [f"{r[0]}：{r[col]}{unit}" for r in rows
                      if len(r) > col and r[0].strip() and re.fullmatch(r"[\d,.]+", r[col].strip())]
            if len(pieces) == len(rows):
                totals = [f"{r[0]}：{r[col]}{unit}" for r in t.rows if r not in rows and len(r) > col]
                context = f"{s.heading} {' '.join(s.paragraphs)[:400]} {' '.join(t.header)} {' '.join(totals)}"
                g = _group(pieces, context, f"table [{'; '.join(t.header)}]")
                if g is not None:
                    out.append(g)
        for t in s.tables:
            g = _share_rows(t, s.heading)
            if g is not None:
                out.append(g)
        # "Engineering: 40%" / "Sales: 35%" / ... each a paragraph of its own (a Word memo or a
        # .txt with blank lines between the lines of a list): a list like bullets
        run: list[str] = []
        for j, para in enumerate(s.paragraphs + [""]):
            if j < len(s.paragraphs) and _list_line(para):
                run.append(para)
                continue
            if len(run) >= 2:
                k = s.paragraphs.index(run[0])
                lead = s.paragraphs[k - 1] if k > 0 else ""
                g = _group([_LONG_ASIDE.sub("", p) for p in run], f"{s.heading} {lead}", s.heading or lead)
                if g is not None:
                    out.append(g)
            run = []
        for k, para in enumerate(s.paragraphs + s.bullets):
            before = ""
            if doc.lang == "en" and k < len(s.paragraphs):
                from .document import _CHAT_HEAD
                # a reply gives the list the question before it names ("use of funds still
                # 50/30/20?" / "yes, 50% hardware, 30% sales, 20% ops"), past a chat's sender line
                asked = [p for p in s.paragraphs[max(0, k - 2):k] if not _CHAT_HEAD.fullmatch(p)]
                if asked and asked[-1].rstrip().endswith("?"):
                    before = asked[-1][-200:]
                else:
                    # a form's numbered question, read as a bullet, on the line above its answer
                    # ("4. How much are you raising, and what will it fund?" / "£6M. 50% fleet ...")
                    at = doc.text.find(para, s.start)
                    prev = doc.text[:at].rstrip().rsplit("\n", 1)[-1].strip() if at > 0 else ""
                    # (or its numbered topic: "10. Size of this round and use of proceeds.")
                    if (prev.endswith("?") or re.match(r"\d{1,2}[.)]\s+[A-Z]", prev)) \
                            and _BULLET.sub("", prev) in s.bullets:
                        before = prev[-200:]
            elif doc.lang == "en":
                # a note's bullet gives the list the bullets above it name ("- raise: $3.5M" /
                # "- runway ~20 mo" / "- $ split: 2/3 eng, 1/3 sales")
                j = k - len(s.paragraphs)
                before = " ".join(s.bullets[max(0, j - 2):j])[-200:]
            # a Chinese sentence ends at 。！？ here: "A…占55%；B…占30%；C…占15%。" is one list
            sents = doc.sentences(para) if doc.lang != "zh" else [
                x for x in re.split(r"(?<=[。！？])", para) if x.strip()]
            for sent in sents:
                body, context = sent, f"{s.heading} {before}"
                before += " " + sent  # "We are raising $4.2M. ... Roughly 45% goes to ..."
                colon = re.search(r":\s|：", sent + " ")
                if colon and colon.start() < len(sent) - 1:
                    context, body = f"{context} {sent[:colon.start()]}", sent[colon.end():]
                body = body.rstrip("。.!！")
                if doc.lang == "en" and len(re.findall(r"\d\s*%", _LONG_ASIDE.sub("", body))) >= 2:
                    body = _LONG_ASIDE.sub("", body)  # "40% product (data fusion, leak sizing), 35% …"
                paired = _respectively(body)
                if paired:
                    g = _group(paired, f"{context} {body}", sent, sentence=True)
                    if g is not None:
                        out.append(g)
                        continue
                if len(re.findall(r"[;；]", body)) >= 2:
                    # "A实现收入1.29亿元，占55%；B…，占30%；C…": the semicolons part the items
                    pieces = [p for p in re.split(r"\s*[;；]\s*", body) if p.strip()]
                else:
                    pieces = [p for p in _SPLIT.split(body) if p.strip()]
                if len(pieces) >= 3 and _TOTAL_PIECE.match(pieces[-1]):
                    # "冷库仓储0.64亿元，干线运输0.45亿元，城市配送0.19亿元，合计1.28亿元": the total
                    # the parts add up to, no part
                    context, pieces = f"{context} {pieces[-1]}", pieces[:-1]
                g = _group(pieces, context, sent, sentence=True)
                if g is None and len(re.findall(r"[;；]", body)) == 1:
                    # "60% arrays, 25% sales, 15% operations; it gives us 30 months of runway":
                    # the list is one clause of the two
                    earlier = ""
                    for clause in re.split(r"\s*[;；]\s*", body):
                        # the clause before gives the total ("全年实现营业收入1.73亿元，…；其中…")
                        g = g or _group([p for p in _SPLIT.split(clause) if p.strip()],
                                        f"{context} {earlier}", sent, sentence=True)
                        earlier += " " + clause
                for split in (_NUMBER_AND_SPLIT, _STRONG_SPLIT) + ((_DASH_SPLIT,) if doc.lang == "en" else ()):
                    if g is not None:
                        break
                    # "15% for sales and regulatory work", "仓储及增值服务占比15%": and/及
                    # inside a label, not between items
                    pieces = [p for p in split.split(body) if p.strip()]
                    g = _group(pieces, context, sent, sentence=True)
                    if g is not None and split is _DASH_SPLIT and not _whole_or_series(g):
                        g = None  # "25 new customers — actual 19, total now 204": a target and its actuals
                    if g is None and split is _STRONG_SPLIT:
                        g = _shares_past_asides(pieces, context, sent)
                if g is not None:
                    out.append(g)
    doc._list_groups = out  # type: ignore[attr-defined]
    return out


def _shape(f: Field) -> tuple[Field, Field] | None:
    """The label child and the number child of a two-column item, or None."""
    req = [c for c in f.children if c.required]
    labels = [c for c in req if c.type == "string"]
    numbers = [c for c in req if c.type in ("number", "integer")]
    if len(labels) != 1 or len(numbers) != 1 or len(req) != 2:
        return None
    return labels[0], numbers[0]


def _value(m: Mention, child: Field, scale: float = 1.0) -> float | None:
    """``m`` in ``child``'s unit; ``scale``: what the list's context says a bare number is
    worth ("Quarterly ARR, in thousands of dollars: Q1 2025 560; ...")."""
    if child.fraction:
        from .extract import _POINTS

        return round(m.value / 100, 10) if m.percent and not _POINTS.search(m.raw) else None
    if m.percent or (m.unit and not m.currency):
        return None  # "400 users" is not an amount of money or a count of a list's kind
    v = m.value * (1.0 if m.scaled else scale) / child.unit_scale
    if child.type == "integer":
        return int(v) if v == int(v) else None
    lo = child.schema.get("minimum")
    if isinstance(lo, (int, float)) and v < lo:
        return None
    return int(v) if float(v).is_integer() else round(v, 10)


_REGION = re.compile(r"(?:地区|区域|大区|省|市|region|area|market)$|^(?:north|south|east|west|华东|华北|华南|"
                     r"华中|西南|西北|东北|其他)", re.I)


def _is_product(f: Field) -> bool:
    """A mix "by product line" (its description or key says so)."""
    d = f"{f.key} {f.description}".lower()
    return any(w in d for w in ("product", "产品", "业务", "mix"))


_REVENUE = ("收入", "营收", "营业额", "销售额", "revenue", "sales", "turnover")
#: a revenue word right before its amount ("实现主营业务收入6.72亿元", "营业额为1.85亿元", "revenue of")
_STATED = re.compile(r"(?:(?:收入|营收|营业额|销售额|revenue|sales|turnover)(?:总额|合计|总计)?"
                     # ("11月营业收入经财务核定为2,386万元": who settled the figure, before its verb)
                     r"(?:[（(][^（）()]{0,12}[）)])?(?:经[\u4e00-\u9fff]{1,6}?(?=核定|审定|确认|复核|审计))?(?:为|是|达|达到|约|共|共计|累计|实现|了|of|was|is|reached|totall?ed"
                     # a corrected revenue ("营业收入应为3.42亿元", a reviewer's comment)
                     r"|应为|应是|应该是|更正为|修正为|调整为|审定为|核定为|确认为|复核为|审计为)?"
                     # "计划销售收入2.2亿元，实际完成1.94亿元": the actual of the revenue planned before it
                     r"|实际(?:完成|实现)?(?:了|为)?|\bactual(?:ly)?(?: (?:was|were|came in at))?)"
                     r"\s*[;；:：]?\s*(?:人民币|RMB|[$¥€£])?\s*$", re.I)


#: a line's head that names the unit of its bare figures ("（单位：万元）", "单位：亿元")
_UNIT_LABEL = re.compile(r"单位\s*[:：]\s*(万元|亿元|千元|元)")
_UNIT_SCALE = {"万元": 1e4, "亿元": 1e8, "千元": 1e3, "元": 1.0}


def _parts_of_total(g: ListGroup, doc: Document | None = None) -> list[float] | None:
    """The items' shares when they are amounts of money that add up to a revenue stated in the
    words before them ("上半年公司实现营业收入4,520万元。其中，门票收入2,130万元，酒店及餐饮收入
    1,870万元，文创商品及其他收入520万元"), else None."""
    from ..summarize.facts import find_mentions

    nums = [it.number for it in g.items]
    vals = [m.value for m in nums]
    unit = _UNIT_LABEL.search(g.evidence)
    if unit is not None and all(not (m.percent or m.currency or m.scaled or m.unit) for m in nums):
        # "分产品收入（单位：万元）：普通混凝土17,600；…": bare amounts in the unit the line's head names
        vals = [v * _UNIT_SCALE[unit.group(1)] for v in vals]
    elif any(m.percent or not (m.currency or m.scaled) for m in nums):
        return None
    total = sum(vals)
    if count(g.context.lower(), list(_REVENUE)):
        stated = [m for m in find_mentions(g.context) if (m.currency or m.scaled) and not m.percent]
        if any(abs(m.value - total) <= 0.005 * total for m in stated):
            return [v / total for v in vals]
    named = count(g.context.lower(), list(_REVENUE)) or _SPLIT_BY.search(g.context)
    if doc is not None and (len(nums) >= 3 or named and len(nums) >= 2):
        # (three amounts or more that add up to it need no revenue word: "拖拉机销售1.16亿元，收获
        # 机械0.58亿元，配件及服务0.20亿元" under 产品销售, with 实际完成1.94亿元 above)
        # the revenue stated in another section ("一季度公司实现营业收入3,260万元" over "三、收入结构：
        # 运输管理系统收入1,630万元，仓储管理系统收入980万元，数据服务及其他收入650万元", or a list
        # under the heading "收入构成"): the same amount, a revenue word right before it
        for m in doc.mentions:
            if (m.currency or m.scaled) and not m.percent and abs(m.value - total) <= 0.005 * total \
                    and (_STATED.search(doc.text[max(0, m.start - 12):m.start]) or _revenue_row(doc, m)):
                return [v / total for v in vals]
    return None


def _parts_of_stated(g: ListGroup, doc: Document, words: list[str]) -> list[float] | None:
    """The items' shares when they are amounts of money that add up to an amount the document
    states in a sentence with one of ``words`` (or anywhere, for three amounts or more) (a use of funds in amounts, "equipment $900,000,
    hiring $700,000 and marketing $400,000", after "We are raising $2,000,000"), else None."""
    nums = [it.number for it in g.items]
    if len(nums) < 2 or any(m.percent or not m.currency for m in nums) or len({m.currency for m in nums}) > 1:
        return None
    total = sum(m.value for m in nums)
    inside = {m.start for m in nums}
    for m in doc.mentions:
        if m.start in inside or m.percent or m.currency != nums[0].currency or abs(m.value - total) > 1e-6 * total:
            continue
        lo = max(doc.text.rfind(c, 0, m.start) for c in (".", "\n", ";", "?", "!")) + 1
        # (three amounts or more that add up to one the document states need no word for it:
        # "seeks US$5,000,000 in Series A financing" over three allocations)
        said = doc.text[lo:m.start].lower()
        if count(said, words) or (len(nums) >= 3 and not count(said, list(_REVENUE))):
            return [round(x.value / total, 12) for x in nums]
    return None


#: a table row that is the revenue ("营业收入; 8,420; 10,160; 12,530", "Revenue ($k); …")
_REVENUE_ROW = re.compile(r"(?:营业|主营业务|销售)?(?:收入|营收|营业额|销售额)(?:合计|总额|总计)?|(?:total )?(?:revenue|sales)",
                          re.I)


def _revenue_row(doc: Document, m: Any) -> bool:
    """``m`` stands in a table row whose first cell names the revenue (its unit in brackets aside),
    or in a column whose header does ("营业收入（万元） 2026年": a header of two rows, the figure over
    the year)."""
    from .document import table_cell

    cell = table_cell(doc, m.start)
    if cell is None:
        return False
    row = re.sub(r"\s*[（(][^（）()]{0,12}[)）]\s*$", "", cell[1].strip())
    column = re.sub(r"\s*[（(][^（）()]{0,12}[)）]\s*|\s*(?:19|20)\d\d\s*年?(?:度)?\s*", "", cell[0].strip())
    return bool(_REVENUE_ROW.fullmatch(row) or _REVENUE_ROW.fullmatch(column))


#: words that say a list splits a whole ("分品类：", "按产品划分", "收入构成")
_SPLIT_BY = re.compile(r"分(?:品类|产品|业务|板块|渠道|业态)|按[\u4e00-\u9fff]{1,6}(?:划分|拆分|来看)|"
                       r"按(?:产品线?|业务|品类|板块|渠道|业态|区域|地区)|构成|结构|"
                       r"\bby (?:product|segment|channel|business line)\b", re.I)


def _of_the_revenue_before(g: ListGroup) -> bool:
    """"营业收入8,640万元，同比增长37%。其中咖啡饮品占62%，…": shares opened by 其中 right after a
    sentence about the revenue are the revenue's split."""
    last = re.split(r"[。！？!?\n]", g.context.strip().rstrip("。 "))[-1]
    return g.items[0].text.lstrip().startswith("其中") and bool(count(last.lower(), list(_REVENUE)))


def part_values(doc: Document) -> set[float]:
    """The amounts of the document's lists that are parts of a total it states ("营业收入1,865万元"
    over "门票收入932.5万元，酒店收入559.5万元，餐饮及商品收入373万元"): none of them is the total."""
    cached = getattr(doc, "_part_values", None)
    if cached is None:
        cached = {it.number.value for g in find_groups(doc) if len(g.items) >= 2 and _parts_of_total(g, doc)
                  for it in g.items}
        doc._part_values = cached  # type: ignore[attr-defined]
    return cached


def pick_list(doc: Document, f: Field, own_named: bool = False) -> tuple[list[dict[str, Any]], str] | None:
    """Rows for ``f`` from the list that names it best, and the list's evidence (``own_named``:
    only a list whose context names the field by its own words, "use of proceeds")."""
    shape = _shape(f)
    if shape is None:
        return None
    label_child, number_child = shape
    own = f.own_words() + [w for w in number_child.own_words() if re.search(r"\w", w)]
    parents = [w for w in f.words() if w not in own]
    best = None
    from .extract import _header_scale

    spending = bool(count(" ".join(f.words()).lower(), ["use of funds", "use of proceeds", "资金用途"]))
    for g in find_groups(doc):
        if spending and all(it.period for it in g.items):
            continue  # "Q1 $62K, Q2 $88K, …": money raised is spent on uses, never on quarters
        scale = _header_scale(g.context)
        values = [_value(it.number, number_child, scale) for it in g.items]
        # (a revenue's parts are no use of the money raised)
        parts = number_child.fraction and ((not spending and _parts_of_total(g, doc)) or (
            doc.lang == "en" and _parts_of_stated(g, doc, [w for w in f.words() if w not in f.own_words()])))
        if parts:
            values = parts  # "营业收入4,520万元。其中，门票收入2,130万元，…": the shares of the total
        if any(v is None for v in values):
            continue
        context = g.context.lower()
        if own_named and not count(context, f.own_words()):
            continue
        # "财务软件收入占比为46%": the first item names the field too (its own words only)
        named = count(context, own) + count(g.items[0].text.lower(), f.own_words()) + bool(parts)
        if not named and len(g.items) >= 3 and all(it.period for it in g.items) \
                and count(g.items[0].text.lower(), [w for w in number_child.own_words() if re.search(r"\w", w)]):
            named = 1  # "Q1 ARR $1.8M, Q2 $2.3M, Q3 $2.9M": a series over periods its first item names
        whole = number_child.fraction and abs(sum(v for v in values if v is not None) - 1) <= 0.011
        # the list must be named as the field ("Quarterly ARR:"), or be shares of a whole
        # in a passage about the field's parent ("raising $2.5 million: 50% for ...")
        if not named and not (whole and (count(context, parents) or _is_product(f) and (
                _SPLIT_BY.search(context) or _of_the_revenue_before(g)))):
            # (or, for a mix, shares of a whole the words before call a split: "品类结构：水果占45%，…")
            continue
        score = named + 2 * whole
        if _is_product(f) and all(_REGION.search(it.label) for it in g.items):
            score -= 3  # "华东地区占比42%": a split by region is not a mix by product line
        if best is None or score > best[0]:
            best = (score, g, values)
    if best is None:
        return None
    _, g, values = best

    def cap(label: str) -> str:  # "45% goes to manufacturing" -> "Manufacturing"
        return label[0].upper() + label[1:] if label[:1].isascii() and label[:1].isalpha() else label

    rows = [{label_child.key: cap(it.label), number_child.key: v}
            for it, v in zip(g.items, values, strict=True)][: f.max_items]
    return rows, g.evidence
