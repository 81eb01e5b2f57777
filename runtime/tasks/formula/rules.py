"""Read a plain request ("sum of Sales where Region is East") into an intent.

This is the model-free path: a general bilingual vocabulary of aggregation
words and comparison phrases, the sheet's own header names, and the values
that actually occur in its text columns.  It knows nothing about any
particular question set; what it cannot read it leaves to the LLM or refuses.
"""

from __future__ import annotations

import datetime as dt
import re

from ...errors import TaskError
from .intent import Condition, Intent
from .schema import Column, SheetSchema

# operation words, most specific first
_OPS: list[tuple[str, tuple[str, ...]]] = [
    ("median", ("median", "中位数")),
    ("average", ("average", "mean", "avg", "平均")),
    ("count", ("how many", "number of", "count", "多少行", "多少个", "多少条", "多少笔", "多少",
               "数量", "个数", "几个", "几条", "统计")),
    ("max", ("largest", "highest", "biggest", "maximum", "max", "top", "最大", "最高", "最多")),
    ("min", ("smallest", "lowest", "minimum", "min", "最小", "最低", "最少")),
    ("sum", ("total", "sum", "add up", "合计", "总和", "求和", "总计", "总额", "之和", "总")),
]
# general business vocabulary: a Chinese term -> English header words it names
_GLOSSARY: dict[str, tuple[str, ...]] = {
    "销售额": ("sales", "revenue", "amount"), "销售": ("sales",), "金额": ("amount", "sales", "total"),
    "收入": ("revenue", "income", "sales"), "营收": ("revenue", "sales"),
    "地区": ("region", "area"), "区域": ("region", "area"), "大区": ("region",),
    "产品": ("product", "item"), "商品": ("product", "item"), "品类": ("category",),
    "类别": ("category", "type"), "类型": ("type", "category"),
    "日期": ("date",), "时间": ("date", "time"), "月份": ("month",), "年份": ("year",),
    "数量": ("units", "quantity", "qty", "count"), "件数": ("units", "quantity"),
    "单位": ("units",), "销量": ("units", "quantity"),
    "价格": ("price",), "单价": ("price", "unit price"), "成本": ("cost",), "利润": ("profit",),
    "销售员": ("rep", "salesperson", "seller"), "销售代表": ("rep", "salesperson"),
    "业务员": ("rep", "salesperson"), "代表": ("rep",), "员工": ("employee", "staff", "name"),
    "姓名": ("name",), "名字": ("name",), "名称": ("name",), "客户": ("customer", "client"),
    "部门": ("department", "dept"), "城市": ("city",), "国家": ("country",), "订单": ("order",),
    "分数": ("score",), "成绩": ("score", "grade"), "年龄": ("age",), "工资": ("salary",),
    "代码": ("code",), "编号": ("id", "code"),
}
_EN_SYNONYMS: dict[str, tuple[str, ...]] = {
    "revenue": ("sales", "amount"), "amount": ("sales", "total"), "sale": ("sales",),
    "quantity": ("units", "qty"), "unit": ("units",), "salesperson": ("rep",),
    "rep": ("rep", "salesperson"), "orders": ("order",),
}
_NUM = r"(-?\d+(?:\.\d+)?)"
#: a "not" the bag-of-words readers would drop (they see a column and a value, not the negation)
_NEGATED = re.compile(r"不为|不是|不等于|并非|(?<![a-z])(?:not|isn't|aren't|doesn't|don't|other than)(?![a-z])|≠|!=")
_CMP_EN = [
    (rf"(?:at least|no less than|>=|not less than)\s*{_NUM}", ">="),
    (rf"(?:at most|no more than|<=|not more than)\s*{_NUM}", "<="),
    (rf"(?:above|over|more than|greater than|higher than|exceeds?|exceeding|>)\s*{_NUM}", ">"),
    (rf"(?:below|under|less than|lower than|fewer than|<)\s*{_NUM}", "<"),
]
_CMP_ZH = [
    (rf"(?:至少|不少于|不低于|大于等于|大于或等于|>=)\s*{_NUM}", ">="),
    (rf"(?:至多|不超过|不多于|不高于|小于等于|小于或等于|<=)\s*{_NUM}", "<="),
    (rf"(?:大于|超过|高于|多于|>)\s*{_NUM}", ">"),
    (rf"(?:小于|低于|少于|不足|<)\s*{_NUM}", "<"),
    (rf"{_NUM}\s*(?:及以上|以上|或以上)", ">="),
    (rf"{_NUM}\s*(?:及以下|以下|或以下)", "<="),
]
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
_DATE_PATTERNS = [
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), ("y", "m", "d")),
    (re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})日"), ("y", "m", "d")),
    (re.compile(r"(\d{1,2})\s+(" + "|".join(_MONTHS) + r")\s+(\d{4})", re.I), ("d", "M", "y")),
    (re.compile(r"(" + "|".join(_MONTHS) + r")\s+(\d{1,2}),?\s+(\d{4})", re.I), ("M", "d", "y")),
]
_DATE_CMP = [
    (r"on or after|since|from|starting|及之后|及以后|之后\(含\)|以来|起", ">="),
    (r"on or before|until|up to|through|及之前|及以前|截至|截止", "<="),
    (r"after|later than|之后|以后", ">"),
    (r"before|earlier than|prior to|之前|以前", "<"),
]


