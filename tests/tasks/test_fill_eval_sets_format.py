"""The fill-eval sets of issue 20 with a committed split (bench/data/fill-eval4 .. 9) are
well formed: their TUNE rows only, one parametrized test for every set.

The blind parts are never opened here (each is scored once, by the lead; the same checks
ran over all rows before the split: each set's authoring ``check_types.py``).  What is
checked is what would make the final blind figures wrong without anyone noticing: a
gold pointer that is not a field of the template, a gold value of the wrong type, a
field of the template without a gold judgement (all three: the shared
``fill_eval_rows.gold_problems``), a row on the wrong side of the committed split, a
document file that belongs to no row, a tune file row the CLI's ``--from`` reader cannot
read (speaker notes and table cells included), and the scorer treating a right answer in
another accepted form as wrong.  The filler is not run.

A new set adds one entry to ``SETS``: its id prefix, row count, whether rows carry a
note, the needles its tune file rows must read through to, and the scorer's forms taken
from its tune rows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.tasks.fill_eval_rows import eval_fill, load, row_problems

DATA = Path(__file__).resolve().parents[2] / "bench" / "data"


@dataclass(frozen=True)
class EvalSet:
    name: str
    prefix: str
    rows: int
    need_note: bool
    #: tune file row -> strings the CLI reader's text must hold
    needles: dict[str, tuple[str, ...]]
    #: (kind, answer, gold, lang, score) forms taken from tune rows only
    scores: tuple[tuple, ...] = field(default=())

    @property
    def folder(self) -> Path:
        return DATA / self.name

    def split(self):
        return load(f"{self.name.replace('-', '_')}_split", self.folder / "split.py")

    def tune(self) -> list[dict]:
        return [json.loads(line) for line in (self.folder / "tune.jsonl").open(encoding="utf-8")
                if line.strip()]

    def check(self, row: dict) -> list[str]:
        return row_problems(row, self.folder, self.prefix, need_note=self.need_note)


_EN, _ZH = "en", "zh"
SETS = (
    EvalSet("fill-eval4", "fe4", 16, False,
            {"fe4-zh-06": ("1.28亿元", "2026年2月3日", "【行业对比】")},
            (("name", "第一部分经营情况", {"any": ["第一部分 经营情况", "经营情况"]}, _ZH, 1.0),
             ("name", "经营情况", {"any": ["第一部分 经营情况", "经营情况"]}, _ZH, 1.0),
             ("name", "重点项目", {"any": ["第一部分 经营情况", "经营情况"]}, _ZH, 0.0),
             ("name", "Chairside Inc.", {"any": ["Chairside", "Chairside Inc."]}, _EN, 1.0),
             ("name", "Chairside Health", {"any": ["Chairside", "Chairside Inc."]}, _EN, 0.0),
             ("date", "Q1 2027", "Q1 2027", _EN, 1.0),
             ("number", 29800 / 56200, 29800 / 56200, _ZH, 1.0),
             ("number", 0.53, 29800 / 56200, _ZH, 0.0),
             ("number", -0.075, -0.075, _ZH, 1.0),
             ("number", 0.075, -0.075, _ZH, 0.0))),
    EvalSet("fill-eval5", "fe5", 20, False,
            {"fe5-en-03": ("two and a half million dollars", "March 3rd, 2024", "1,240 couriers"),
             "fe5-en-08": ("$15 million", "Huadong Packaging", "Lanhai Seaweed Group", "5,100"),
             "fe5-zh-02": ("1.26亿元", "3,412家", "2026年4月8日"),
             "fe5-zh-03": ("8.64亿元", "51,840", "2026年3月28日"),
             "fe5-zh-06": ("1.58亿元", "合作经销商436家", "经营业绩"),
             "fe5-zh-08": ("612.4万元", "2026.3.6", "本周销售")},
            (("name", "一、 经营业绩", {"any": ["一、经营业绩", "经营业绩"]}, _ZH, 1.0),
             ("name", "经营业绩", {"any": ["一、经营业绩", "经营业绩"]}, _ZH, 1.0),
             ("name", "渠道建设", {"any": ["一、经营业绩", "经营业绩"]}, _ZH, 0.0),
             ("name", "2026年6月1日-6月7日", {"any": ["2026年6月1日—6月7日", "2026年第23周", "第23周"]},
              _ZH, 1.0),
             ("name", "2026年6月", {"any": ["2026年6月1日—6月7日", "2026年第23周", "第23周"]}, _ZH, 0.0),
             ("name", "Kelpform", {"any": ["Kelpform Materials", "Kelpform"]}, _EN, 1.0),
             ("name", "Kelpform Inc.", {"any": ["Kelpform Materials", "Kelpform"]}, _EN, 0.0),
             ("number", 110000, {"any": [3600, 110000]}, _EN, 1.0),
             ("number", 900, {"any": [3600, 110000]}, _EN, 0.0),
             ("date", "2027-09-01", "2027-09-01", _EN, 1.0),
             ("date", "September 2027", "2027-09-01", _EN, 0.0),
             ("number", 0.053, 0.053, _ZH, 1.0),
             ("number", 5.3, 0.053, _ZH, 0.0))),
    EvalSet("fill-eval6", "fe6", 20, True,
            {"fe6-en-01": ("USD 3.2mn", "9 March 2021", "Underwriters using the platform: 640"),
             "fe6-en-07": ("$2.4mm", "3.1k stylists", "6 Jan 2025"),
             "fe6-en-09": ("$14M Series A", "Weedline", "3,560", "$9,500 per month"),
             "fe6-zh-05": ("8,650万元", "合同客户", "2026年10月12日"),
             "fe6-zh-06": ("3.2亿元", "22.5%", "742家"),  # 22.5% and 742家 only in speaker notes
             "fe6-zh-08": ("18.6亿元", "3,980家", "2026年4月20日")},
            (("name", "【经营概况】", {"any": ["【经营概况】", "经营概况"]}, _ZH, 1.0),
             ("name", "经营概况", {"any": ["【经营概况】", "经营概况"]}, _ZH, 1.0),
             ("name", "收入结构", {"any": ["【经营概况】", "经营概况"]}, _ZH, 0.0),
             ("name", "2026年10月5日-10月11日", {"any": ["2026年10月5日—10月11日", "第41周", "2026年第41周"]},
              _ZH, 1.0),
             ("name", "2026年10月", {"any": ["2026年10月5日—10月11日", "第41周", "2026年第41周"]}, _ZH, 0.0),
             ("name", "Tidemark Analytics Ltd", {"any": ["Tidemark", "Tidemark Analytics",
                                                         "Tidemark Analytics Ltd"]}, _EN, 1.0),
             ("name", "Tidemark Ltd.", {"any": ["Tidemark", "Tidemark Analytics",
                                               "Tidemark Analytics Ltd"]}, _EN, 0.0),
             ("name", "W2", {"any": ["Saltmarsh W2", "W2"]}, _EN, 1.0),
             ("number", 3100, 3100, _EN, 1.0),
             ("number", 3.1, 3100, _EN, 0.0),
             ("date", "2025-01-06", "2025-01-06", _EN, 1.0),
             ("date", "6 Jan 2025", "2025-01-06", _EN, 0.0),
             ("number", 0.6, 0.60, _ZH, 1.0),
             ("number", 6, 0.60, _ZH, 0.0))),
    EvalSet("fill-eval7", "fe7", 20, True,
            {"fe7-en-03": ("Water the field, not the weather forecast", "2,340", "$240 per probe per year",
                           "17 May 2021"),
             "fe7-en-06": ("USD 780,000", "6,200", "USD 3 million seed round"),
             "fe7-zh-02": ("2.18亿元", "171家", "2027年1月8日"),  # GBK, CRLF
             "fe7-zh-05": ("3.6亿元", "842位", "2026年3月10日", "62%"),  # 3.6亿元, 842位 only in the table
             "fe7-zh-07": ("1.28亿元", "9.4%", "2,047家"),
             "fe7-zh-09": ("2.74亿元", "38.6万人", "2026年11月20日")},  # GBK, CRLF
            (("name", "第一部分\u3000主要业绩", {"any": ["第一部分\u3000主要业绩", "第一部分 主要业绩", "主要业绩"]},
              _ZH, 1.0),
             ("name", "主要业绩", {"any": ["第一部分\u3000主要业绩", "第一部分 主要业绩", "主要业绩"]}, _ZH, 1.0),
             ("name", "重点工作", {"any": ["第一部分\u3000主要业绩", "第一部分 主要业绩", "主要业绩"]}, _ZH, 0.0),
             ("name", "2026年1-10月", {"any": ["2026年1—10月", "2026年1-10月"]}, _ZH, 1.0),
             ("name", "Furrowline Ltd", {"any": ["Furrowline", "Furrowline Ltd"]}, _EN, 1.0),
             ("name", "Furrow Ltd", {"any": ["Furrowline", "Furrowline Ltd"]}, _EN, 0.0),
             ("name", "Pipwick Starter Kit", {"any": ["Starter Kit", "Pipwick Starter Kit"]}, _EN, 1.0),
             ("number", 2400000, 2400000, _EN, 1.0),
             ("number", 2600000, 2400000, _EN, 0.0),  # the figure the CFO corrected
             ("date", "2023-11-01", "2023-11-01", _EN, 1.0),
             ("date", "November 2023", "2023-11-01", _EN, 0.0),
             ("number", 0.094, 0.094, _ZH, 1.0),
             ("number", 9.4, 0.094, _ZH, 0.0),
             # a share worked out from amounts, written rounded in the gold: the exact one counts
             ("number", 2982 / 10000.4, 0.2982, _ZH, 1.0),
             ("number", 0.2975, 0.2982, _ZH, 0.0),
             ("number", 2400001, 2400000, _EN, 0.0))),
    EvalSet("fill-eval8", "fe8", 20, True,
            {"fe8-en-04": ("$1.15 million", "310 fleet engineers", "HullSense", "3.2 Competition"),
             "fe8-en-05": ("$410K", "9,600 residents", "2 September 2025"),
             "fe8-en-07": ("$4.6 million", "38,000 teachers", "Nov. 18, 2026"),
             "fe8-zh-04": ("2.46亿元", "3,870户", "1.2 企业现状"),
             "fe8-zh-05": ("2,796万元", "52.6万人", "2026年12月1日")},  # UTF-8 with a BOM
            (("name", "第45周", {"any": ["2026年11月2日—11月8日", "2026年11月2日-11月8日", "第45周", "2026年第45周"]},
              _ZH, 1.0),
             ("name", "2026年11月", {"any": ["2026年11月2日—11月8日", "2026年11月2日-11月8日", "第45周", "2026年第45周"]},
              _ZH, 0.0),
             ("name", "1.2 企业现状", {"any": ["1.2 企业现状", "企业现状"]}, _ZH, 1.0),
             ("name", "1.1 项目背景", {"any": ["1.2 企业现状", "企业现状"]}, _ZH, 0.0),
             ("number", 27960000, 27960000, _ZH, 1.0),
             ("number", 28600000, 27960000, _ZH, 0.0),  # the recalled figure
             ("number", 0.184, 0.184, _ZH, 1.0),
             ("date", "2026-03-01", "2026-03-01", _ZH, 1.0),
             ("name", "Saltmarsh Labs", "Saltmarsh Labs", _EN, 1.0),
             ("number", 0.02, 0.02, _EN, 1.0),
             ("number", 1.8, 1.8, _EN, 1.0),
             ("number", 1500000, 1500000, _EN, 1.0),
             ("number", 250000, 1500000, _EN, 0.0))),  # the angels' money is not the ask
    EvalSet("fill-eval9", "fe9", 20, True,
            {"fe9-en-03": ("$740K", "190 people", "May 2024"),
             "fe9-en-06": ("$2,214,000", "1,480 growers", "3 February 2021"),  # the exact figures only in notes
             "fe9-en-10": ("$960K", "312 line operators", "20 November 2022"),
             "fe9-zh-03": ("3,420万元", "18.6万人", "2026年12月3日"),
             "fe9-zh-05": ("1.43", "12.8", "三、下季度工作"),  # 12.8 only in the table
             "fe9-zh-10": ("2,285万元", "24.7万人", "2026年12月8日")},
            (("name", "投资人问答实录", {"any": ["成都云杉宠物医疗连锁有限公司 投资人问答实录", "投资人问答实录",
                                          "成都云杉宠物医疗连锁有限公司投资人问答实录"]}, _ZH, 1.0),
             ("name", "2026年第三季度", {"any": ["2026年第三季度", "2026年三季度", "2026年Q3"]}, _ZH, 1.0),
             ("name", "议案二：审议《关于2027年度预算的议案》",
              {"any": ["议案一：审议《2026年前三季度经营情况报告》", "审议《2026年前三季度经营情况报告》"]}, _ZH, 0.0),
             ("number", 22850000, 22850000, _ZH, 1.0),
             ("number", 23150000, 22850000, _ZH, 0.0),  # the figure 财务 corrected
             ("number", 0.111, 0.111, _ZH, 1.0),
             ("number", 186000000, 186000000, _ZH, 1.0),
             ("number", 210000000, 186000000, _ZH, 0.0),  # the budget, not the actual
             ("name", "Quarrystone", {"any": ["Quarrystone Payroll", "Quarrystone"]}, _EN, 1.0),
             ("number", 740000, 740000, _EN, 1.0),
             ("number", 780000, 740000, _EN, 0.0),  # the figure the P.S. corrects
             ("number", 2214000, 2214000, _EN, 1.0),
             ("date", "2021-02-03", "2021-02-03", _EN, 1.0),
             ("number", 0.8462, 0.8462, _EN, 1.0))),
    EvalSet("fill-eval10", "fe10", 20, True,
            {"fe10-en-02": ("$2.9M", "214 stores live", "12 May 2023"),  # the charts' data only in notes
             "fe10-en-05": ("one point two million", "three hundred and ten", "September twenty twenty-two"),
             "fe10-zh-07": ("4,380万元", "12.4%", "2026年12月3日")},
            (("name", "2026年1-10月", {"any": ["2026年1-10月", "2026年前十个月"]}, _ZH, 1.0),
             ("number", 138000000, 138000000, _ZH, 1.0),
             ("number", 150000000, 138000000, _ZH, 0.0),  # the interviewee's figure, not the verified one
             ("number", 43800000, 43800000, _ZH, 1.0),
             ("number", 46300000, 43800000, _ZH, 0.0),  # the figure the 更正 replaces
             ("number", 82000, 82000, _ZH, 1.0),
             ("number", 86000, 82000, _ZH, 0.0),  # the members count the author's reply corrects
             ("date", "2026-12-03", {"any": ["2026-12-03", "2026-12-02"]}, _ZH, 1.0),
             ("name", "Tessellate", {"any": ["Tessellate Robotics", "Tessellate"]}, _EN, 1.0),
             ("number", 1240000, 1240000, _EN, 1.0),
             ("number", 1110000, 1240000, _EN, 0.0),  # last month's row
             ("number", 3400000, 3400000, _EN, 1.0),
             ("number", 3900000, 3400000, _EN, 0.0),  # the footnote's withdrawn figure
             ("date", "2023-05-12", "2023-05-12", _EN, 1.0))),
    EvalSet("fill-eval11", "fe11", 20, True,
            {"fe11-en-07": ("$5.3M", "88 building owners", "FY25 close was $3.6M"),  # the last only in notes
             "fe11-zh-03": ("9,350", "532家", "2018年6月12日"),  # the last only in a table cell
             "fe11-zh-06": ("8,460万元", "12,600人", "2026年6月18日")},  # GB18030 with CRLF
            (("name", "2025年度", {"any": ["2025年度", "2025年"]}, _ZH, 1.0),
             ("number", 1860000000, 1860000000, _ZH, 1.0),
             ("number", 4200000000, 1860000000, _ZH, 0.0),  # the rival's revenue
             ("number", 84600000, 84600000, _ZH, 1.0),
             ("number", 81200000, 84600000, _ZH, 0.0),  # 主营业务收入, a part of 营业总收入
             ("number", 0.228, 0.228, _ZH, 1.0),
             ("number", 0.107, 0.228, _ZH, 0.0),  # 环比, not 同比
             ("name", "Brindle", {"any": ["Brindle Payroll", "Brindle"]}, _EN, 1.0),
             ("number", 1140000, 1140000, _EN, 1.0),
             ("number", 860000, 1140000, _EN, 0.0),  # last quarter's snapshot in the callout
             ("number", 3600000, 3600000, _EN, 1.0),
             ("number", 2900000, 3600000, _EN, 0.0),  # the superseded CRM log entry
             ("number", 8000000, 5300000, _EN, 0.0),  # the FY27 goal, not the FY26 actual
             ("date", "2023-08-14", "2023-08-14", _EN, 1.0))),
    EvalSet("fill-eval12", "fe12", 20, True,
            {"fe12-en-02": ("four point two million", "sixty-three co-ops", "MAYA OKONJO"),  # spoken figures
             "fe12-en-04": ("$3.4M ARR", "12,800", "Pump fleet"),  # the last two only in table cells
             # .ics text with CRLF: read as its event's summary and description, unfolded and
             # unescaped (fill/calendar.py; the machine lines, DTSTART and the like, are dropped)
             "fe12-en-07": ("Partner meeting - Marrowbone Analytics (Seed)", "$3M seed",
                            "- Founded: April 2022\n- First hospital live: 3 October 2023"),
             "fe12-en-08": ("$4.6 million", "$4,210,540", "August 8, 2019"),  # the second only in a table cell
             "fe12-zh-02": ("3.86亿元", "417家", "5,000万元"),  # the last only in a table cell
             "fe12-zh-09": ("报表名称：2026年1-11月经营数据汇总", "1-11月合计", "7925", "18.7%")},  # CSV with a BOM
            (("name", "2026年前十一个月", {"any": ["2026年1-11月", "2026年前十一个月"]}, _ZH, 1.0),
             ("number", 79250000, 79250000, _ZH, 1.0),
             ("number", 81100000, 79250000, _ZH, 0.0),  # the 预算 column's total
             ("number", 386000000, 386000000, _ZH, 1.0),
             ("number", 80000000, 386000000, _ZH, 0.0),  # the credit line applied for at the bank
             ("number", 114660000, 163800000, _ZH, 0.0),  # 其中：线上销售收入, a part of 营业收入
             ("number", 0.273, 0.273, _ZH, 1.0),
             ("number", 0.422, 0.273, _ZH, 0.0),  # the members' 增减, not the revenue's
             ("number", 560000000, 412000000, _ZH, 0.0),  # the teaser's 2026E forecast
             ("name", "Corvane", {"any": ["Corvane Systems", "Corvane Systems, Inc.", "Corvane"]}, _EN, 1.0),
             ("number", 6800000, 6800000, _EN, 1.0),
             ("number", 4600000, 6800000, _EN, 0.0),  # the year-earlier ARR
             ("number", 4600000, 4600000, _EN, 1.0),
             ("number", 4900000, 4600000, _EN, 0.0),  # the ARR before the restatement
             ("number", 4210540, 4600000, _EN, 0.0),  # GAAP revenue, not ARR
             ("number", 0.35, 0.52, _EN, 0.0),  # the farmers' income rise, not ARR growth
             ("number", 11000000, 4200000, _EN, 0.0),  # the other panelist's company
             ("date", "2023-10-03", "2023-10-03", _EN, 1.0))),
    EvalSet("fill-eval13", "fe13", 20, True,
            {"fe13-en-02": ("Pellucid Robotics builds autonomous floor-scrubbing robots", "$2.6M",
                            "Kettle Seed Fund I"),  # the last only in the CSV block
             "fe13-en-04": ("$5.2 million", "DischargeIQ", "Hannah Odegaard"),  # the last only in a table cell
             "fe13-zh-03": ("公告日期：2026年11月16日", "41,635.20万元", "签约冷库客户312家"),  # UTF-8 with CRLF
             "fe13-zh-10": ("投标日期：2026年11月24日", "壹仟贰佰捌拾陆万元整", "4.72亿元", "•")},  # GB18030, • not in GBK
            (("name", "Pellucid", {"any": ["Pellucid Robotics", "Pellucid"]}, _EN, 1.0),
             ("number", 2600000, 2600000, _EN, 1.0),
             ("number", 750000, 10000000, _EN, 0.0),  # the SAFE, not the round being raised
             ("number", 3850000, 6000000, _EN, 0.0),  # Form D: the amount sold so far, not the offering
             ("number", 310000, 5200000, _EN, 0.0),  # the reference customer's own spend, not ARR
             ("date", "2023-05-09", "2023-05-09", _EN, 1.0),
             ("name", "2026年1-9月", {"any": ["2026年前三季度", "2026年1-9月", "前三季度"]}, _ZH, 1.0),
             ("number", 416352000, 416352000, _ZH, 1.0),
             ("number", 528703600, 416352000, _ZH, 0.0),  # the 2025年度 audited revenue, an earlier period
             ("number", 12860000, 472000000, _ZH, 0.0),  # the 投标报价, not revenue
             ("number", 0.213, 0.213, _ZH, 1.0),
             ("number", 86000000, 935000000, _ZH, 0.0))),  # one dealer's sales
    EvalSet("fill-eval14", "fe14", 20, True,
            {"fe14-en-02": ("Larkspur Freight sells dock-scheduling software", "2026Q3        4150",
                            "$12M Series A"),  # a .md file: a notebook's export, output blocks kept
             "fe14-en-03": ("$9,000,000 in aggregate", "January 11, 2021", "212 home-care agencies"),  # the first in a table cell
             "fe14-zh-02": ("4,860万元", "1,372家", "最后编辑于2026年12月2日"),  # a .md file
             "fe14-zh-04": ("707,400,000.00", "415,920,000.00", "2026年4月22日"),  # the first two only in table cells
             # the Word comment's corrected 3.42亿元 is not in the reader's text (not read at b95428e):
             # the row's gold keeps the comment's figure, so a reader that skips comments scores it wrong
             "fe14-zh-08": ("3.38亿元", "2026年12月4日", "供应链金融服务0.68亿元"),
             "fe14-zh-09": ("发布日期：2026年11月28日", "12.35亿元", "1,380家", "•")},  # GB18030 with CRLF, • not in GBK
            (("name", "Larkspur", {"any": ["Larkspur Freight", "Larkspur"]}, _EN, 1.0),
             ("number", 4150000, 4150000, _EN, 1.0),
             ("number", 2660000, 4150000, _EN, 0.0),  # the same quarter a year earlier
             ("number", 0.5601503759398496, {"any": [0.56, 0.5601503759398496]}, _EN, 1.0),
             ("number", 36000000, 9000000, _EN, 0.0),  # the term sheet's pre-money valuation, not the amount
             ("number", 6000000, 8000000, _EN, 0.0),  # the superseded log entry's raise
             ("number", 14000000, 22000000, _EN, 0.0),  # funding to date, not the current raise
             ("number", 5900000, 8300000, _EN, 0.0),  # the proxy table's prior-year column
             ("date", "2022-03-07", "2022-03-07", _EN, 1.0),
             ("name", "2026年前十一个月", {"any": ["2026年1-11月", "2026年前十一个月"]}, _ZH, 1.0),
             ("number", 707400000, 707400000, _ZH, 1.0),
             ("number", 415920000, 707400000, _ZH, 0.0),  # the parent company's column, not the group's
             ("number", 338000000, 342000000, _ZH, 0.0),  # the body's figure that the Word comment corrects
             ("number", 0.19, 0.19, _ZH, 1.0),
             ("number", 1235000000, 1235000000, _ZH, 1.0),
             ("number", 8640000000, 1235000000, _ZH, 0.0),  # the ranking's first company
             ("number", 0.2043, 0.2043, _ZH, 1.0),
             ("date", "2026-11-30", {"any": ["2026-12-02", "2026-11-30"]}, _ZH, 1.0))),
    EvalSet("fill-eval15", "fe15", 20, True,
            {"fe15-en-01": ("ARR is $4.6M", "2,340 court reporters", "$10M Series A"),  # raw MIME, quoted-printable
             "fe15-en-03": ("ARR grew 68", "Paying farms; 190; 310", "26 months"),  # LaTeX source, its table read as rows
             "fe15-en-05": ("$6.2M", "ARR $6,240,000", "Heat, stored."),  # text boxes inside group shapes; notes
             "fe15-en-10": ("2026-10; 2880000", "$8M Series A"),  # psql output, its tables read as rows
             "fe15-zh-01": ("2,386万元", "累计合作客户286家", "【周报】"),  # GBK with CRLF
             "fe15-zh-03": ("营业收入 6.8亿元", "6.83亿元", "海藻肥 3.42亿元"),  # group shapes; the second in 备注
             "fe15-zh-09": ("6.48亿元", "工业客户812家", "导出日期：2026年12月1日")},  # a .md file
            (("name", "Quillfeather Labs", {"any": ["Quillfeather Labs", "Quillfeather Labs, Inc.", "Quillfeather"]},
              _EN, 1.0),
             ("number", 4600000, 4600000, _EN, 1.0),
             ("number", 2500000, 4600000, _EN, 0.0),  # last year's ARR in the same sentence
             ("number", 85000000, 10000000, _EN, 0.0),  # the quoted investor's fund, not the raise
             ("number", 1900000, 2700000, _EN, 0.0),  # the LaTeX %-comment's superseded draft
             ("number", 3300000, 6240000, _EN, 0.0),  # the deck appendix's prior year
             ("number", 6240000, 6240000, _EN, 1.0),
             ("date", "2022-06-01", "2022-06-01", _EN, 1.0),
             ("name", "2026年前十一个月", {"any": ["2026年1-11月", "2026年前十一个月"]}, _ZH, 1.0),
             ("number", 23860000, 23860000, _ZH, 1.0),
             ("number", 24100000, 23860000, _ZH, 0.0),  # the 日报's estimate that the 周报 corrects
             ("number", 680000000, 683000000, _ZH, 0.0),  # the slide's rounded figure; 备注 give 6.83亿元
             ("number", 1200000000, 1146000000, _ZH, 0.0),  # the 考核 target, not the 完成值
             ("number", 0.138, 0.138, _ZH, 1.0),
             ("number", 648000000, 648000000, _ZH, 1.0),
             ("number", 597000000, 648000000, _ZH, 0.0))),  # 2025年度, the earlier year
    EvalSet("fill-eval16", "fe16", 20, True,
            {"fe16-en-01": ("ARR is $3.8M", "Kilnworth Monitor: $2,900 per kiln per month"),  # a .md file
             "fe16-en-03": ("Fresh from the farm, cold all the way.", "$18M Series B", "2,870 farms"),
             "fe16-en-04": ("ARR $1.7M", "ARR $1,720,000", "436 vessels"),  # the last two only in notes
             "fe16-en-07": ("Q3 2026: $3.12M", "860 subcontractors", "$10M Series A"),
             "fe16-en-09": ("ARR ~$9M", "$8,870,000", "Net revenue retention 131%"),  # the last two only in notes
             "fe16-zh-04": ("营业收入3.74亿元", "合作经销商386家", "出口业务收入占比58%"),  # GB18030 with CRLF
             "fe16-zh-05": ("营业收入约4.3亿元", "4.27亿元", "128.6万人"),  # the last two only in 备注
             "fe16-zh-06": ("全年实现营业收入3.96亿元", "累计服务工业园区及企业客户642家", "五、2027年工作计划"),
             "fe16-zh-07": ("营业收入2.34亿元", "合作客户97家", "2026年10月20日"),
             "fe16-zh-08": ("营业收入2,148万元", "签约货主客户356家", "2026年11月4日")},  # a .md file
            (("name", "Kilnworth", {"any": ["Kilnworth Analytics", "Kilnworth"]}, _EN, 1.0),
             ("number", 3800000, 3800000, _EN, 1.0),
             ("number", 1900000, 3800000, _EN, 0.0),  # a year ago's ARR in the same line
             ("number", 1.0, 1.0, _EN, 1.0),  # 'up 100%'
             ("number", 1720000, 1720000, _EN, 1.0),
             ("number", 1700000, 1720000, _EN, 0.0),  # the slide's rounded ARR; the notes give the exact one
             ("number", 3460000, 5600000, _EN, 0.0),  # the overview's FY2025 column
             ("number", 9500000, 5600000, _EN, 0.0),  # the FY2027 plan
             ("date", "2021-08-01", "2021-08-01", _EN, 1.0),
             ("name", "2026年1-9月", {"any": ["2026年1-9月", "2026年前三季度", "前三季度"]}, _ZH, 1.0),
             ("number", 427000000, 427000000, _ZH, 1.0),
             ("number", 430000000, 427000000, _ZH, 0.0),  # the slide's 约4.3亿元; 备注 give 4.27亿元
             ("number", 295000000, 234000000, _ZH, 0.0),  # 2025年全年, another period
             ("number", 0.134, 0.134, _ZH, 1.0),
             ("number", 0.095, 0.134, _ZH, 0.0),  # 环比, not 同比
             ("number", 420000000, 396000000, _ZH, 0.0),  # the 年度预算, not the actual
             ("number", 321000000, 374000000, _ZH, 0.0),  # 2024年, the earlier year
             ("date", "2027-01-08", "2027-01-08", _ZH, 1.0))),
    EvalSet("fill-eval17", "fe17", 20, True,
            {"fe17-en-02": ("ARR: $1.86M ($0.98M)", "Liftwarden Sense is $38 per elevator per month", "$7M Series A"),
             "fe17-en-05": ("$2.05M", "Stores live; 410; 720", "$6M Series A"),  # a space-aligned table, read as rows
             "fe17-en-06": ("Contracted ARR is $3.4M", "29 customers", "$12M Series A"),  # a .md file
             "fe17-en-07": ("Q3 2026: $3.35M", "1,140 at 30 September", "$10M Series A"),
             "fe17-en-09": ("ARR ~$4M", "ARR $3,940,000", "Net revenue retention 126%"),  # the last two only in notes
             "fe17-zh-02": ("营业收入3,260万元", "合作渠道客户1,236家", "2026年12月3日"),  # a .md file
             "fe17-zh-03": ("营业收入2.68亿元", "合作客户183家", "【2025年度主要数据】"),
             "fe17-zh-05": ("营业收入约1.9亿元", "1.87亿元", "86,420人"),  # the last two only in 备注
             "fe17-zh-06": ("全年实现营业收入4.18亿元", "有效合同客户3,860家", "五、2027年工作计划"),
             "fe17-zh-10": ("营业收入约5.4亿元", "5.38亿元", "合作客户1,096家")},  # the last two only in 备注
            (("name", "Tumblehaus", {"any": ["Tumblehaus", "Tumblehaus, Inc."]}, _EN, 1.0),
             ("number", 1860000, 1860000, _EN, 1.0),
             ("number", 980000, 1860000, _EN, 0.0),  # October 2025's ARR in brackets beside October 2026's
             ("number", 3400000, 3400000, _EN, 1.0),
             ("number", 2200000, 3400000, _EN, 0.0),  # a year ago's ARR in the same sentence
             ("number", 2900000, 3400000, _EN, 0.0),  # recognised revenue, not ARR
             ("number", 540, 540, _EN, 1.0),
             ("number", 6000, 540, _EN, 0.0),  # the laundromat industry's own revenue, not the TAM
             ("number", 5000000, 12000000, _EN, 0.0),  # the fund's first cheque, not the round
             ("number", 20000000, 12000000, _EN, 0.0),  # the rival's round
             ("number", 15000000, 14000000, _EN, 0.0),  # the rival's round in the notes
             ("number", 4000000, 3940000, _EN, 0.0),  # the slide's '~$4M'; the notes give the exact one
             ("number", 0.55, 0.55, _EN, 1.0),
             ("date", "2020-08-01", "2020-08-01", _EN, 1.0),
             ("name", "2026年1-10月", {"any": ["2026年1-10月", "2026年前十个月"]}, _ZH, 1.0),
             ("name", "2025年", {"any": ["2025年度", "2025年"]}, _ZH, 1.0),
             ("number", 187000000, 187000000, _ZH, 1.0),
             ("number", 190000000, 187000000, _ZH, 0.0),  # the slide's 约1.9亿元; 备注 give 1.87亿元
             ("number", 0.146, 0.146, _ZH, 1.0),
             ("number", 0.094, 0.146, _ZH, 0.0),  # 环比, not 同比
             ("number", 450000000, 418000000, _ZH, 0.0),  # the 年度预算, not the 快报 actual
             ("number", 367000000, 418000000, _ZH, 0.0),  # 2025年, the earlier year
             ("number", 750000000, 538000000, _ZH, 0.0),  # the 全年 target
             ("date", "2026-03-01", "2026-03-01", _ZH, 1.0))),
    EvalSet("fill-eval18", "fe18", 20, True,
            {"fe18-en-01": ("$1.48M in ARR", "212 commercial beekeeping operations", "$5M seed extension"),  # a .md file
             "fe18-en-02": ("$2.26M in ARR", "168 scaffolding contractors", "$6.5M Series A"),
             "fe18-en-03": ("$3.57M", "Tidewake Book: online and pier-side ticketing", "$11M Series A"),  # ARR in a table only
             "fe18-en-08": ("$1.84M", "Shellmetric Lease is $120", "Series A of $6M"),  # a plan / actual table
             "fe18-en-09": ("ARR ~$5M", "ARR $4,870,000", "net revenue retention 123%"),  # the last two only in notes
             "fe18-zh-02": ("3,120", "有效合作客户1,084家", "2026年12月4日"),  # a .md file; revenue in its table only
             "fe18-zh-04": ("营业收入1.65亿元", "2.36万户", "资料更新日期：2026年4月"),  # GB18030, CRLF
             "fe18-zh-05": ("营业收入约3.2亿元", "3.17亿元", "合作经销商518家"),  # the last two only in 备注
             "fe18-zh-09": ("营业收入3.84亿元", "城市通勤车16,200", "2026年11月12日"),  # GB18030, CRLF
             "fe18-zh-10": ("营业收入约2.6亿元", "2.57亿元", "客户776家")},  # the last two only in 备注
            (("name", "Polewright", {"any": ["Polewright", "Polewright Ltd"]}, _EN, 1.0),
             ("number", 2260000, 2260000, _EN, 1.0),
             ("number", 1310000, 2260000, _EN, 0.0),  # November last year's ARR in the same sentence
             ("number", 1480000, 1480000, _EN, 1.0),
             ("number", 710000, 1480000, _EN, 0.0),  # a year earlier, in the one sentence of figures
             ("number", 3100, 640, _EN, 0.0),  # the pollination market the customers work in, not the TAM
             ("number", 3570000, 3570000, _EN, 1.0),
             ("number", 2100000, 3570000, _EN, 0.0),  # the table's FY2025 column
             ("number", 48000, 1200, _EN, 0.0),  # the ferry industry's ticket revenue
             ("number", 30000000, 11000000, _EN, 0.0),  # the rival's Series B
             ("number", 1600000, 1840000, _EN, 0.0),  # the board pack's plan column
             ("number", 4000000, 6000000, _EN, 0.0),  # a fund's offered share of the round
             ("number", 5000000, 4870000, _EN, 0.0),  # the slide's '~$5M'; the notes give the exact one
             ("number", 35000000, 16000000, _EN, 0.0),  # the rival's round in the notes
             ("number", 0.65, 0.65, _EN, 1.0),
             ("date", "2020-06-01", "2020-06-01", _EN, 1.0),
             ("name", "2026年1-11月", {"any": ["2026年1-11月", "2026年前十一个月"]}, _ZH, 1.0),
             ("name", "2025年", {"any": ["2025年", "2025年度"]}, _ZH, 1.0),
             ("number", 31200000, 31200000, _ZH, 1.0),
             ("number", 29700000, 31200000, _ZH, 0.0),  # 10月, the column beside
             ("number", 0.127, 0.127, _ZH, 1.0),
             ("number", 0.051, 0.127, _ZH, 0.0),  # 环比, not 同比
             ("number", 320000000, 317000000, _ZH, 0.0),  # the slide's 约3.2亿元; 备注 give 3.17亿元
             ("number", 137000000, 165000000, _ZH, 0.0),  # 2024年, the earlier year
             ("number", 460000000, 384000000, _ZH, 0.0),  # the 全年 forecast, not the actual
             ("number", 350000000, 257000000, _ZH, 0.0),  # the 全年 target
             ("date", "2026-04-01", "2026-04-01", _ZH, 1.0))),
    EvalSet("fill-eval19", "fe19", 20, True,
            {"fe19-en-03": ("$4.12M", "Silosense Probe: a cable sensor", "$12M Series A"),  # ARR in a table only
             "fe19-en-05": ("$2.21M", "Paying tree-care companies", "$7M Series A"),  # a plan / actual table
             "fe19-en-08": ("$2.58M", "Poolwarden Probe, the sensor", "Series A of $8M"),  # a plan / actual table
             "fe19-en-09": ("ARR ~$6M", "ARR $5,940,000", "net revenue retention 118%"),  # the last two only in notes
             "fe19-en-10": ("$1.95M in ARR", "274 wedding venues", "$6M Series A"),  # figures once, in a sentence
             "fe19-zh-03": ("营业收入2.14亿元", "合作经销商和电商客户296家", "【2025年度主要数据】"),
             "fe19-zh-05": ("营业收入约1.5亿元", "1.47亿元", "有效会员客户61,850人"),  # the last two only in 备注
             "fe19-zh-07": ("营业收入3,860万元", "同比增长21.4%", "2026年10月20日"),
             "fe19-zh-08": ("2,600", "有效会员客户9.46万人", "2026年11月5日"),  # a .md file; 万元 in the row labels
             "fe19-zh-09": ("营业收入2.96亿元", "灭火器11,800", "2026年11月18日")},  # GB18030, CRLF
            (("name", "Limbwise", {"any": ["Limbwise", "Limbwise Inc.", "Limbwise Inc"]}, _EN, 1.0),
             ("name", "Silosense Inc.", {"any": ["Silosense", "Silosense Inc.", "Silosense Inc"]}, _EN, 1.0),
             ("number", 4120000, 4120000, _EN, 1.0),
             ("number", 2350000, 4120000, _EN, 0.0),  # the table's FY2025 column
             ("number", 31000, 1500, _EN, 0.0),  # the grain-storage industry's revenue, not the TAM
             ("number", 25000000, 12000000, _EN, 0.0),  # the rival's Series B
             ("number", 2210000, 2210000, _EN, 1.0),
             ("number", 3800000, 2210000, _EN, 0.0),  # the FY2027 plan column
             ("number", 2400000, 2580000, _EN, 0.0),  # the board pack's plan column
             ("number", 5000000, 8000000, _EN, 0.0),  # the lead's share of the round
             ("number", 6000000, 5940000, _EN, 0.0),  # the slide's '~$6M'; the notes give the exact one
             ("number", 1950000, 1950000, _EN, 1.0),
             ("number", 1160000, 1950000, _EN, 0.0),  # the end of 2025, in a later line
             ("number", 70000, 800, _EN, 0.0),  # what Americans spend on weddings, not the TAM
             ("number", 0.74, 0.74, _EN, 1.0),
             ("date", "2019-10-01", "2019-10-01", _EN, 1.0),
             ("name", "2026年1-9月", {"any": ["2026年1-9月", "2026年前三季度", "2026年前九个月"]}, _ZH, 1.0),
             ("name", "2025年", {"any": ["2025年", "2025年度"]}, _ZH, 1.0),
             ("number", 26000000, 26000000, _ZH, 1.0),
             ("number", 22300000, 26000000, _ZH, 0.0),  # 上月, the column beside
             ("number", 147000000, 147000000, _ZH, 1.0),
             ("number", 150000000, 147000000, _ZH, 0.0),  # the slide's 约1.5亿元; 备注 give 1.47亿元
             ("number", 0.214, 0.214, _ZH, 1.0),
             ("number", 360000000, 296000000, _ZH, 0.0),  # the 全年 forecast, not the actual
             ("number", 188000000, 214000000, _ZH, 0.0),  # 2024年, the earlier year
             ("date", "2026-03-01", "2026-03-01", _ZH, 1.0))),
    EvalSet("fill-eval20", "fe20", 20, True,
            {"fe20-en-01": ("between $2M and $2.5M", "$2.26M", "$7M Series A"),  # a range first, the exact ARR later
             "fe20-en-03": ("$3.06M", "Plotkeeper Map", "$9M Series A"),  # ARR in a transposed table only
             "fe20-en-05": ("$2,480,000", "Fairwaylog Water", "$6M Series A"),  # a transposed plan / actual table
             "fe20-en-08": ("$3.34M", "Vendwell Telemetry Kit", "Series A of $11M"),  # a KPI table; the ask a range first
             "fe20-en-09": ("ARR $4-5M", "ARR $4,460,000", "Net revenue retention 117%"),  # the last two only in notes
             "fe20-zh-03": ("营业收入2.86亿元", "今年3月更新", "【2025年度主要数据】"),
             "fe20-zh-04": ("营业收入1.58亿元", "合作客户251家", "2026年4月"),  # GB18030, CRLF
             "fe20-zh-05": ("营业收入约2.0-2.1亿元", "20,460万元", "1,126家"),  # the last two only in 备注
             "fe20-zh-08": ("1,636", "一千二百余家", "2026年11月4日"),  # a .md file; months as the table's rows
             "fe20-zh-09": ("实现营业收入3.12亿元", "C35-C50高标号混凝土10,900", "2026年11月16日")},  # GB18030, CRLF
            (("name", "Scheduler", {"any": ["Flueline Scheduler", "Scheduler"]}, _EN, 1.0),
             ("name", "Plotkeeper Records", {"any": ["Plotkeeper Records", "Records"]}, _EN, 1.0),
             ("number", 2260000, 2260000, _EN, 1.0),
             ("number", 2500000, 2260000, _EN, 0.0),  # the opening range's upper end
             ("number", 1180000, 2260000, _EN, 0.0),  # a year earlier
             ("number", 6000, 540, _EN, 0.0),  # what homeowners spend on chimney service, not the TAM
             ("number", 3060000, 3060000, _EN, 1.0),
             ("number", 1870000, 3060000, _EN, 0.0),  # the transposed table's FY2025 row
             ("number", 21000, 780, _EN, 0.0),  # the death-care industry's revenue, not the TAM
             ("number", 14000000, 9000000, _EN, 0.0),  # the rival's Series A
             ("number", 2300000, 2480000, _EN, 0.0),  # the FY2026 plan row
             ("number", 6000000, 11000000, _EN, 0.0),  # the lead's cheque
             ("number", 4460000, 4460000, _EN, 1.0),
             ("number", 5000000, 4460000, _EN, 0.0),  # the slide's range '$4-5M'; the notes give the exact one
             ("number", 1.17, 1.17, _EN, 1.0),
             ("date", "2019-05-01", "2019-05-01", _EN, 1.0),
             ("name", "2025年度", {"any": ["2025年", "2025年度"]}, _ZH, 1.0),
             ("name", "2026年前十个月", {"any": ["2026年1-10月", "2026年前十个月"]}, _ZH, 1.0),
             ("number", 286000000, 286000000, _ZH, 1.0),
             ("number", 255000000, 286000000, _ZH, 0.0),  # 2024年, the earlier year
             ("number", 158000000, 158000000, _ZH, 1.0),
             ("number", 39000000, 158000000, _ZH, 0.0),  # 2026年一季度, a part year after the period
             ("number", 204600000, 204600000, _ZH, 1.0),
             ("number", 210000000, 204600000, _ZH, 0.0),  # the slide's range 约2.0-2.1亿元; 备注 give 20,460万元
             ("number", 16360000, 16360000, _ZH, 1.0),
             ("number", 15100000, 16360000, _ZH, 0.0),  # 9月, the row above in the transposed table
             ("number", 1200, 1237, _ZH, 0.0),  # 一千二百余家, the approximation in words
             ("number", 0.076, 0.076, _ZH, 1.0),
             ("number", 370000000, 312000000, _ZH, 0.0),  # the 全年 forecast, not the actual
             ("date", "2026-03-01", "2026-03-01", _ZH, 1.0))),
    EvalSet("fill-eval21", "fe21", 20, True,
            {"fe21-en-02": ("$1.37mn", "286 paying farrier practices", "+23 in November"),  # a change, its base above
             "fe21-en-03": ("$3,020,000", "Tankroute Compliance", "$10M Series A"),  # the exact ARR in a footnote line
             "fe21-en-04": ("ARR $3.1mn", "Q3 2026 3,080", "$3,080,000"),  # a chart caption box; the last only in notes
             "fe21-en-07": ("$1,930k", "Q1 FY27 (Jul-Sep 2026): 1,930", "$6M Series A"),  # fiscal-year quarters
             "fe21-en-10": ("rose by $870K", "ARR stood at $1.45M", "One hundred and thirty-seven tracks"),
             "fe21-zh-02": ("386.4万美元", "折合人民币2,758万元", "2026年12月4日"),  # two currencies
             "fe21-zh-04": ("较上年增加2,150万元", "1.32亿元", "2026年3月"),  # GB18030, CRLF
             "fe21-zh-06": ("21,460", "截至12月5日的快报数", "2026年12月6日"),  # .docx, a 注 line under the table
             "fe21-zh-07": ("1,842万美元", "营业收入2.18亿元", "2026年11月12日"),
             "fe21-zh-08": ("净增19家", "在册客户612家", "3,264")},  # a .md file; 同比 and 环比 side by side
            (("name", "Dispatch", {"any": ["Tankroute Dispatch", "Dispatch"]}, _EN, 1.0),
             ("name", "FY27 Q1", {"any": ["Q1 FY27", "FY27 Q1", "Q3 2026", "2026Q3"]}, _EN, 1.0),
             ("number", 309, 309, _EN, 1.0),
             ("number", 286, 309, _EN, 0.0),  # October's count; November's is 286 + 23
             ("number", 3020000, 3020000, _EN, 1.0),
             ("number", 1960000, 3020000, _EN, 0.0),  # the FY2025 column
             ("number", 4600, 690, _EN, 0.0),  # what pumping companies bill homeowners, not the TAM
             ("number", 9000000, 10000000, _EN, 0.0),  # the rival's Series A
             ("number", 3080000, 3080000, _EN, 1.0),
             ("number", 1400, 1400, _EN, 1.0),  # 'TAM $1.4bn' in $M
             ("number", 13000, 1400, _EN, 0.0),  # the surveying industry's revenue
             ("number", 7000000, 12000000, _EN, 0.0),  # the lead's share of the round
             ("number", 1930000, 1930000, _EN, 1.0),
             ("number", 1025000, 1930000, _EN, 0.0),  # the same quarter a year earlier
             ("number", 2320000, 2320000, _EN, 1.0),
             ("number", 870000, 2320000, _EN, 0.0),  # the year's increase, not the ARR
             ("number", 1450000, 2320000, _EN, 0.0),  # a year earlier
             ("number", 27580000, 27580000, _ZH, 1.0),
             ("number", 3864000, 27580000, _ZH, 0.0),  # the 美元 amount, not the yuan
             ("number", 0.126, 0.126, _ZH, 1.0),
             ("number", -0.031, 0.126, _ZH, 0.0),  # 环比, not 同比
             ("number", 153500000, 153500000, _ZH, 1.0),
             ("number", 21500000, 153500000, _ZH, 0.0),  # 较上年增加, the change only
             ("number", 132000000, 153500000, _ZH, 0.0),  # 2024年, the base
             ("number", 214600000, 214600000, _ZH, 1.0),
             ("number", 61200000, 214600000, _ZH, 0.0),  # the fourth quarter alone
             ("number", 0.095, 0.134, _ZH, 0.0),  # the fourth quarter's 环比
             ("number", 218000000, 218000000, _ZH, 1.0),
             ("number", 131000000, 218000000, _ZH, 0.0),  # the exports (折合人民币), part of the revenue
             ("number", 631, 631, _ZH, 1.0),
             ("number", 612, 631, _ZH, 0.0),  # 9月末, before the month's 净增19家
             ("name", "2026年10月份", {"any": ["2026年10月", "2026年10月份"]}, _ZH, 1.0),
             ("date", "2026-12-06", "2026-12-06", _ZH, 1.0))),
)
TUNE_ROWS = [(s, row) for s in SETS for row in s.tune()]
FILE_ROWS = [(s, row) for s, row in TUNE_ROWS if row.get("file")]


def _id(item) -> str:
    return item[1]["id"] if isinstance(item, tuple) else item.name


@pytest.mark.parametrize("es", SETS, ids=_id)
def test_tune_rows_are_the_tune_ids_of_the_committed_split(es: EvalSet) -> None:
    split, tune = es.split(), es.tune()
    sides = split.assign()
    assert len(sides) == es.rows and set(sides) == set(split.PLAN)
    assert sorted(r["id"] for r in tune) == sorted(i for i, s in sides.items() if s == "tune")
    assert all(r["split"] == "tune" for r in tune)
    for lang in ("en", "zh"):
        ids = [i for i in sides if i.startswith(f"{es.prefix}-{lang}-")]
        assert len(ids) == es.rows // 2 and sum(sides[i] == "blind" for i in ids) == es.rows // 4
    assert (es.folder / "blind.jsonl.gz").is_file() and (es.folder / "SOURCE.md").is_file()
    # every document file belongs to a planned row, and every tune file row's file is there
    files = list((es.folder / "files").iterdir())
    assert {p.stem for p in files} <= set(sides)
    assert {r["file"] for r in tune if r.get("file")} <= {f"files/{p.name}" for p in files}


@pytest.mark.parametrize("item", TUNE_ROWS, ids=_id)
def test_tune_row_is_well_formed(item) -> None:
    es, row = item
    assert es.check(row) == []


@pytest.mark.parametrize("es", SETS, ids=_id)
def test_the_form_check_can_fail(es: EvalSet) -> None:
    tune = es.tune()
    row = json.loads(json.dumps(tune[0]))
    row["gold"]["/market/tamm" if row["lang"] == "en" else "/figures/revenu"] = 1
    row["gold"].pop("/company/name" if row["lang"] == "en" else "/title")
    bad = es.check(row)
    assert any("not a field" in b for b in bad) and any("no gold for" in b for b in bad)
    row = json.loads(json.dumps(tune[0]))
    ptr = "/traction/users" if row["lang"] == "en" else "/figures/customers"
    row["gold"][ptr] = 12.5
    assert any(ptr in b for b in es.check(row))
    with_mix = [r for r in tune if r["gold"].get("/mix")]
    if with_mix:
        row = json.loads(json.dumps(with_mix[0]))
        row["gold"]["/mix"][0]["share"] += 0.1
        row["id"] = row["id"].replace(es.prefix, "fe0")
        bad = es.check(row)
        assert any("shares sum" in b for b in bad) and any("do not agree" in b for b in bad)


@pytest.mark.parametrize("item", FILE_ROWS, ids=_id)
def test_tune_file_rows_read_through_the_cli_reader(item) -> None:
    es, row = item
    doc = eval_fill.read_row(row, es.folder)
    assert doc.lang == row["lang"]
    for needle in es.needles[row["id"]]:
        assert needle in doc.text, (row["id"], needle)


@pytest.mark.parametrize("es", SETS, ids=_id)
def test_scorer_accepts_the_forms_the_gold_lists(es: EvalSet) -> None:
    assert es.scores
    for kind, answer, gold, lang, want in es.scores:
        assert eval_fill.score(kind, answer, gold, lang) == want, (kind, answer, gold)


def test_scorer_backs_a_mix_read_from_a_table_of_amounts_in_wan() -> None:
    # (fill-eval4) shares of a "收入（万元）" column are the document's (29,800 of 56,200万元), not
    # invented; shares that no amount of the document gives still count as unfaithful
    from o3local.tasks.fill import parse

    doc = parse("一、经营业绩\n\n上半年实现营业收入56,200万元。\n\n业务板块; 收入（万元）\n工业; 29,800\n市政; 17,420\n"
                "设备; 8,980\n", "r")
    mix = [{"name": "工业", "share": 29800 / 56200}, {"name": "市政", "share": 17420 / 56200},
           {"name": "设备", "share": 8980 / 56200}]
    assert eval_fill.unfaithful({"mix": mix}, doc, set()) == []
    made_up = [{"name": "工业", "share": 0.5}, {"name": "市政", "share": 0.3}, {"name": "设备", "share": 0.2}]
    assert len(eval_fill.unfaithful({"mix": made_up}, doc, set())) == 3
