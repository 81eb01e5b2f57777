"""Facts in a text: numbers with their unit, scale and direction, and dates.

Shared by the faithfulness guard (a summary's "rose 5 %" must be a rise of
5 % in the source) and the template filler (a market size written "$48.2
billion" is 48,200 in a field counted in millions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Mention:
    """A number in the document: ``value`` with its scale applied (4.5 million -> 4500000)."""

    value: float
    raw: str
    start: int
    end: int
    percent: bool
    currency: str
    unit: str
    scaled: bool

    def context(self, text: str, width: int = 60) -> str:
        return text[max(0, self.start - width): self.end + width]


@dataclass(frozen=True)
class DateMention:
    year: int
    month: int | None
    day: int | None
    raw: str
    start: int
    end: int

    def iso(self) -> str:
        return f"{self.year:04d}-{self.month or 1:02d}-{self.day or 1:02d}"


# --------------------------------------------------------------------------
# numbers and dates

_SCALE_EN = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "millions": 1e6,
             "b": 1e9, "bn": 1e9, "billion": 1e9, "billions": 1e9, "trillion": 1e12}
_SCALE_ZH = {"千": 1e3, "万": 1e4, "十万": 1e5, "百万": 1e6, "千万": 1e7, "亿": 1e8, "万亿": 1e12}
_CURRENCY = {"$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "￥": "CNY", "RMB": "CNY",
             "元": "CNY", "美元": "USD", "人民币": "CNY", "欧元": "EUR", "dollars": "USD", "usd": "USD",
             "USD": "USD", "EUR": "EUR", "GBP": "GBP", "CNY": "CNY"}  # "USD 20M": the code before it
_NUMBER = re.compile(
    r"(?P<cur>US\$|\$|€|£|¥|￥|RMB\s?|(?<![A-Za-z])(?:USD|EUR|GBP|CNY)\s?)?"
    r"(?P<num>(?<![\d.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\d.,])\d+(?:\.\d+)?)"
    # a scale or percent sign stands on the number's line: "$960,000" at a line's end is not
    # "960,000 B" when the next line starts "B3  Growth ..." (a form's numbered questions)
    r"(?:[ \t\u00a0]?(?P<zh>万亿|十万|百万|千万|亿|万|千))?"
    r"(?:[ \t\u00a0]?(?P<en>thousand|millions?|billions?|trillion|bn|mn|[kKmMbB])(?![A-Za-z0-9]))?"
    r"(?:[ \t\u00a0]?(?P<pct>%|％|percent\b|per cent\b|个百分点|percentage points?\b))?"
)
_UNIT_AFTER = re.compile(r"[ \t\u3000]*(美元|元|人民币|欧元|dollars|USD|个月|月|年|家|名|位|户|人|个|台|"
                         r"months?|years?|users?|customers?|clients?|firms?|seats?|people|staff|"
                         r"employees|hours?|days?)", re.I)
_PCT_BEFORE = re.compile(r"百分之$")
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_DATE_PATTERNS = [
    (re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)"), "ymd"),
    (re.compile(r"(?<!\d)(\d{4})/(\d{1,2})/(\d{1,2})(?!\d)"), "ymd"),
    (re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"), "ymd"),
    (re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月(?!\s*\d{1,2}\s*[日号])"), "ym"),
    (re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Z][a-z]{2,8})\.?,?\s+(\d{4})\b"), "dmy"),
    (re.compile(r"\b([A-Z][a-z]{2,8})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,\s+(\d{4})\b"), "mdy"),
    (re.compile(r"\b([A-Z][a-z]{2,8})\.?\s+(?:of\s+)?(\d{4})\b"), "my"),
]


def _float(raw: str) -> float:
    return float(raw.replace(",", ""))


def find_mentions(text: str) -> list[Mention]:
    """Every number of ``text`` with its currency, scale, percent sign and unit word."""
    out: list[Mention] = []
    for m in _NUMBER.finditer(text):
        try:
            value = _float(m.group("num"))
        except ValueError:
            continue
        scale = 1.0
        zh, en = m.group("zh"), m.group("en")
        if zh:
            scale *= _SCALE_ZH[zh]
        if en:
            word = en.lower()
            # a bare "m"/"b" after a number is a scale only with a currency ("$4.5m");
            # "k" right after one is a thousand anyway ("12k users"), and so are a capital "M"
            # and "B" ("ARR 1.8M", "TAM 28B": not "5 m", metres, nor "5 B")
            glued = m.end("num") == m.start("en")
            if len(word) > 1 or m.group("cur") or (glued and (word == "k" or en in ("M", "B"))):
                scale *= _SCALE_EN[word]
            else:
                en = None
        end = m.end() if (zh or en or m.group("pct")) else m.end("num")
        pct = bool(m.group("pct")) or bool(_PCT_BEFORE.search(text[max(0, m.start() - 3): m.start()]))
        unit_m = _UNIT_AFTER.match(text, end)
        unit = unit_m.group(1).lower() if unit_m else ""
        cur = (m.group("cur") or "").strip()
        currency = _CURRENCY.get(cur, "") or _CURRENCY.get(unit, "")
        if not currency and unit in ("元", "美元", "人民币", "欧元"):
            currency = _CURRENCY[unit]
        out.append(Mention(value * scale, m.group(0).strip(), m.start(), end, pct, currency,
                           unit, scale != 1.0))
    return out


def find_dates(text: str) -> list[DateMention]:
    """Dates written as 2024-03-05, 2024年3月5日, 5 March 2024, March 5, 2024, March 2024, 2024年3月."""
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []
    for pattern, kind in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            g = m.groups()
            try:
                if kind == "ymd":
                    y, mo, d = int(g[0]), int(g[1]), int(g[2])
                elif kind == "ym":
                    y, mo, d = int(g[0]), int(g[1]), None
                elif kind == "dmy":
                    y, mo, d = int(g[2]), _MONTHS.get(g[1].lower()), int(g[0])
                elif kind == "mdy":
                    y, mo, d = int(g[2]), _MONTHS.get(g[0].lower()), int(g[1])
                else:
                    y, mo, d = int(g[1]), _MONTHS.get(g[0].lower()), None
            except (TypeError, ValueError):
                continue
            if mo is None or not 1 <= mo <= 12 or not 1900 <= y <= 2200 or (d is not None
                                                                            and not 1 <= d <= 31):
                continue
            found.append(DateMention(y, mo, d, m.group(0), m.start(), m.end()))
            taken.append((m.start(), m.end()))
    found.sort(key=lambda d: d.start)
    return found




# --------------------------------------------------------------------------
# direction: is the number a rise or a fall?

_UP_EN = re.compile(r"\b(?:up|rose|rise[sn]?|rising|grew|grow(?:s|n|ing)?|growth|increas(?:e|ed|es|ing)|"
                    r"gain(?:ed|s)?|higher|climb(?:ed|s)?|jump(?:ed|s)?|surg(?:e|ed)|expand(?:ed|s)?)\b",
                    re.I)
_DOWN_EN = re.compile(r"\b(?:down|fell|fall(?:s|en|ing)?|drop(?:ped|s)?|declin(?:e|ed|es|ing)|"
                      r"decreas(?:e|ed|es|ing)|lower|shr[au]nk|shrink(?:s|ing)?|slump(?:ed)?|"
                      r"contract(?:ed|ion)|cut|loss(?:es)?|negative)\b", re.I)
_UP_ZH = re.compile(r"增长|增加|上升|上涨|提高|提升|增至|扩大|攀升|回升|多了")
_DOWN_ZH = re.compile(r"下降|减少|下滑|降低|下跌|降至|缩减|缩小|回落|下调|亏损|少了")
#: how far before / after a number a direction word is read as its own
DIRECTION_BEFORE = {"en": 24, "zh": 8}
DIRECTION_AFTER = {"en": 12, "zh": 4}


def direction(text: str, start: int, end: int, lang: str) -> str | None:
    """``"up"``, ``"down"`` or None: the direction word nearest the number at ``start:end``.

    Only the words of the same clause count (a comma or full stop ends the window).
    """
    before = text[max(0, start - DIRECTION_BEFORE[lang]): start]
    after = text[end: end + DIRECTION_AFTER[lang]]
    before = re.split(r"[,;.，；。、:：]", before)[-1]
    after = re.split(r"[,;.，；。、:：]", after)[0]
    up, down = (_UP_ZH, _DOWN_ZH) if lang == "zh" else (_UP_EN, _DOWN_EN)
    best: tuple[int, str] | None = None
    for pattern, name in ((up, "up"), (down, "down")):
        for m in pattern.finditer(before):
            dist = len(before) - m.end()
            if best is None or dist < best[0]:
                best = (dist, name)
        m = pattern.search(after)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), name)
    return best[1] if best else None


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def relation_problems(sentence: str, source: str, lang: str) -> list[str]:
    """Numbers of ``sentence`` whose quantity or direction the source does not back.

    A number written with a scale or a percent sign ("4.2 million", "5 %",
    "3,860万") must be in the source with the same value at that scale and
    the same percent-ness ("42%" is not "42 million"); a number the sentence
    calls a rise (or a fall) must not be only a fall (a rise) in the source.
    """
    problems: list[str] = []
    src_mentions = find_mentions(source)
    for m in find_mentions(sentence):
        same = [s for s in src_mentions if _same(s.value, m.value) and s.percent == m.percent]
        if (m.scaled or m.percent) and not same:
            problems.append(f"quantity {m.raw}")
            continue
        mine = direction(sentence, m.start, m.end, lang)
        if mine is None:
            continue
        theirs = {direction(source, s.start, s.end, lang) for s in same} - {None}
        if theirs and mine not in theirs:
            problems.append(f"direction of {m.raw} ({mine}; the source: {'/'.join(sorted(theirs))})")
    return problems
