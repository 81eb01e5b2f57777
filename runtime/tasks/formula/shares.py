"""A share of one number column in another, said in general words (issue 16, round 13).

"overall approval ratio: total approved over total claimed", "% collected so far (paid vs
invoiced)", "deposit relative to rent, as a percent", "缴费比例（已缴/应缴）": the part and the
whole are each one number column.  :func:`restated` says each such request the one way the
per-row family's ratio rule reads ("A as a share of B", "A占B的比例"); :func:`read_total_ratio`
answers it for the whole table, ``SUM(part)/SUM(whole)``.

The answer is a fraction (0.42), for a cell formatted as a percentage, as every share of this
engine is; a request that asks for the number of percent ("as a number like 45.2") is not read
here.  The words around the two columns must all be read (lexicon shares.json
ratio_fillers), and a share word must be said: "paid vs due" alone may be a difference.
"""

from __future__ import annotations

import re

from .rowbase import is_zh, lexicon
from .schema import SheetSchema

_SHARE_EN = r"(?:%|percent|percentage|pct|share|proportion|fraction|ratio|rate)"
_SHARE_ZH = r"(?:比例|比率|百分比|占比|率)"
_OVER_EN = r"(?:over|vs\.?|versus|against|divided by|out of|relative to|compared to|compared with)"


def _fillers() -> list[str]:
    return lexicon("shares")["ratio_fillers"]


def _side(words: str) -> str:
    """``words`` of one side without the filler words around a column's name."""
    words = words.strip(" ,，:：;；.。?？")
    for _ in range(3):
        for f in sorted(_fillers(), key=len, reverse=True):
            if is_zh(f):
                words = words.removeprefix(f).removesuffix(f)
            else:
                words = re.sub(rf"^{re.escape(f)}\s+|\s+{re.escape(f)}$", "", words)
        words = words.strip(" ,，:：;；.。?？的")
    return words


def named_rate(request: str, schema: SheetSchema) -> str | None:
    """A rate said by its name ("Q3 on-time % for each vendor", "各部门满编率") said as "A as a
    share of B" / "A占B的比例" with the two columns' headers (lexicon shares.json named_rates), the
    rest of the request kept; None when no name is said or its columns are not one pair (On
    time under Q3 and Q4 with no quarter said)."""
    from .rows import _AS_NUMBER

    text = request.lower()
    if re.search(_AS_NUMBER, text):
        return None  # "出勤率用百分数表示": the percent as a number (×100), the plan/actual reader's
    for rate in lexicon("shares")["named_rates"]:
        for name in sorted(rate["names"], key=len, reverse=True):
            at = text.find(name)
            if at < 0 or (name[0].isascii() and name[0].isalpha() and re.match(r"[a-z]", text[at - 1:at])):
                continue
            before = re.findall(r"[a-z0-9]+|[\u4e00-\u9fff]", text[:at])
            lead = before[-1:]  # "q3 on-time %": the word before picks the columns
            picked = []
            for words, other in ((rate["part"], rate["whole"]), (rate["whole"], rate["part"])):
                cols = [c for c in schema.columns if c.type == "number" and any(w in c.header.lower() for w in words)]
                if words is rate["part"]:  # 出勤天数, not 应出勤天数: the part's header has no word of the whole
                    cols = [c for c in cols if not any(w in c.header.lower() for w in other)]
                if len(cols) > 1 and lead:
                    cols = [c for c in cols if lead[0] in c.header.lower()]
                picked.append(cols)
            (part, *more), (whole, *others) = picked if all(picked) else ([None], [None])
            if part is None or more or others or part is whole or (
                    (part.first_row, part.last_row) != (whole.first_row, whole.last_row)):
                return None
            said = (f"{part.header}占{whole.header}的比例" if is_zh(text)
                    else f"{part.header} as a share of {whole.header}").lower()
            sep = "" if is_zh(text) else " "
            k = max((k for k in range(1, len(before) + 1)  # "q4 to date on-time %": the header's own words
                     if part.header.lower().startswith(sep.join(before[-k:]))), default=0)
            cut = text[:at].rstrip()
            for w in reversed(before[len(before) - k:]):
                cut = cut[:len(cut) - len(w)].rstrip()
            if is_zh(text) and re.fullmatch(r"(?:每个人|每人|每行|每一行|每个|每位)[\u4e00-\u9fff]{0,3}?的?", cut):
                cut = ""  # "每个人的出勤率": each row's, said by the per-row reading
            return (cut + sep if cut else "") + said + text[at + len(name):]
    return None