def _has(text: str, word: str) -> bool:
    if re.search(r"[\u4e00-\u9fff]", word):
        return word in text
    return re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", text) is not None


def operation(text: str) -> str | None:
    """The first operation word found, by specificity."""
    hits = []
    for op, words in _OPS:
        for w in words:
            m = re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w), text)
            if m:
                hits.append((op, m.start()))
                break
    if not hits:
        return None
    # "average ... count" is rare; prefer the order of _OPS (most specific first)
    return hits[0][0]


def _column_mentions(text: str, schema: SheetSchema) -> list[tuple[int, Column]]:
    """(position, column) for each column the request names."""
    found: dict[str, tuple[int, Column]] = {}
    for col in schema.columns:
        names = {col.header.lower()}
        if col.header.lower().endswith("s"):
            names.add(col.header.lower()[:-1])
        for name in names:
            m = re.search(rf"(?<![a-z]){re.escape(name)}(?![a-z])", text)
            if m and col.letter not in found:
                found[col.letter] = (m.start(), col)
    for term, heads in _GLOSSARY.items():
        pos = text.find(term)
        if pos < 0:
            continue
        for col in schema.columns:
            if col.header.lower() in heads and col.letter not in found:
                found[col.letter] = (pos, col)
                break
    for term, heads in _EN_SYNONYMS.items():
        m = re.search(rf"(?<![a-z]){term}(?![a-z])", text)
        if not m:
            continue
        for col in schema.columns:
            if col.header.lower() in heads and col.letter not in found:
                found[col.letter] = (m.start(), col)
                break
    return sorted(found.values(), key=lambda pc: pc[0])


def _date(text: str) -> tuple[str, int, int] | None:
    for pattern, order in _DATE_PATTERNS:
        m = pattern.search(text)
        if not m:
            continue
        parts = dict(zip(order, m.groups(), strict=True))
        month = int(parts["m"]) if "m" in parts else _MONTHS[parts["M"].lower()]
        try:
            d = dt.date(int(parts["y"]), month, int(parts["d"]))
        except ValueError:
            return None
        return d.isoformat(), m.start(), m.end()
    return None


