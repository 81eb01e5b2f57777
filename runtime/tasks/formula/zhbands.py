"""Chinese labels said one clause each, the way a 文员 types bands in a message:
"90分以上优秀，60到90合格，其余不合格", "金额100以上写大单，50-100写中单，50以下写小单".

Each clause is a condition and its label (joined by 写 / 标 / 为 / 算 / 是 / 记, a colon, or nothing
when the condition closes on a number, 以上 / 以下 / 之间 or a unit), and the last may be the rest
(其余 / 其他 / 否则 ... label).  A condition is read by :func:`rowlabels._condition`; one that names
no column ("60到90") is read on the one number column the other clauses name.  The labels become
nested IFs in the order said (the first clause that holds wins, so a bound said in two clauses
goes to the earlier one; where the earlier is a range, "60到90合格，90以上优秀", which band 90 is in
is not said: no answer).  以上 / 以下 include their number (the common 含本数 reading, said so in the
explanation); a bracket that says otherwise is written out first (:mod:`bounds`).  Two labelled
clauses or more, every clause read and every label distinct, or no answer.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, is_zh, lexicon, mentions
from .schema import SheetSchema

# (no label starts with the words that close a bound: "100以上大单" is 100以上 and 大单)
_LABEL = r"[\"“「']?(?!以上|以下|以内|之间|及|或|分|元|块|天|次|个|件|岁|小时)(?P<label>[\u4e00-\u9fffA-Za-z]{1,6})[\"”」']?"
_VERB = r"(?:的)?(?:就|则)?(?:写成|写为|写上|写|标为|标记为|标成|标|为|算作|算|是|记为|记|显示为?|填|=|：|:|→|->)"
# a condition that closes on its bound: the label may follow it with no verb ("100以上大单")
_CLOSED = r"(?:\d|以上|以下|以内|之间|[)）]|分|元|块|天|次|个|件|岁|小时|%|％)"
_RANGE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?P<u>[分元块天次个件岁]?)\s*(?:-|—|–|~|～|到|至)\s*"
                    r"(\d+(?:\.\d+)?)\s*(?P=u)?(?!\s*(?:之间|[\d.]))")


def read(request: str, schema: SheetSchema) -> RowReading | None:
    """Nested IFs for a Chinese request of two or more condition -> label clauses, or None."""
    from .rowlabels import _condition, _covering, _lit, _value

    if not is_zh(request):
        return None
    lex = lexicon("labels")
    parts = [p.strip() for p in re.split(r"[，,；;。\n]", request.strip()) if p.strip()]
    head = re.split(r"\s*[：:]\s*|\s+", parts[0], maxsplit=1)  # "根据综合测评评等级：92及以上一等"
    lead = _lead(head[0], schema)
    if lead is not None:  # "按综合测评给每个人定等级，92及以上一等，…": the banded column named first
        parts = head[1:] + parts[1:] if len(head) > 1 and head[1].strip() else parts[1:]
    if len(parts) == 1:
        parts = _listed(parts[0]) or parts
    if len(parts) < 2:
        return None
    els = "|".join(re.escape(w) for w in sorted(lex["else"], key=len, reverse=True) if is_zh(w))
    said: list[tuple[str, str]] = []
    other: str | None = None
    for i, part in enumerate(parts):
        rest = re.fullmatch(rf"(?:{els})(?:的)?(?:都|一律|全部)?(?:写成|写为|写|标为|标|为|算|是|记为|记|显示|填)?[：:]?\s*{_LABEL}",
                            part)
        if rest is not None:
            if i != len(parts) - 1:
                return None
            other = rest["label"]
            continue
        clause = _clause(part)
        if clause is None:
            return None
        said.append(clause)
    if len(said) < 2:
        return None
    conds: list[str | None] = []
    used: list[float] = []
    for cond, _ in said:
        got = _condition(_ranged(cond), schema, lex) if mentions(cond.lower(), schema) else None
        conds.append(got[0] if got else None)
        used += got[1] if got else []
    named = [c for cond, _ in said for _, c in mentions(cond.lower(), schema)] + ([lead] if lead else [])
    letters = {x for c in conds if c for x in re.findall(r"(?<![A-Z$])([A-Z]{1,3})\{r\}", c)}
    letters |= {lead.letter} if lead else set()
    if len(letters) != 1 or any(c.type != "number" for c in named):
        return None  # bands of one number column only
    col = next(c for c in schema.columns if c.letter in letters)
    for i, (cond, _) in enumerate(said):
        if conds[i] is not None:
            continue
        if mentions(cond.lower(), schema):
            return None  # a column named and not read
        got = _condition(_ranged(col.header + cond), schema, lex)
        if got is None:
            return None
        conds[i] = got[0]
        used += got[1]
    labels = [lab for _, lab in said]
    if len(set(labels)) != len(labels) or other in labels or any(re.search(r"\d", lab) for lab in labels):
        return None
    if _range_first(conds):
        return None
    if other is None and _covering(conds):  # "60以下…，60到90…，90以上…": the last band is the rest
        other = labels.pop()
        conds.pop()
    expr = _lit(other) if other is not None else _value("")
    for cond, lab in reversed(list(zip(conds, labels, strict=True))):
        expr = f"IF({cond},{_lit(lab)},{expr})"
    why = "；".join(f"{cond} 为 {lab}" for cond, lab in zip(conds, labels, strict=True))
    inclusive = "（以上 / 以下 含本数）" if re.search(r"以上|以下", request) else ""
    return RowReading("=" + expr, f"按顺序判断：{why}；其余为 {other or '空'}{inclusive}", used)


def _range_first(conds: list[str]) -> bool:
    """Whether a range said first ("60到90合格") shares a number with a later clause ("90以上优秀"):
    which label the bound takes is not said (the first clause would win, where the user likely
    means the later one), so no answer.  A one-sided bound said first ("90以上优秀，60到90合格")
    takes it, as written."""
    ops = {"<": float.__lt__, "<=": float.__le__, ">": float.__gt__, ">=": float.__ge__}

    def terms(c: str) -> list[tuple[str, float]] | None:
        inner = re.fullmatch(r"AND\((.+)\)", c)
        found = [re.fullmatch(r"[A-Z]{1,3}\{r\}(<=|>=|<|>)(-?\d+(?:\.\d+)?)", t)
                 for t in (inner.group(1).split(",") if inner else [c])]
        return [(m.group(1), float(m.group(2))) for m in found] if all(found) else None

    read = [terms(c) for c in conds]
    for i, first in enumerate(read):
        if first is None or len(first) < 2:
            continue
        low = [v for o, v in first if o in (">=", ">")]
        for later in read[i + 1:]:
            # "86到92二等，80到86三等": 86 is the earlier band's own lower end, so the earlier (upper) band
            # takes it, as a band of "86 and up" does; a shared upper end ("60到90合格，90以上") is not said
            if later is not None and any(all(ops[o](x, v) for o, v in first) and all(ops[o](x, v) for o, v in later)
                                         for _, x in first if x not in low):
                return True
    return False


_LISTED = re.compile(r"[\"“「']?(?P<label>[\u4e00-\u9fffA-Za-z]{1,6})[\"”」']?\s*[(（](?P<cond>[^()（）]*\d[^()（）]*)[)）]")


def _listed(part: str) -> list[str] | None:
    """"一等(≥92)/二等(≥86)/三等(≥80)/鼓励": labels listed with their bounds in brackets, the last bare
    one the rest, as the clauses "≥92一等", …, "其余鼓励"; None when the part is no such list."""
    items = [x.strip() for x in re.split(r"\s*[/、｜|]\s*", part)]
    if len(items) < 3:
        return None
    said = [_LISTED.fullmatch(x) for x in items[:-1]]
    last = _LISTED.fullmatch(items[-1])
    if not all(said):
        return None
    if last is None and not re.fullmatch(r"[\"“「']?[\u4e00-\u9fffA-Za-z]{1,6}[\"”」']?", items[-1]):
        return None
    out = [f"{m['cond']}{m['label']}" for m in said]
    return out + [f"{last['cond']}{last['label']}" if last else f"其余{items[-1]}"]


def _lead(part: str, schema: SheetSchema):
    """The one number column a first clause with no number names ("按综合测评定等级", "综合测评分档"):
    the column the bands after it are of; None when the clause says more than that."""
    if re.search(r"\d", part):
        return None
    named = {c.letter: c for _, c in mentions(part.lower(), schema)}
    if len(named) != 1 or next(iter(named.values())).type != "number":
        return None
    col = next(iter(named.values()))
    rest = part.replace(col.header.strip(), " ")
    return col if re.fullmatch(lexicon("labels")["band_lead_zh"], rest.strip()) else None


def _clause(part: str) -> tuple[str, str] | None:
    """(condition, label) of one clause: "90分以上优秀", "60到90为合格", "低于60的标“不合格”"."""
    m = re.fullmatch(rf"(?P<cond>.+?)\s*{_VERB}\s*{_LABEL}", part)
    if m is None:
        m = re.fullmatch(rf"(?P<cond>.*?{_CLOSED})\s*(?:的)?\s*{_LABEL}", part)
    if m is None or not re.search(r"\d", m["cond"]):
        return None
    return re.sub(r"[：:]", " ", m["cond"]).strip().removesuffix("的"), m["label"]  # "四季度：90以上优秀"


def _ranged(cond: str) -> str:
    """"60到90", "50-100", "60至90分" as "在60到90之间" (both ends included), which the condition
    reader reads; "60到90之间" with 在 added."""
    cond = _RANGE.sub(lambda m: f"在{m.group(1)}到{m.group(3)}之间", cond)
    return re.sub(r"(?<![在于])(?=(?<![\d.])\d+(?:\.\d+)?\s*[分元块]?\s*(?:到|至|和|-|~|～)\s*\d+(?:\.\d+)?\s*[分元块]?\s*之间)",
                  "在", cond)