def restated(request: str) -> list[str]:
    """``request`` (lower case) said as "A as a share of B" / "A占B的比例", each way it fits;
    [] when it says no share of one thing in another."""
    text = request.lower().strip().rstrip("?？.。")
    out: list[str] = []
    if is_zh(text):
        m = re.fullmatch(rf"\s*(?:[\u4e00-\u9fff]{{0,6}}?)?{_SHARE_ZH}\s*[（(]\s*(?P<a>[^/／()（）]+?)\s*[/／]\s*"
                         r"(?P<b>[^/／()（）]+?)\s*[)）]\s*", text)
        if m:  # "缴费比例（已缴/应缴）": the label, then the division spelled out
            out.append(f"{_side(m.group('a'))}占{_side(m.group('b'))}的比例")
        named = share_named(text)
        if named is not None:  # "付款进度：已付款占合同金额的比例": a name for the share, then the share
            out.append(named)
        m = _IS_SHARE_ZH.fullmatch(_without_place(text))
        if m:  # "会员价是原价的几折", "实收是应收的百分之多少": A 是 B 的 (a share word)
            out.append(f"{_side(m.group('a'))}占{_side(m.group('b'))}的比例")
        return [o for o in out if o]
    # "% collected so far (paid vs invoiced)": the share said, then which over which in brackets
    m = re.fullmatch(rf"\s*(?P<lead>.*?)\s*\(\s*(?P<a>[a-z][a-z ]*?)\s+{_OVER_EN}\s+(?P<b>[a-z][a-z ]*?)\s*\)\s*", text)
    if m and re.search(rf"(?<![a-z]){_SHARE_EN}(?![a-z])", m.group("lead")) \
            and _label(m.group("lead")):
        out.append(f"{_side(m.group('a'))} as a share of {_side(m.group('b'))}")
    # "approval ratio: total approved over total claimed", "collection rate, paid vs due"
    m = re.fullmatch(rf"\s*(?P<lead>(?:[a-z]+\s+){{0,2}}?{_SHARE_EN})\s*[:,]\s*(?P<a>[a-z][a-z ]*?)\s+{_OVER_EN}"
                     r"\s+(?P<b>[a-z][a-z ]*?)\s*", text)
    if m and _label(m.group("lead")):
        out.append(f"{_side(m.group('a'))} as a share of {_side(m.group('b'))}")
    # "deposit relative to rent, as a percent", "paid against due as a percentage"
    m = re.fullmatch(rf"\s*(?P<a>[a-z][a-z ]*?)\s+{_OVER_EN}\s+(?P<b>[a-z][a-z ]*?)\s*,?\s*as an?\s+"
                     rf"(?:percent|percentage|fraction|share|proportion|ratio|%)\s*", text)
    if m:
        out.append(f"{_side(m.group('a'))} as a share of {_side(m.group('b'))}")
    # "received as % of pledged", "paid as a percentage of promised": the part, then the whole
    m = re.fullmatch(r"\s*(?P<a>[a-z][a-z ]*?)\s+as\s+(?:an?\s+)?(?:percent|percentage|pct|share|proportion|fraction|%)"
                     r"\s+of\s+(?P<b>[a-z][a-z ]*?)\s*", text)
    if m:
        out.append(f"{_side(m.group('a'))} as a share of {_side(m.group('b'))}")
    # "proportion of total subs paid so far": the whole, then what of it; each way to split the
    # words in two is tried (column_ratio keeps only a split whose sides are one column each)
    m = re.fullmatch(r"\s*(?:what\s+)?(?:percentage|percent|share|proportion|fraction|%)\s+of\s+(?P<rest>[a-z][a-z ]*)",
                     text)
    if m:
        words = _side(m.group("rest")).split()
        for k in range(1, len(words)):
            b, a = " ".join(words[:k]), " ".join(words[k:])
            a = re.sub(r"^(?:that|which)\s+|^(?:has|have|had)\s+(?:actually\s+|already\s+)?been\s+"
                       r"|^(?:was|were|is|are)\s+(?:actually\s+|already\s+)?", "", a)
            out.append(f"{_side(a)} as a share of {_side(b)}")
    return [o for o in out if not o.startswith(" as") and " of " in o and not o.endswith(" of ")]