#: words for what the intent cannot express (arithmetic between columns, text
#: building, sorting, ranking, branching): such requests go to the LLM or are refused
_OUT_OF_SCOPE = (
    "times", "multipl", "divided", "ratio", "percent", "plus", "minus", "difference", "join",
    "concat", "combine", "sort", "rank", "list", "distinct", "unique", "half", "double", "if ",
    "otherwise", "else", "label", "format", "upper", "lower", "first row", "second row",
    "last row", "letters", "characters", "weekday", "month", "year", "days between", "using",
    "via", "position", "pick", "generate", "error", "乘", "除", "比例", "百分比", "加上", "减",
    "差", "连接", "拼接", "合并", "排序", "排名", "列出", "不重复", "唯一", "一半", "两倍", "如果",
    "否则", "格式", "大写", "小写", "第一行", "第二行", "最后一行", "字符", "星期", "月份", "年份",
    "天数", "用", "通过", "位置", "生成", "错误",
)
# words that carry no meaning of their own in a request
_EN_FILLER = frozenset(
    """a an the of all rows row in is are was for with where and what whats which that on or
    to by from column columns value values whole entire each every please give me show find
    calculate compute get return do does there have has records record orders order entries
    items total s i we our their its it be as at than use sale""".split()
)
_ZH_FILLER = set("的了是在中和与及所有全部各个行记录数据总共一共请计算求出给出显示值列整为于有多少条笔个者其这些那些把将按对件单")
_ZH_VALUES = {"东": "east", "西": "west", "南": "south", "北": "north"}
_ZH_NUMERALS = {"零": 0, "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6}


def parse_request(request: str, schema: SheetSchema) -> Intent | None:
    """The intent of ``request``, or ``None`` when these rules cannot tell."""
    text = request.lower().strip()
    if any(w in text for w in _OUT_OF_SCOPE):
        return None
    # "X的销售额是多少" asks for a value ("what is"), not for a count
    text = re.sub(r"是多少[？?]?$", "", text)
    # "东区" / "东部地区": the compass regions, as sheets usually write them in English
    text = re.sub(r"([东西南北])(?:区|部|部地区|地区)", lambda m: " " + _ZH_VALUES[m.group(1)] + " ", text)
    op = operation(text)
    mentions = _column_mentions(text, schema)
    conditions: list[Condition] = []
    used_spans: list[tuple[int, int]] = []
    # values of text columns that occur in the request: "East", "Widget"
    for col in schema.columns:
        if col.type not in ("text", "mixed"):
            continue
        for value in sorted(col.distinct, key=len, reverse=True):
            v = value.lower()
            if len(v) <= 2 and v.isascii():  # "E", "S": only as a whole, same-case word
                m = re.search(rf"(?<![\w'’]){re.escape(value)}(?![\w'’])", request)
            elif v.isascii():
                m = re.search(rf"(?<![a-z]){re.escape(v)}(?![a-z])", text)
            else:
                m = None
            if m is None and not v.isascii() and v in text:
                m = re.search(re.escape(v), text)
            if m and not any(a <= m.start() < b for a, b in used_spans):
                prefix = text[max(0, m.start() - 20) : m.start()]
                if re.search(r"(start(s|ing)? with|begin(s|ning)? with)\s*['\"]?$", prefix):
                    continue
                conditions.append(Condition(col.header, "=", value))
                used_spans.append((m.start(), m.end()))
                break
    # "start with W" / "以W开头" / "contains x" / "包含x"
    for pattern, cmp in ((r"(?:start(?:s|ing)? with|begin(?:s|ning)? with)\s*['\"]?([\w]+)", "starts_with"),
                         (r"以\s*['\"“]?([A-Za-z0-9\u4e00-\u9fff]+?)['\"”]?\s*开头", "starts_with"),
                         (r"(?:end(?:s|ing)? with)\s*['\"]?([\w]+)", "ends_with"),
                         (r"(?:contain(?:s|ing)?)\s*['\"]([^'\"]+)['\"]", "contains"),
                         (r"包含\s*['\"“]([^'\"”]+)['\"”]", "contains")):
        m = re.search(pattern, request, re.I)
        if m:
            target = _nearest(mentions, m.start(), kinds=("text", "mixed"))
            if target is None:
                return None
            conditions.append(Condition(target.header, cmp, m.group(1)))
    # numeric comparisons: "sales above 100", "at least 3 units"
    for pattern, cmp in (_CMP_ZH if re.search(r"[\u4e00-\u9fff]", text) else []) + _CMP_EN:
        for m in re.finditer(pattern, text):
            if any(a <= m.start() < b for a, b in used_spans):
                continue
            target = _nearest(mentions, m.start(), kinds=("number",), end=m.end())
            if target is None:
                return None
            num = float(m.group(1))
            conditions.append(Condition(target.header, cmp, int(num) if num.is_integer() else num))
            used_spans.append((m.start(), m.end()))
    # date comparisons: "on or after 1 March 2024", "2024年3月1日及之后"
    found = _date(request)
    if found:
        iso, start, end = found
        window = request[max(0, start - 20) : end + 8].lower()
        for pattern, cmp in _DATE_CMP:
            if re.search(pattern, window):
                date_col = next((c for c in schema.columns if c.type == "date"), None)
                if date_col is None:
                    return None
                conditions.append(Condition(date_col.header, cmp, iso))
                break
        else:
            return None
    if _unexplained(text, schema):
        return None
    value_col = _value_column(op, mentions, conditions, schema)
    rnd = re.search(r"(?:round(?:ed)? to|to)\s*(\d+)\s*decimal|保留\s*(\d+|[一两二三四五六])\s*位小数",
                    text)
    if op is None:
        if value_col is not None and conditions and len(conditions) == 1 and conditions[0].op == "=":
            return Intent("lookup", value_col.header, tuple(conditions))
        return None
    count_words = dict(_OPS)["count"]
    if op == "count" and any(c.type == "number" and c.header not in {k.column for k in conditions}
                             and not any(text.startswith(w, p) for w in count_words if not w.isascii())
                             for p, c in mentions):
        return None  # "一号库的库存数量", "有多少库存": the amount held, not a count of rows
    if op in ("count",):
        return Intent("count" if not conditions else "count", value_col.header if value_col else "",
                      tuple(conditions)) if conditions or value_col else None
    if value_col is None:
        return None
    digits = None
    if rnd:
        raw = rnd.group(1) or rnd.group(2)
        digits = _ZH_NUMERALS[raw] if raw in _ZH_NUMERALS else int(raw)
    return Intent(op, value_col.header, tuple(conditions), digits)


def _unexplained(text: str, schema: SheetSchema) -> bool:
    """True when the request says something these rules did not account for."""
    rest = text
    for pattern, _ in _DATE_PATTERNS:
        rest = pattern.sub(" ", rest)
    rest = re.sub(r"以\s*['\"“]?\w+?['\"”]?\s*开头|(?:start|begin|end)s?(?:ing)? with\s*['\"]?\w+", " ", rest)
    terms = [c.header.lower() for c in schema.columns] + [v.lower() for c in schema.columns
                                                           for v in c.distinct]
    terms += [w for _, ws in _OPS for w in ws] + list(_GLOSSARY) + list(_EN_SYNONYMS)
    terms += [w for p, _ in _CMP_EN + _CMP_ZH for w in re.findall(r"[a-z\u4e00-\u9fff ]{2,}", p)]
    terms += ["start with", "starts with", "begin with", "end with", "contain", "contains", "开头",
              "包含", "round", "rounded", "decimal", "decimals", "保留", "位小数", "on or after",
              "on or before", "since", "after", "before", "until", "以来", "之后", "之前", "以后",
              "以前", "及", "地区", "区域"] + list(_MONTHS)
    for term in sorted(set(terms), key=len, reverse=True):
        if term and term.isascii():
            rest = re.sub(rf"(?<![a-z]){re.escape(term)}(?![a-z])", " ", rest)
        elif term:
            rest = rest.replace(term, " ")
    rest = re.sub(r"\d+(?:\.\d+)?|[^\w\u4e00-\u9fff]+|_", " ", rest)
    words = [w for w in re.findall(r"[a-z]+", rest) if w not in _EN_FILLER and len(w) > 1]
    cjk = [ch for ch in re.findall(r"[\u4e00-\u9fff]", rest) if ch not in _ZH_FILLER]
    return bool(words or cjk)


def _nearest(mentions: list[tuple[int, Column]], pos: int, kinds: tuple[str, ...],
             end: int | None = None) -> Column | None:
    """The mentioned column of a kind closest to ``pos`` (before or just after)."""
    best: tuple[int, Column] | None = None
    for p, col in mentions:
        if col.type not in kinds:
            continue
        dist = pos - p if p <= pos else p - (end or pos)
        if best is None or dist < best[0]:
            best = (dist, col)
    return best[1] if best else None


def _value_column(op: str | None, mentions: list[tuple[int, Column]],
                  conditions: list[Condition], schema: SheetSchema) -> Column | None:
    """The column being aggregated: a mentioned one not only used in a condition."""
    cond_cols = {c.column for c in conditions}
    numeric = [c for _, c in mentions if c.type == "number"]
    if op in (None,):
        free = [c for _, c in mentions if c.header not in cond_cols]
        return free[0] if free else None
    if op == "count":
        return None
    for col in numeric:
        if col.header not in cond_cols:
            return col
    return numeric[0] if numeric else None


def read_request(request: str, schema: SheetSchema):
    """What the model-free reader makes of ``request``: a :class:`compose.Reading` or ``None``.

    The phrase composer goes first; the older bag-of-words reader of
    aggregate-with-conditions requests (whose intents the LLM path fills too)
    reads what the composer leaves.
    """
    from .compose import Reading, group_by, read
    from .intent import compile_intent, explain

    by = group_by(request, schema)
    if by is not None:
        raise TaskError(
            f"cannot answer {request!r}: it asks for one result per {by.header}, and one formula "
            f"cell holds one result; ask for one {by.header} at a time (e.g. \"... where "
            f"{by.header} is {by.distinct[0] if by.distinct else '...'}\"), or use a PivotTable",
            code="task.group_by")
    reading = read(request, schema)
    if reading is not None and not _misses(request, reading.formula, schema):
        return reading
    intent = parse_request(request, schema)
    if intent is not None and intent.operation == "lookup":
        key = schema.column(intent.conditions[0].column) if intent.conditions else None
        val = schema.column(intent.value_column)
        if key is None or val is None or (key.first_row, key.last_row) != (val.first_row, val.last_row):
            intent = None  # the key and the answer are not rows of one table
        else:
            from .schema import col_index

            c = col_index(key.letter)
            keys = [schema.cells.get((r, c)) for r in range(key.first_row, key.last_row + 1)]
            if keys.count(intent.conditions[0].value) != 1:
                intent = None  # several rows match: the first one's value is no answer
    from .aggregates import read as read_aggregate

    # the older reader first; the aggregate family when it reads nothing, or when its
    # answer ignores a column the request names ("马超的销售额一共多少" is no COUNTIF)
    for candidate in (intent, read_aggregate(request, schema)):
        if candidate is None:
            continue
        if _NEGATED.search(request.lower()) and not any(c.op == "<>" for c in candidate.conditions):
            continue  # "病假不为0的人数" is no COUNTIF(…,"0"): a bag of words cannot read a "not"
        try:
            text = compile_intent(candidate, schema)
        except TaskError:
            continue
        if not _misses(request, text, schema):
            return Reading(text, explain(candidate), candidate.to_dict())
    from .aggregates import read_derived, read_distinct, read_either, read_rank, read_share

    for read_more in (read_share, read_derived, read_distinct, read_either, read_rank):
        found = read_more(request, schema)
        if found is not None and not _misses(request, found[0], schema):
            return Reading(found[0], found[1], {"operation": read_more.__name__[5:],
                                                "explanation": found[1]})
    from .lookups import read as read_lookup

    found = read_lookup(request, schema)
    if found is not None and not _misses(request, found[0], schema):
        return Reading(found[0], found[1], {"operation": "lookup", "explanation": found[1]})
    return None


def _misses(request: str, formula: str, schema: SheetSchema) -> bool:
    """True when ``formula`` leaves out something the request names (the next reader may not)."""
    from .aggregates import counts_pieces
    from .checks import problems

    if re.match(r"=\s*COUNT", formula, re.I) and counts_pieces(request, schema) is not None:
        return True  # "how many hammers do we have" on a stock sheet: the quantity, not the rows
    return (_ignores_a_named_column(request, formula, schema) or _yes_no_for_a_quantity(request, formula)
            or problems(request, formula, schema) is not None)


_QUANTITY_QUESTION = re.compile(r"(?<![a-z])(?:how (?:many|much)|number of|count)(?![a-z])|多少|几[个笔人次条名位种家]")


def _yes_no_for_a_quantity(request: str, formula: str) -> bool:
    """True when a "how many" / 多少 request gets a TRUE/FALSE: "how many expenses exceed 500"
    is a count of rows, not whether the count of rows exceeds 500."""
    if not _QUANTITY_QUESTION.search(request.lower()):
        return False
    depth, quoted = 0, False
    for ch in formula.lstrip("="):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth -= 1
        elif not quoted and depth == 0 and ch in "<>=":
            return True
    return False


def _ignores_a_named_column(request: str, formula: str, schema: SheetSchema) -> bool:
    """True when the request names a numeric column (header or synonym) the formula never reads.

    "how many drills are in stock" names the quantity; COUNTIF over the item
    names answers another question (issue 16 item 5).
    """
    from .engine import bounded, references
    from .rowbase import mentions
    from .schema import col_index

    used: set[int] = set()
    for ref in references(bounded(formula, schema)):
        for a, b in re.findall(r"\$?([A-Z]{1,3})\$?\d*(?::\$?([A-Z]{1,3}))?", ref.split("!")[-1]):
            lo, hi = col_index(a), col_index(b or a)
            used.update(range(min(lo, hi), max(lo, hi) + 1))
    counting = re.match(r"=\s*COUNT", formula, re.I) is not None
    low = request.lower()
    # "订单数量" counts orders; "北京数量" names the quantity column
    rows_before = ("订单", "记录", "人", "员工", "学生", "客户", "笔", "单", "条", "次", "order", "row", "record")
    return any(c.type == "number" and col_index(c.letter) not in used
               and not (counting and low.startswith(("数量", "个数", "number", "count"), p)
                        and (p == 0 or low[:p].rstrip().rstrip("的 of").endswith(rows_before)))
               for p, c in mentions(request, schema))
