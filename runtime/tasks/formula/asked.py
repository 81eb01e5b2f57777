"""Checks that what the request asks the formula to DO is done: add things up, count both end
days, add a quantity rather than count the rows that hold it.

Each is a wrong answer a user would see at once and that the readers wrote from a request
they half understood: "把四项个人缴费加起来" answered with a lookup of one figure, "出差一共几天，
出发当天和返回当天都算" as the bare difference of the dates (one day short), "城南小学一共拿了
多少个" as the number of deliveries.  A refusal is better: the user rephrases, or the model tries.
"""

from __future__ import annotations

import re

from .rowbase import lexicon
from .schema import SheetSchema

#: "add up" in both languages (a request to add, whatever is added)
_ADD_UP = re.compile(r"加起来|相加|加总|加在一起|(?<![a-z])(?:add(?:ed|ing)? (?:up|together)|sum up)(?![a-z])", re.I)
#: a formula that adds: +, or a function whose job is a total (an average adds too)
_ADDS = re.compile(r"\+|\b(?:SUM|SUMIFS?|SUMPRODUCT|SUBTOTAL|AGGREGATE|AVERAGE|AVERAGEIFS?)\(", re.I)


def addition_unwritten(request: str, formula: str) -> str | None:
    """"把四项个人缴费加起来，每人一行" answered with one looked-up figure: nothing is added."""
    m = _ADD_UP.search(request)
    if m is None or _ADDS.search(formula):
        return None
    return f"the request says '{m.group(0)}', and the formula adds nothing up"


#: both the first and the last day counted: 首尾都算, 含首尾, 出发当天和返回当天都算, inclusive
_BOTH_ENDS = re.compile(r"(?:首尾|两头|两端|当天|当日)都(?:算|要算|计算|计入)|[含包]括?首尾|含头含尾|算头算尾|"
                        r"(?<![a-z])(?:inclusive|both (?:days|ends|dates) (?:count|included|inclusive)|"
                        r"counting both(?: days| ends| dates)?|including both(?: days| ends| dates)?)(?![a-z])", re.I)
#: a difference of two cells of a row: F3-E3, $F3 - $E3
_DIFFERENCE = re.compile(r"\$?[A-Z]{1,3}\$?\d+\s*-\s*\$?[A-Z]{1,3}\$?\d+")


def both_ends_said(request: str) -> tuple[int, int] | None:
    """The span of the words saying both end days count, or None."""
    m = _BOTH_ENDS.search(request)
    return m.span() if m else None


def both_ends_uncounted(request: str, formula: str) -> str | None:
    """"出差天数，出发当天和返回当天都算" as =F3-E3: a trip from the 3rd to the 5th is three days."""
    m = _BOTH_ENDS.search(request)
    if m is None or not _DIFFERENCE.search(formula):
        return None
    if re.search(r"\+\s*1(?![\d.])|\bNETWORKDAYS", formula, re.I):  # NETWORKDAYS counts both ends itself
        return None
    return f"the request counts both end days ('{m.group(0)}'), and the formula does not add the 1"


#: "拿了多少个", "送了几斤", "卖了多少份": a quantity of goods taken, sent or sold, by its measure word
_MEASURES = "(" + "|".join(sorted(map(re.escape, lexicon("aggregates")["goods_measures_zh"]), key=len, reverse=True)) + ")"
_GOODS = re.compile(r"(?:(?:拿|送|卖|买|领|订|要|进|发|出|用|售|销)(?:了|走|出|掉)?(?:的[\u4e00-\u9fff]{1,4}?)?"
                    r"(?:是|有|共|一共|总共)?(?:多少|几)|总|合计)" + _MEASURES + r"(?:数)?(?!订单|单|次|笔|客户|人|家|回|趟|批)")
_ROW_COUNT = re.compile(r"=\s*COUNT(?:A|IFS?)?\(", re.I)


