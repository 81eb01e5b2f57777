"""Numbers and dates written in words: "four and a half million dollars", "eighteen months",
"ninety-three percent", "the first of February 2023", 百分之十五点三, 一千二百余家,
二〇二六年一月十五日.

Memos and reports spell figures out; the digit reader (:func:`..summarize.facts.find_mentions`)
does not see them, so a field would stay empty or take the next digit number.  A spelled
number becomes a :class:`Mention` like a written one (value with its scale, percent, currency,
unit word), so every role rule applies to it.  A small number in words ("one tap", "two more
mills", 一是) is a figure only when a unit, a scale or a percent goes with it.
"""

from __future__ import annotations

import re

from ..summarize.facts import _UNIT_AFTER, DateMention, Mention

__all__ = ["spelled_mentions", "spelled_dates"]

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
#: (and as said aloud: "three point two mil"; not "k" nor "grand": "a K-12 district", "one grand
#: opening" are no thousands)
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "mil": 1e6}
_SMALL = "|".join(sorted(list(_UNITS) + list(_TENS), key=len, reverse=True))
_WORD = rf"(?:(?:{_SMALL})(?:-(?:{'|'.join(_UNITS)}))?|a|an|hundred|and|half|a half|"
_WORD += "|".join(_SCALES) + "|point)"
_EN = re.compile(rf"\b(?:{_SMALL}|a|an)\b(?:[ -](?:{_WORD})\b)*", re.I)
_PERCENT_AFTER = re.compile(r"\s?(?:percent|per cent|%)\b", re.I)
_DOLLARS_AFTER = re.compile(r"\s?(?:(?:US |U\.S\. )?dollars|bucks)\b|[ -]dollar\b", re.I)
#: a part of a scale said aloud: "half a million dollars" (500,000), "a quarter of a million"
#: (250,000), "three quarters of a billion": the number words alone would read "a million"
_PART_OF_SCALE = re.compile(r"\b(?:(half)|(?:a|one) (quarter) of|(three) quarters of)\s+an?\s+"
                            r"(thousand|million|billion)\b", re.I)
_PART = {"half": 0.5, "quarter": 0.25, "three": 0.75}


def _en_value(words: list[str]) -> tuple[float, bool] | None:
    """The value of number words and whether a scale word (thousand, million ...) was in them."""
    total, current, scaled, seen = 0.0, 0.0, False, False
    article = False
    decimals: str | None = None  # "one point eight million": the digits after "point"
    i = 0
    while i < len(words):
        w = words[i].lower()
        if decimals is not None and w not in _SCALES:
            if _UNITS.get(w, 10) > 9:
                return None  # "point" takes single digits only
            decimals += str(_UNITS[w])
            i += 1
            continue
        if w == "point":
            if not seen or scaled:
                return None
            decimals = ""
        elif decimals is not None:  # a scale word after the digits
            if not decimals:
                return None
            total += (current + float("0." + decimals)) * _SCALES[w]
            current, scaled, decimals = 0.0, True, None
        elif w in ("a", "an"):
            current = current or 1.0
            article = i == 0  # ("a twelve million": an article, no one; "a hundred": one hundred)
        elif w == "and":
            pass
        elif w == "half":
            current += 0.5
        elif w in _UNITS:
            if article and i == 1:
                current = 0.0
            current += _UNITS[w]
            seen = True
        elif w in _TENS or ("-" in w and all(p in _UNITS or p in _TENS for p in w.split("-"))):
            if article and i == 1:
                current = 0.0
            if current % 100:
                return None  # "twenty twenty-two": a year said aloud, no count (of 42)
            current += sum(_UNITS.get(p, _TENS.get(p, 0)) for p in w.split("-"))
            seen = True
        elif w == "hundred":
            current = (current or 1.0) * 100
        elif w in _SCALES:
            if w == "mil" and not seen:
                return None  # "a mil": no figure said
            total += (current or 1.0) * _SCALES[w]
            current, scaled = 0.0, True
        else:
            return None
        i += 1
    if not seen and not scaled:
        return None
    if decimals:
        current += float("0." + decimals)
    elif decimals is not None:
        return None
    return total + current, scaled