#: "A是B的百分之几 / 几成 / 几折 / 比例": the same share said with 是 … 的
_IS_SHARE_ZH = re.compile(r"\s*(?:每[\u4e00-\u9fff]?|各)?(?P<a>[^，,。；;是]{1,12}?)是(?P<b>[^，,。；;是]{1,12}?)的"
                          r"(?:百分之(?:几|多少)|几成|几折|百分比|比例|比率)\s*")
#: "，放在H列": where the answer goes, said after the ask
_PLACE_ZH = re.compile(r"\s*[，,、]?\s*(?:放在?|写在|填在|填到|放到|在)?\s*[a-z]{1,2}\s*列\s*$")


def _without_place(text: str) -> str:
    return _PLACE_ZH.sub("", text)


def done_share(request: str, schema: SheetSchema) -> str | None:
    """"每笔借款已还了百分之多少", "每个合同付了百分之几", "每户交了应缴的百分之几": how much of each
    row's amount is done, said by the verb of the column that records it, as "A占B的比例": the part
    is the one number column whose header holds the verb (已还金额, 已付款, 实缴; never an 应 column),
    the whole the column said after the verb (应缴) or else the one number column whose header holds
    the row's noun (借款 -> 借款金额, 合同 -> 合同金额); None when either is not one column."""
    from .rowbase import mentions

    words = lexicon("shares")["done_verbs_zh"]
    text = _without_place(request.lower().strip().rstrip("?？.。"))
    m = re.fullmatch(r"\s*(?:算一下|算算|看看|求)?\s*(?:每一?[笔个项户人位单张份条家辆]|各)(?P<noun>[\u4e00-\u9fff]{0,4}?)"
                     r"(?:已经|已|累计|一共|总共)?(?P<verb>" + "|".join(sorted(words, key=len, reverse=True)) + r")了"
                     r"(?:(?P<whole>[\u4e00-\u9fff]{1,6}?)的)?(?:百分之(?:几|多少)|几成|多少比例|百分比)\s*", text)
    if m is None:
        return None
    verbs = {m["verb"], *words[m["verb"]]}
    numbers = [c for c in schema.columns if c.type == "number"]
    parts = [c for c in numbers if any(v in c.header for v in verbs) and not c.header.startswith("应")]
    if m["whole"]:
        wholes = [c for _p, c in mentions(m["whole"], schema)]
    else:
        noun = m["noun"]
        wholes = [c for c in numbers if len(noun) >= 2 and noun in c.header and c not in parts]
    if len(parts) != 1 or len({c.letter for c in wholes}) != 1 or wholes[0] is parts[0] or wholes[0].type != "number":
        return None
    return f"{parts[0].header}占{wholes[0].header}的比例"


def share_named(request: str) -> str | None:
    """The share said after a short name for it and a colon ("付款进度：已付款占合同金额的比例"), or
    None: the name is what the result is called, the share after it is read whole."""
    m = re.fullmatch(r"\s*[\u4e00-\u9fff]{2,8}\s*[:：]\s*(?P<rest>[^:：]+?占[^:：]+?(?:比例|百分比|比重|比率|百分之(?:几|多少)))\s*",
                     request)
    return m.group("rest") if m else None


