"""General bilingual vocabulary of spreadsheet requests (no sheet, no question set).

Words for ordinals, aggregates, comparisons, separators and the nouns people
use for "a row"; the composer (``compose.py``) builds formulas from them.
"""

from __future__ import annotations

import re

ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
    "6th": 6, "7th": 7, "8th": 8, "9th": 9, "10th": 10, "last": -1, "final": -1,
    "second-to-last": -2, "second to last": -2, "penultimate": -2, "next-to-last": -2,
}
ORD_RE = r"(?P<ord>second[- ]to[- ]last|next-to-last|penultimate|first|second|third|fourth|fifth|" \
         r"sixth|seventh|eighth|ninth|tenth|last|final|1st|2nd|3rd|[4-9]th|10th)"
# words for "one row of the table"
ROW_NOUNS_EN = ("row", "record", "entry", "line", "item", "product", "student", "employee",
                "person", "order", "sale", "one", "data row", "transaction", "deal")
ROW_NOUNS_ZH = ("记录", "数据", "员工", "学生", "商品", "产品", "订单", "销售", "人", "同学", "职员",
                "物品", "货品", "条目", "交易", "行程", "项目", "书")
ZH_CLASSIFIERS = "行条个位名项笔件家本次辆台张只所间款"

AGG_EN: list[tuple[str, str]] = [
    ("sample standard deviation|standard deviation \\(sample\\)|standard deviation|std dev|stdev"
     "|sample stdev", "stdev"),
    ("population standard deviation", "stdevp"),
    ("sample variance|variance", "var"),
    ("median", "median"),
    ("average|mean|avg", "average"),
    ("total|sum|sum up|add up", "sum"),
    ("maximum|max|highest|largest|biggest|greatest|longest|top|most recent|latest|newest", "max"),
    ("minimum|min|lowest|smallest|least|shortest|cheapest|earliest|oldest", "min"),
]
AGG_ZH: list[tuple[str, str]] = [
    ("样本标准差|标准差|标准偏差", "stdev"),
    ("总体标准差", "stdevp"),
    ("方差", "var"),
    ("中位数|中值", "median"),
    ("平均值|平均数|平均分|平均|均值", "average"),
    ("总和|合计|总计|总额|之和|求和|总数量|总量|加总|汇总|总", "sum"),
    ("最大值|最高分|最高值|最大|最高|最多|最晚|最近|最新", "max"),
    ("最小值|最低分|最低值|最小|最低|最少|最早", "min"),
]
FUNC_OF_AGG = {"sum": "SUM", "average": "AVERAGE", "max": "MAX", "min": "MIN",
               "median": "MEDIAN", "stdev": "STDEV.S", "stdevp": "STDEV.P", "var": "VAR.S",
               "count": "COUNT", "counta": "COUNTA"}
AGG_WORD = {"sum": "sum", "average": "average", "max": "largest", "min": "smallest",
            "median": "median", "stdev": "sample standard deviation",
            "stdevp": "population standard deviation", "var": "sample variance",
            "count": "count", "counta": "count"}

CMP_EN = [
    (r"at least|no less than|not less than|>=|or more|or above|or higher|and above|and up", ">="),
    (r"at most|no more than|not more than|<=|or less|or below|or fewer|and below", "<="),
    (r"above|over|more than|greater than|higher than|bigger than|larger than|longer than|heavier than|"
     r"costlier than|more expensive than|exceeds?|exceeding|>", ">"),
    (r"below|under|less than|lower than|fewer than|smaller than|shorter than|cheaper than|lighter than|<",
     "<"),
    (r"equal to|equals?|is exactly|=", "="),
    (r"not equal to|other than|<>|!=", "<>"),
]
CMP_ZH = [
    (r"至少|不少于|不低于|大于等于|大于或等于|不小于|>=", ">="),
    (r"至多|不超过|不多于|不高于|小于等于|小于或等于|不大于|<=", "<="),
    (r"大于|超过|高于|多于|>", ">"),
    (r"小于|低于|少于|不足|<", "<"),
    (r"等于|=", "="),
    (r"不等于|<>", "<>"),
]
CMP_SUFFIX_ZH = [(r"及以上|以上|或以上|或更多|或更高", ">="), (r"及以下|以下|或以下|或更少|或更低", "<=")]

# separators named in words
SEPARATORS = [
    (r"(?:a )?comma and (?:a )?space|comma[- ]space|逗号(?:和|加|与)空格", ", "),
    (r"(?:a )?semicolon and (?:a )?space|分号(?:和|加|与)空格", "; "),
    (r"(?:a )?commas?|逗号", ","), (r"(?:a )?semicolons?|分号", ";"), (r"顿号", "、"),
    (r"(?:a )?spaces?|空格", " "), (r"(?:a )?(?:dash|hyphen)(?:es)?|横线|短横线|连字符|减号", "-"),
    (r"(?:a )?slash(?:es)?|斜杠", "/"), (r"(?:a )?(?:vertical bar|pipe)|竖线", "|"),
    (r"(?:an )?underscores?|下划线", "_"), (r"(?:a )?colons?|冒号", ":"),
    (r"nothing|an empty string|空字符串", ""),
]

ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9}


def zh_number(text: str) -> int | None:
    """一 -> 1, 十二 -> 12, 二十 -> 20, 两 -> 2 (up to 99)."""
    if not text or any(ch not in ZH_DIGITS and ch != "十" for ch in text):
        return None
    if "十" not in text:
        return ZH_DIGITS[text] if len(text) == 1 else None
    tens, _, ones = text.partition("十")
    t = ZH_DIGITS.get(tens, 0) if tens else 1
    o = ZH_DIGITS.get(ones, 0) if ones else 0
    return t * 10 + o


_ZH_NUM_BEFORE = "位个名行条大小高低月天年周项次笔件季度"


def normalize_zh_numbers(text: str) -> str:
    """第三 -> 第3, 两位小数 -> 2位小数, 最后一位 -> 最后1位 (counts and ordinals only)."""
    def fix(m: re.Match) -> str:
        n = zh_number(m.group(2))
        return m.group(0) if n is None else f"{m.group(1)}{n}"

    text = re.sub(r"(第|倒数第)([零一二两三四五六七八九十]+)", fix, text)
    return re.sub(rf"(^|[^第零一二两三四五六七八九十A-Za-z0-9_])([一二两三四五六七八九十]+)(?=[{_ZH_NUM_BEFORE}])",
                  fix, text)


# words that carry no meaning of their own in a request
FILLER_EN = frozenset(
    """a an the of all in is are was were for what whats which that on to by from column
    columns value values each every please give me show find calculate compute get return
    do does there have has it its be as at this these those i we you our their my result
    answer cell formula excel number numbers field data table sheet list listed entries
    rows records overall whole entire current s tell how much""".split()
)
FILLER_ZH = ("请", "计算", "求出", "求", "给出", "给我", "显示", "一下", "帮我", "帮忙", "返回", "得到",
             "是多少", "是什么", "多少钱", "的值", "的", "是", "为", "了", "吗", "呢", "所有", "全部",
             "整个", "表中", "表里", "中", "里", "列", "数值", "值", "一共", "总共", "这些", "共")