#: "half" as a share, not "half a million", "half of them never installed" (of whom: no use of money)
_HALF = re.compile(r"\bhalf\b(?!\s+(?:a|an|of\s+(?:them|those|these|us|our\s+(?:customers|users)))\b)(?!-)", re.I)


#: a fraction of a whole, as a share ("a third to field operations", "2/3 eng, 1/3 sales"), not a
#: date ("1/3/2026") nor a rate ("24/7")
_FRACTION = re.compile(r"(?<![\w/.])(?:(a|one|two|three)[- ](third|quarter|fifth)s?\b|([1-9])\s?/\s?([2-9])(?![\w/.]))",
                       re.I)
_FRACTION_NUM = {"a": 1, "one": 1, "two": 2, "three": 3}
_FRACTION_DEN = {"third": 3, "quarter": 4, "fifth": 5}


def fraction_share(text: str) -> Mention | None:
    """The one fraction in ``text`` as a percent (its value x100), or None (none, or several)."""
    found = list(_FRACTION.finditer(text))
    if len(found) != 1:
        return None
    f = found[0]
    if f.group(1):
        num, den = _FRACTION_NUM[f.group(1).lower()], _FRACTION_DEN[f.group(2).lower()]
    else:
        num, den = int(f.group(3)), int(f.group(4))
    if not 0 < num < den:
        return None
    return Mention(100 * num / den, f.group(0), f.start(), f.end(), True, "", "", False)


def _english(text: str) -> list[Mention]:
    out = []
    for p in _PART_OF_SCALE.finditer(text):
        part = _PART[(p.group(1) or p.group(2) or p.group(3)).lower()]
        end = p.end()
        dollars = _DOLLARS_AFTER.match(text, end)
        out.append(Mention(part * _SCALES[p.group(4).lower()], text[p.start():end], p.start(), end, False,
                           "USD" if dollars else "", "dollars" if dollars else "", True))
    for m in _EN.finditer(text):
        if any(o.start <= m.start() < o.end for o in out):
            continue  # ("a million" inside "half a million")
        # ("a twelve-million-dollar Series A": a scale joined by hyphens is its own word)
        words = [p for w in re.split(r"[ ]+", m.group(0).strip())
                 for p in (w.split("-") if any(x.lower() in _SCALES or x.lower() == "hundred" for x in w.split("-"))
                           else [w])]
        # "a half" and "and" may not end a number; "a"/"an" alone is no number
        while words and words[-1].lower() in ("and", "a", "an", "point"):
            words.pop()
        if not words:
            continue
        end = m.start() + len(" ".join(words))
        got = _en_value(words)
        if got is None:
            continue
        value, scaled = got
        rest = text[end:]
        pct = _PERCENT_AFTER.match(rest)
        dollars = _DOLLARS_AFTER.match(rest)
        unit_m = _UNIT_AFTER.match(text, end)
        unit = unit_m.group(1).lower() if unit_m else ""
        if pct:
            end += pct.end()
        currency = "USD" if dollars or unit in ("dollars", "usd") else ""
        if not (pct or scaled or unit or value >= 10):
            continue  # "one tap", "two more mills": no figure
        out.append(Mention(value, text[m.start():end], m.start(), end, bool(pct), currency,
                           "" if pct else unit, scaled))
    # "half engineering, 30% sales, 20% certification", "Roughly half goes to the drone, 30% to
    # ...": half as 50 % among shares in percent of the same sentence
    for h in _HALF.finditer(text):
        lo = max(text.rfind(c, 0, h.start()) for c in ".!?\n") + 1
        hi = min([x for x in (text.find(c, h.end()) for c in ".!?\n") if x >= 0], default=len(text))
        if re.search(r"\d\s?%", text[lo:hi]) and not any(o.start <= h.start() < o.end for o in out):
            out.append(Mention(50.0, h.group(0), h.start(), h.end(), True, "", "", False))
    return sorted(out, key=lambda o: o.start)


