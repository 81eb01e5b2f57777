"""Checks that what the request asks the formula to DO is done: add things up, count both end
days, add a quantity rather than count the rows that hold it.

Each is a wrong answer a user would see at once and that the readers wrote from a request
they half understood: "把四项个人缴费加起来" answered with a lookup of one figure, "出差一共几天，
出发当天和返回当天都算" as the bare difference of the dates (one day short), "城南小学一共拿了
多少个" as the number of deliveries.  A refusal is better: the user rephrases, or the model tries.
"""

from __future__ import annotations

import re

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
_GOODS = re.compile(r"(?:拿|送|卖|买|领|订|要|进|发|出|用|售|销)(?:了|走|出|掉)?(?:多少|几)"
                    r"(个|件|斤|份|箱|台|瓶|袋|盒|只|笼|公斤|千克|吨|本|张|套|双|桶|包|支|块|条|杯|碗)"
                    r"(?!订单|单|次|笔|客户|人|家|回|趟|批)")
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
