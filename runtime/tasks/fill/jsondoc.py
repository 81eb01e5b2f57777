"""A JSON export pasted into a document, read as the labelled figures and tables it holds.

A dashboard's or a mini-program's export ("arr_cents": 512000000, "yingye_shouru_fen": 1867540000)
under a cover note is data, not prose: read as text, its braces pass for headings, a key's words
stick to its quotes, and an amount in cents or 分 reads 100 times too big. Here each JSON object
becomes a table of its figures, headed by the object's name ("item; metrics" over "arr; $5,120,000"),
so that a "prior_year" or "targets_fy2026" object is a prior or planned column as a table's would
be; its texts and dates become labelled lines ("Company name: …"); a list of records becomes a
table with its keys as header. Key names are read as words: snake_case split, and Chinese
systems' pinyin keys ("yingye_shouru" 营业收入, "mubiao" 目标) put into Chinese by the vocabulary in
``pinyin_keys.json``. An amount whose key or the cover note says it is in cents (or 分) is written
in dollars (or 元); a rate or share under 10 written as a fraction (0.62) is written as a percent.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["json_text"]

#: where a JSON object or array opens a line
_OPEN = re.compile(r"^[ \t]*[{\[][ \t]*$|^[ \t]*\{[ \t]*\"", re.M)
#: a key's last word saying its amount is in cents (or 分)
_CENTS_KEY = re.compile(r"(?:^|_)(?:cents|in_cents|fen)$|(?:^|_)(?:cents|fen)_", re.I)
#: a cover note declaring the export's amounts in cents or 分
_CENTS_NOTE = re.compile(r"\bamounts?\b[^.\n]{0,30}\bin cents\b|\bin cents\b|(?:金额|单位)[^。\n]{0,8}(?:为|：|:)\s*分(?![\u4e00-\u9fff])")
#: a key about money (when the note says amounts are in cents)
_MONEY_KEY = re.compile(r"amount|price|revenue|arr|mrr|sales|shouru|jine|yingshou|收入|金额", re.I)
#: a key of a rate or share, whose value under 10 is a fraction
_RATE_KEY = re.compile(r"growth|retention|share|margin|rate|churn|nrr|ratio|percent|pct|zengzhang|zhanbi|bili|"
                       r"增长|占比|比例|率", re.I)
#: an ISO timestamp: its day
_STAMP = re.compile(r"^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$")


@lru_cache(maxsize=1)
def _pinyin() -> dict[str, str]:
    data = json.loads(Path(__file__).with_name("pinyin_keys.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


def _words(key: str, zh: bool) -> str:
    """A key as words: "arr_yoy_growth" as "arr yoy growth", "yingye_shouru_fen" as "营业收入"."""
    key = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key)  # camelCase
    key = _CENTS_KEY.sub("_", key) if _CENTS_KEY.search(key) else key
    parts = [p for p in key.lower().split("_") if p]
    table = _pinyin()
    out: list[str] = []
    i = 0
    while i < len(parts):
        for n in (3, 2, 1):  # the longest run of syllables the vocabulary knows
            joined = "_".join(parts[i:i + n])
            if len(parts) - i >= n and joined in table:
                out.append(table[joined])
                i += n
                break
        else:
            out.append(parts[i])
            i += 1
    if zh and all(re.fullmatch(r"[\u4e00-\u9fff]+", w) for w in out):
        return "".join(out)
    return " ".join(out)


def _scalar(key: str, value: Any, cents: bool, zh: bool, dollars: bool) -> str:
    """``value`` as the document would write it."""
    if isinstance(value, bool) or value is None:
        return "-" if value is None else ("yes" if value else "no")
    if isinstance(value, (int, float)):
        if _RATE_KEY.search(key) and not _CENTS_KEY.search(key):
            # ("arr_yoy_growth": 0.62 is 62%, even where the note says amounts are in cents)
            return f"{round(value * 100, 6):g}%" if isinstance(value, float) and abs(value) < 10 else str(value)
        if _CENTS_KEY.search(key) or (cents and _MONEY_KEY.search(key)):
            amount = f"{value / 100:,.2f}".removesuffix(".00")
            return f"{amount}元" if zh and not dollars else f"${amount}"
        return f"{value:,}" if isinstance(value, int) and abs(value) >= 10000 else str(value)
    text = str(value).strip()
    stamp = _STAMP.match(text)
    return stamp.group(1) if stamp else text


#: a key's words that give a price's period ("price_cents_monthly", "annual_fee")
_PER = ((re.compile(r"\b(?:monthly|per month|mo)\b"), "per month"), (re.compile(r"\b(?:annual|yearly|per year|yr)\b"), "per year"))


def _priced(key: str, value: str) -> str:
    """A record's field as a memo writes it: "price_cents_monthly" 24900 as "$249 per month", else
    "seats 12"."""
    words = _words(key, False)
    if not re.search(r"\b(?:price|fee|cost|pricing)\b", words):
        return f"{words} {value}"
    per = next((p for pattern, p in _PER if pattern.search(words)), "")
    return f"{value} {per}".strip()


def _render(obj: dict[str, Any], cents: bool, zh: bool, dollars: bool) -> list[str]:
    """``obj``'s lines: its texts and dates as labelled lines ("Company name: …"), the numbers of it
    and of its nested objects as one table with a column per object ("item; metrics; prior year;
    targets fy2026" over "arr; $5,120,000; $3,160,000; $6,000,000", as a report's table sets this
    period against the last and the plan), each list of records after it."""
    lines: list[str] = []
    columns: dict[str, dict[str, str]] = {}
    lists: list[tuple[str, list[str]]] = []

    def visit(o: dict[str, Any], name: str) -> None:
        for key, value in o.items():
            words = _words(key, zh)
            if isinstance(value, dict):
                visit(value, words)
            elif not zh and isinstance(value, list) and value and all(
                    isinstance(v, dict) and isinstance(v.get("name"), str) for v in value):
                # named records ("plans": [{"name": "Pro", "price_cents_monthly": 24900}]): a bullet
                # each, "Pro: price monthly $249", as a memo lists its products
                lists.append((words, [f"- {v['name']}: " + ", ".join(
                    _priced(k, _scalar(k, x, cents, zh, dollars)) for k, x in v.items() if k != "name")
                    for v in value]))
            elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                keys = list(dict.fromkeys(k for v in value for k in v))
                # (a Chinese table gives a column's money unit in its header: "收入（元）" over "11,205,200")
                yuan = {k for k in keys if zh and not dollars and all(
                    _scalar(k, v.get(k), cents, zh, dollars).endswith("元") for v in value if k in v)}
                lists.append((words, ["; ".join(_words(k, zh) + ("（元）" if k in yuan else "") for k in keys)]
                              + ["; ".join(_scalar(k, v.get(k), cents, zh, dollars).removesuffix("元") if k in yuan
                                           else _scalar(k, v.get(k), cents, zh, dollars) for k in keys) for v in value]))
            elif isinstance(value, list):
                lines.append(f"{words}: {', '.join(_scalar(key, v, cents, zh, dollars) for v in value)}")
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                column = name or ("数据" if zh else "value")
                columns.setdefault(column, {})[words] = _scalar(key, value, cents, zh, dollars)
            else:
                label = f"{name}{words}" if zh else f"{name} {words}".strip().capitalize()
                lines.append(f"{label}{'：' if zh else ': '}{_scalar(key, value, cents, zh, dollars)}")

    visit(obj, "")
    out = [x for line in lines for x in (line, "")]  # (a label's line a paragraph of its own)
    rows = list(dict.fromkeys(r for c in columns.values() for r in c))
    if rows:
        out.append("; ".join(["项目" if zh else "item", *columns]))
        out += ["; ".join([r, *(c.get(r, "-") for c in columns.values())]) for r in rows]
        out.append("")
    for words, items in lists:
        # (a Chinese list's name over it would pass for the report's title: its table alone)
        out += ["", *([] if zh else [f"{words}:"]), *items, ""]
    return out


def json_text(raw: str) -> str | None:
    """``raw`` with its JSON export (an object of three keys or more, on lines of its own after any
    cover note) read as labelled lines and tables; None when it holds none."""
    for m in _OPEN.finditer(raw):
        start = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
        try:
            data, end = json.JSONDecoder().raw_decode(raw, start)
        except ValueError:
            continue
        if not isinstance(data, dict) or len(data) < 3 or raw[end:].strip().startswith((",", "]", "}")):
            continue
        note, rest = raw[:start], raw[end:]
        zh = len(re.findall(r"[\u4e00-\u9fff]", note + json.dumps(data, ensure_ascii=False))) >= 8
        cents = bool(_CENTS_NOTE.search(note))  # (a key's own "_cents" converts that key alone)
        dollars = bool(re.search(r"\$|\bUSD\b|dollars?", note)) or not zh
        out = _render(data, cents, zh, dollars)
        body = re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")
        return f"{note.rstrip()}\n\n{body}\n{rest}"
    return None