def _label(lead: str) -> bool:
    """Whether ``lead`` is only a name for the share ("overall approval ratio", "%", "collection
    rate"): the share word with at most two words, none of them a number or an operation."""
    words = re.findall(r"[a-z]+|\S", lead)
    return len(words) <= 4 and not re.search(r"\d|(?<![a-z])(?:not|no|without|minus|plus|times|per|each|every|"
                                             r"above|below|over|under|more|less|than|where|if)(?![a-z])", lead)


def column_ratio(request: str, schema: SheetSchema) -> tuple[str, str, list] | None:
    """The per-row share ``A{r}/B{r}`` :func:`restated` finds, when each side is one number
    column's name and nothing else; None otherwise."""
    from .rowbase import cover, mentions
    from .rows import _names_of, _ratio

    zh = is_zh(request)
    found = []
    named = named_rate(request, schema)
    for said in restated(request) + ([named] if named else []):
        said = _widened(said, schema)
        got = _ratio(said, schema, zh)
        m = re.fullmatch(r"([A-Z]{1,3})\{r\}/([A-Z]{1,3})\{r\}", got[0]) if got else None
        if m is None:
            continue
        a = said.split("占")[0] if zh else said.split(" as a share of ")[0]
        part = next(c for c in schema.columns if c.letter == m.group(1))
        if [c for _p, c in mentions(a, schema)] != [part] or cover(a, _names_of(part, schema, bare=True)).strip(" 的"):
            continue  # "late deposit": a word of the part that names no column
        if got[0] not in (f[0] for f in found):
            found.append(got)
    return found[0] if len(found) == 1 else None  # two splits read two ways: not guessed


def _widened(said: str, schema: SheetSchema) -> str:
    """``said`` with a side that names no column but is a word of exactly one number column's
    header (the end of it in Chinese) said as that header: "paid vs due" beside Fee Due, "subs"
    beside Annual Sub, "paid" beside Paid So Far."""
    from .rowbase import mentions

    zh = is_zh(said)
    parts = said.split("占", 1) if zh else said.split(" as a share of ", 1)
    if len(parts) != 2:
        return said
    out = []
    for i, side in enumerate(parts):
        word = side if i == 0 else (re.sub(r"的?(?:比例|百分比|比重|比率|百分之(?:几|多少)|多少)$", "", side) if zh else side)
        tail = side[len(word):]
        said_cols = [c for _p, c in mentions(word, schema)] if word else []
        # (or names only a date column: "received" beside a Received date and an Amount received)
        if word and not any(c.type == "number" for c in said_cols) and (zh or re.fullmatch(r"[a-z]+", word)):
            heads = [c.header for c in schema.columns if c.type == "number" and (
                c.header.strip().endswith(word) if zh else
                re.search(rf"(?<![a-z]){re.escape(word.removesuffix('s'))}s?(?![a-z])", c.header.lower()))]
            if len(heads) == 1 and len(word) >= (2 if zh else 3):
                word = heads[0].lower()
        out.append(word + tail)
    return ("占" if zh else " as a share of ").join(out)


def read_total_ratio(request: str, schema: SheetSchema) -> tuple[str, str] | None:
    """The share of one number column's total in another's, for the whole table:
    "overall approval ratio: total approved over total claimed" -> =SUM(G5:G19)/SUM(F5:F19)."""
    zh = is_zh(request)
    got = column_ratio(request, schema)
    if got is not None:
        m = re.fullmatch(r"([A-Z]{1,3})\{r\}/([A-Z]{1,3})\{r\}", got[0])
        part = next(c for c in schema.columns if c.letter == m.group(1))
        whole = next(c for c in schema.columns if c.letter == m.group(2))
        if part.first_row != whole.first_row:
            return None  # two tables side by side: not one table's totals
        last = max(part.last_row, whole.last_row)  # (the last rows' amounts not received yet left blank)
        return (f"=SUM({part.letter}{part.first_row}:{part.letter}{last})/"
                f"SUM({whole.letter}{whole.first_row}:{whole.letter}{last})",
                f"{part.header}合计占{whole.header}合计的比例" if zh
                else f"the total of {part.header} as a share of the total of {whole.header}")
    return None
