""""中秋礼盒已经领了几份", "已报销的有几笔", "归还了的有多少本": a count of the rows where a step is done,
the step said by its verb where the sheet records it by a date (领取日期, 报销日期, 归还日期).

A done step is a date filled in, as read_blank reads a step not done yet ("还没领的有几个") by the
date left blank.  The readers read "有领取日期的" (the rows with that date), so the verb said done
(已 / 已经 before it, or 了 / 过 after it) is respelt so, and the count word closing the request
(几份, 几笔, 场次, 数量 ...) is said "几个" / "个数", the rows counted, unless a header holds its measure
(份数: the copies added up, not the rows).

An amount some rows leave blank is an entry made on the rows that hold one (支出 of a bank
statement, blank on the income rows): "支出笔数", "有几笔支出", "支出的次数" count the rows holding an
支出, respelt "有支出的个数" (said_entry_counts).

Only a count is respelt ("张三领了多少钱" is the money, left as said), only where no 没 / 未 / 不
says the step is not done, and only a verb that is the head of exactly one date column's header
(领 of 领取日期, not where 领用日期 is beside it), a date some rows leave blank (a date on every
row is the rows' own event: "行政部借了几次" beside 借阅日期 counts the rows).  Vocabulary: ``lexicon/aggregates.json``
(done_count_tails, done_count_measures).
"""

from __future__ import annotations

import re

from .rowbase import blank_on_table_rows, is_zh, lexicon
from .schema import Column, SheetSchema

_NOT_DONE = re.compile(r"[没未不]|尚未|还没")


def _dated_verbs(schema: SheetSchema) -> list[tuple[str, Column]]:
    """(verb, its date column): the heads of each Chinese date stem that no other column's stem
    shares (领取 and 领 of 领取日期), longest first."""
    from .aggregates import _date_stem

    stems = [(s, c) for c in schema.columns if c.type == "date" and (s := _date_stem(c.header)) and is_zh(s)]
    out = []
    for stem, col in stems:
        if any(o is not col and s2[0] == stem[0] for s2, o in stems):
            continue
        out += [(stem[:k], col) for k in range(len(stem), 0, -1)]
    return sorted(out, key=lambda p: len(p[0]), reverse=True)


def _counted_tail(text: str, schema: SheetSchema) -> re.Match[str] | None:
    """The count word closing ``text`` (几份, 多少次, 笔数, 数量), or None."""
    lex = lexicon("aggregates")
    measures = "".join(lex["done_count_measures"])
    tails = "|".join(sorted(lex["done_count_tails"], key=len, reverse=True))
    return re.search(rf"(?:(?P<ask>几|多少)个?(?P<unit>[{measures}])|(?P<tail>{tails}))[?？。!！\s]*$", text)


def said_done_counts(request: str, schema: SheetSchema) -> str:
    """``request`` with a done step said "有<date header>的" and its count word "几个" / "个数",
    where it counts the rows that did the step; unchanged otherwise."""
    if not is_zh(request) or _NOT_DONE.search(request):
        return request
    tail = _counted_tail(request, schema)
    if tail is None:
        return request
    numbers = [c.header for c in schema.columns if c.type == "number"]
    if tail["unit"] and any(tail["unit"] in h for h in numbers) \
            or tail["tail"] and any(tail["tail"] in c.header for c in schema.columns):
        return request  # "盖了多少份" beside 份数: the copies added up
    headers = [c.header for c in schema.columns]
    for verb, col in _dated_verbs(schema):
        if not blank_on_table_rows(schema, col):
            continue  # every row has one: the verb names the rows' own event ("借了几次" beside 借阅日期)
        v = re.escape(verb)
        done = rf"(?:已经|已)(?P<v>{v})(?:了|过)?的?"  # 已领, 已经领取了的
        after = rf"(?<![A-Za-z0-9])(?P<w>{v})(?:了|过)的?"  # 领了, 领取过的
        m = re.search(rf"{done}|{after}", request[:tail.start()])
        if m is None:
            continue
        at = m.start("v") if m["v"] else m.start("w")
        if any(h != col.header and request.startswith(h, at) for h in headers):
            continue  # the verb opens another header said whole (领取方式)
        head = request[:m.start()] + f"有{col.header}的" + request[m.end():tail.start()]
        if tail["ask"]:
            return head + "几个"
        return head + ("个数" if head.endswith("的") else "的个数")
    return request


def said_entry_counts(request: str, schema: SheetSchema) -> str:
    """``request`` with "几笔<amount>" / "<amount>笔数" said "有<amount>的个数", where the amount is a
    number column some of the table's rows leave blank; unchanged otherwise."""
    if not is_zh(request) or _NOT_DONE.search(request):
        return request
    measures = "".join(lexicon("aggregates")["entry_count_measures"])
    for col in sorted(schema.columns, key=lambda c: len(c.header), reverse=True):
        h = re.escape(col.header.strip())
        m = re.search(rf"(?:有)?(?:多少|几)(?P<u>[{measures}])(?P<h>{h})[?？。!！\s]*$"
                      rf"|(?P<h2>{h})(?:的)?(?P<u2>[{measures}])数[?？。!！\s]*$", request)
        if m is None or col.type != "number" or not blank_on_table_rows(schema, col):
            continue
        unit = m["u"] or m["u2"]
        if any(unit in c.header for c in schema.columns if c.type == "number"):
            return request  # 次数 of a column counting them: added up, not respelt
        return request[:m.start()] + f"有{col.header.strip()}的个数"
    return request