_ZH_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9}
_ZH_SMALL = {"十": 10, "百": 100, "千": 1000}
_ZH_BIG = {"万": 1e4, "亿": 1e8}
_ZH = re.compile(r"(百分之)?([零〇一二两三四五六七八九十百千万亿]+(?:点[零〇一二三四五六七八九]+)?)(余|多)?")
#: 成 after a digit as tenths ("三成" is 30 %), not the first character of a word (成本, 成交, 成立)
_TENTHS = re.compile(r"成(?![本交立功员果绩熟品型就长年人效为新份分])")
_ZH_UNIT = re.compile(r"(万元|亿元|元|美元|家|名|位|户|人|个月|年|台|个)")


def _zh_int(s: str) -> float | None:
    total, section, digit = 0.0, 0.0, None
    for ch in s:
        if ch in _ZH_DIGIT:
            if digit is not None:
                return None  # "二〇二六": digits one by one, a year, not a count
            digit = _ZH_DIGIT[ch]
        elif ch in _ZH_SMALL:
            section += (1 if digit is None else digit) * _ZH_SMALL[ch]
            digit = None
        elif ch in _ZH_BIG:
            total += (section + (digit or 0)) * _ZH_BIG[ch]
            section, digit = 0.0, None
        else:
            return None
    return total + section + (digit or 0)


def _chinese(text: str) -> list[Mention]:
    out = []
    # "一半用于研发，30%用于市场，20%用于补充流动资金": 一半 as 50 % among shares in percent of the same
    # sentence (as "half" in English)
    for h in re.finditer(r"一半", text):
        lo = max(text.rfind(c, 0, h.start()) for c in "。！？\n") + 1
        hi = min([x for x in (text.find(c, h.end()) for c in "。！？\n") if x >= 0], default=len(text))
        if re.search(r"\d\s?[%％]|百分之", text[lo:hi]):
            out.append(Mention(50.0, h.group(0), h.start(), h.end(), True, "", "", False))
    for m in _ZH.finditer(text):
        body = m.group(2)
        if not (set(body) & set(_ZH_DIGIT) or body.startswith("十")):
            continue  # "万元" in a header "收入（万元）" is a unit, no number
        whole, _, frac = body.partition("点")
        value = _zh_int(whole)
        if value is None:
            continue
        if frac:
            value += float("0." + "".join(str(_ZH_DIGIT[c]) for c in frac))
        pct = bool(m.group(1))
        end = m.end()
        if not pct and len(body) == 1 and body in _ZH_DIGIT and body not in "零〇" and not m.group(3) \
                and _TENTHS.match(text, end):
            # "蔬菜三成", "九成以上": tenths, a share in percent (not 成本, 成交, 成立, 八成新)
            out.append(Mention(value * 10, text[m.start():end + 1], m.start(), end + 1, True, "", "", False))
            continue
        unit_m = _ZH_UNIT.match(text, end)
        if text[max(0, m.start() - 1):m.start()] == "第" or re.match(r"季度|期|是|月|日|号|线|批", text[end:]):
            continue  # 第一, 一季度, 二期, 一是, 三月: an ordinal or a name, no figure
        if not pct and unit_m is None:
            continue
        if not pct and body == "一" and unit_m.group(1) in ("家", "名", "位", "个", "台") \
                and re.match(r"[\u4e00-\u9fff]", text[unit_m.end():unit_m.end() + 1]):  # type: ignore[union-attr]
            continue  # "一家整车厂客户停产": "a" carmaker, an article before its noun, no count
        unit = "" if pct else unit_m.group(1)  # type: ignore[union-attr]
        scale = 1.0
        if unit in ("万元", "亿元"):
            scale = 1e4 if unit == "万元" else 1e8
        if not pct:
            end = unit_m.end()  # type: ignore[union-attr]
        currency = "CNY" if unit.endswith("元") and unit != "美元" else ("USD" if unit == "美元" else "")
        start = m.start()
        out.append(Mention(value * scale, text[start:end], start, end, pct, currency,
                           "元" if unit in ("万元", "亿元") else unit,
                           scale != 1.0 or any(c in body for c in "万亿")))
    return sorted(out, key=lambda o: o.start)