def goods_counted_as_rows(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"城南小学一共拿了多少个" answered with =COUNTIF(客户, "城南小学") on a sheet with a 数量
    column: each row is one delivery of some buns, so counting rows counts deliveries."""
    m = _GOODS.search(request)
    if m is None or not _ROW_COUNT.match(formula.strip()):
        return None
    unit, noun = m.group(1), request[m.end():m.end() + 1]
    if noun and any(noun in c.header and re.search(r"号|编号|单号", c.header) for c in schema.columns):
        return None  # "卖了几张票" beside 票号: each row is one ticket, counted by rows
    qty = [c for c in schema.columns if c.type == "number" and re.search(rf"数量|个数|件数|{unit}", c.header)]
    if not qty:
        return None
    return f"'{m.group(0)}' asks for the {qty[0].header} added up; the formula counts rows"


#: a header that is a price per unit: "£/kg", "$/hr", "元/斤", "price per kg", "rate per hour"
_PER_UNIT = re.compile(r"[£$€¥元]\s*/\s*\S|(?<![a-z])(?:price|rate|cost)\s+(?:per|/)\s*[a-z]|每(?:斤|公斤|千克|件|个|小时)(?:单价|价格?)",
                       re.I)
_SUMMED = re.compile(r"\b(SUMIFS?|SUM)\(", re.I)


def price_per_unit_added(formula: str, schema: SheetSchema) -> str | None:
    """"How much did I take at Stroud?" as SUMIF(Market, "Stroud", £/kg): prices per kilo added
    up are no takings; the takings are kilos times the price."""
    from .checks import _aggregated

    for fn, col in _aggregated(formula, schema):
        if fn in ("SUM", "SUMIF", "SUMIFS") and _PER_UNIT.search(col.header):
            return f"it adds up {col.header}, a price per unit (a total is quantity × price)"
    return None


#: a share asked of money: 费用占比, "what share of the cost", "% of revenue"
_MONEY = re.compile(r"费用|金额|收入|销售额|营业额|成本|支出|花费|开支|营收|"
                    r"(?<![a-z])(?:cost|costs|spend|spending|revenue|amount|money|value|takings|turnover)(?![a-z])", re.I)
_SHARE = re.compile(r"占比|比例|比重|百分比|(?<![a-z])(?:share|proportion|percent|percentage)(?![a-z])|%", re.I)


def money_share_counted(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"销售部费用占比" as COUNTIF(部门,"销售部")/COUNTA(部门): a share of money is a share of the
    amounts (SUMIF / SUM), not of the rows."""
    if not (_SHARE.search(request) and (m := _MONEY.search(request))):
        return None
    body = formula.replace(" ", "")
    if "/" not in body or not re.match(r"=\(?COUNT", body, re.I) or re.search(r"\bSUM", body, re.I):
        return None
    if any(m.group(0).lower() in c.header.lower() for c in schema.columns if c.type != "number"):
        return None  # the money word names a text column (a Cost centre): no amount asked
    return f"the request asks for a share of {m.group(0)}, and the formula counts rows"


#: a Chinese label said after the verb that writes it: 写停缴, 标“待收”, 显示为逾期, 算上午
_ZH_LABEL = re.compile(r"(?:写|标|显示|标记|标注|填)(?:成|为|上|个)?[“\"'「]?([\u4e00-\u9fff]{2,4})[”\"'」]?(?=$|[，,。；;、）)\s]|[，,]?其)")
_NOT_LABEL = re.compile(r"^(?:公式|函数|一下|出来|一列|一个|个公式|在)")


#: a threshold followed by what the rows beyond it are called: "金额超过100就大单", "满500算大客户"
_ZH_THRESHOLD_NAMED = re.compile(
    r"(?:(?:超过|超出|以上|以下|高于|低于|大于|小于|不足|不到|满|达到|[<>]=?)\s*[\d.]+\s*"
    r"(?:[元块件个斤分天%万]|公斤|小时)?\s*(?:及?以上|及?以下)?"
    r"|[\d.]+\s*(?:[元块件个斤分天%万]|公斤|小时)?\s*(?:及?以上|及?以下|之上|之下))\s*(?:的)?\s*"
    r"(?:就算|就是|就|算作|算|记为|记作|叫)\s*[“\"'「]?([\u4e00-\u9fffA-Za-z]{1,6})")
#: the words of a request that asks for a total, a count or a mean (then 算 is "count in")
_ZH_AGGREGATE_ASKED = re.compile(r"多少|几|合计|总|求和|汇总|平均|统计|一共|共计|数量|笔数|单数|占比")


def zh_threshold_named(request: str, formula: str) -> str | None:
    """"金额超过100就大单" names the rows beyond a bound (a label for each row); a total or a
    count of those rows (=SUMIF(D:D,">100",D:D)) answers another request, unless the request
    also asks how many / how much."""
    if re.match(r"=\s*IF", formula, re.I) or _ZH_AGGREGATE_ASKED.search(request):
        return None
    m = _ZH_THRESHOLD_NAMED.search(request)
    if not m:
        return None
    label = m.group(1)
    if any(label in t or (t and t in label) for t in re.findall(r'"([^"]*)"', formula)):
        return None
    return f"the request calls the rows beyond the bound '{label}', and the formula writes no label"


def zh_label_unwritten(request: str, formula: str, schema: SheetSchema) -> str | None:
    """"停缴日期有值的写停缴，空的写在缴" as =IF(I2<>"","在缴",""): a label the request tells the
    formula to write is in it, or the formula answers another request.  What names the column's
    content is no label: "K列写性别", "填金额" (a header itself), "写成负数" (a quantity); a word
    inside a header still is one (写停缴 beside 停缴日期)."""
    if not re.match(r"=\s*IF", formula, re.I):
        return None
    texts = re.findall(r'"([^"]*)"', formula)
    heads = [c.header for c in schema.columns]
    for m in _ZH_LABEL.finditer(request):
        label = m.group(1)
        if _NOT_LABEL.match(label) or label.endswith("数") or re.search(r"列[里中上]?$", request[:m.start()]) \
                or label in heads:
            continue
        if not any(label in t or (t and t in label) for t in texts):
            return f"the request says to write '{label}', which the formula never writes"
    return None