def spelled_mentions(text: str, lang: str, taken: list[tuple[int, int]]) -> list[Mention]:
    """Numbers in words of ``text`` that no span of ``taken`` (the digit numbers and dates) covers."""
    found = _chinese(text) if lang == "zh" else _english(text)
    return [m for m in found if not any(a < m.end and m.start < b for a, b in taken)]


_ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split())}
_ORDINALS.update({f"twenty-{w}": 20 + i for w, i in list(_ORDINALS.items())[:9]})
_ORDINALS.update({"thirtieth": 30, "thirty-first": 31})
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_EN_DATE = re.compile(rf"\b(?:the\s+)?({'|'.join(sorted(_ORDINALS, key=len, reverse=True))})\s+of\s+"
                      rf"({'|'.join(m.capitalize() for m in _MONTHS)}),?\s+(\d{{4}})\b", re.I)
_ZH_DATE = re.compile(r"([〇零一二三四五六七八九]{4})年([一二三四五六七八九十]{1,3})月(?:([一二三四五六七八九十]{1,3})[日号])?")


_TEEN_OR_TENS = (rf"(?:(?:twenty|thirty)(?:-(?:{'|'.join(list(_UNITS)[1:10])}))?|"
                 rf"{'|'.join(list(_UNITS)[10:])})")
#: a year said aloud (a transcript, a voicemail): "twenty twenty-two", "two thousand and nineteen",
#: "nineteen ninety-eight"
_SPOKEN_YEAR = (rf"(?:twenty\s+{_TEEN_OR_TENS}|two\s+thousand(?:\s+and)?\s+(?:{_TEEN_OR_TENS}|"
                rf"{'|'.join(list(_UNITS)[1:10])})|nineteen\s+(?:fifty|sixty|seventy|eighty|ninety)"
                rf"(?:-(?:{'|'.join(list(_UNITS)[1:10])}))?)")
_EN_SPOKEN_DATE = re.compile(rf"\b({'|'.join(m.capitalize() for m in _MONTHS)})(?:\s+of)?,?\s+({_SPOKEN_YEAR})\b", re.I)


def _spoken_year(words: str) -> int | None:
    """2022 for "twenty twenty-two", 2019 for "two thousand and nineteen", 1998 for "nineteen
    ninety-eight"."""
    parts = words.lower().split()
    if parts[:2] == ["two", "thousand"]:
        rest = [p for p in parts[2:] if p != "and"]
        base = 2000
    else:
        base = 2000 if parts[0] == "twenty" else 1900
        rest = parts[1:]
    got = _en_value(rest)
    return None if got is None or got[1] else base + int(got[0])


def spelled_dates(text: str, lang: str) -> list[DateMention]:
    """Dates in words: "the first of February 2023", "September twenty twenty-two", 二〇二六年一月十五日."""
    out = []
    if lang == "zh":
        for m in _ZH_DATE.finditer(text):
            year = int("".join(str(_ZH_DIGIT[c]) for c in m.group(1)))
            month = _zh_int(m.group(2))
            day = _zh_int(m.group(3)) if m.group(3) else None
            if month and 1 <= month <= 12 and (day is None or 1 <= day <= 31):
                out.append(DateMention(year, int(month), int(day) if day else None, m.group(0),
                                       m.start(), m.end()))
    else:
        for m in _EN_DATE.finditer(text):
            out.append(DateMention(int(m.group(3)), _MONTHS[m.group(2).lower()],
                                   _ORDINALS[m.group(1).lower()], m.group(0), m.start(), m.end()))
        for m in _EN_SPOKEN_DATE.finditer(text):
            year = _spoken_year(m.group(2))
            if year is not None:
                out.append(DateMention(year, _MONTHS[m.group(1).lower()], None, m.group(0), m.start(), m.end()))
        out.sort(key=lambda d: d.start)
    return out
