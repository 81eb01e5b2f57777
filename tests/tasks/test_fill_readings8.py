"""Readings added after fill-eval5's blind part was spent (issue 20 item 5): how Chinese
business writers give a report's date, period, growth, revenue and mix, in short made-up
reports about fictitious companies."""

from __future__ import annotations

import json
from pathlib import Path

from o3local.tasks.fill import fill, parse

TEMPLATES = Path(__file__).resolve().parents[2] / "runtime" / "assets" / "templates"


def _fill(text: str, markdown: bool = False, template: str = "report-zh") -> dict:
    inputs = json.loads((TEMPLATES / template / "manifest.json").read_text(encoding="utf-8"))["inputs"]
    return fill(inputs, parse(text, "report", markdown=markdown)).data


EMAIL = ("主题：西北区3月销售情况汇报\n发件人：周明（西北区）\n收件人：李总\n发送时间：2026年4月2日 08:30\n\n"
         "李总：\n\n您好！3月西北区销售收入860万元，比去年同期多了9%，比2月少了2%，主要是春节后开工晚。\n\n"
         "在册经销商客户214家，本月新开6家。\n\n周明\n")


def test_an_email_report_is_dated_by_its_sent_line():
    assert _fill(EMAIL)["date"] == "2026-04-02"


def test_a_title_month_without_its_year_is_the_period_as_written():
    d = _fill(EMAIL)
    assert d["title"] == "西北区3月销售情况汇报"
    assert d["period"] == "3月"  # no year is made up


def test_a_title_month_takes_its_year_where_the_text_writes_it():
    d = _fill("华北区5月经营情况汇报\n\n2026年5月，华北区实现营业收入1,200万元，同比增长6%。\n")
    assert d["period"] == "2026年5月"


def test_growth_over_the_same_month_last_year_is_year_on_year_and_a_fall_is_negative():
    d = _fill(EMAIL)
    assert d["figures"]["revenue"] == 8600000
    assert d["figures"]["growth"] == 0.09  # not the month on month 2 %
    d = _fill("华东区经营简报\n\n本季度营业收入3,100万元，较上年同期减少4.5%，较上季度增长2%。\n")
    assert d["figures"]["growth"] == -0.045


def test_a_product_line_breakdown_is_no_revenue_even_against_a_target():
    d = _fill("恒川机械2026年第二季度经营报告\n\n一、总体情况\n第二季度公司实现营业收入3.40亿元，季度目标为3.6亿元。\n\n"
              "二、业务情况\n按产品线划分，泵类产品收入1.90亿元，阀门收入1.10亿元，配件收入0.40亿元。\n")
    assert d["figures"]["revenue"] == 340000000
    assert [m["name"] for m in d["mix"]] == ["泵类产品", "阀门", "配件"]


TABLE = ("# 2026年第三季度经营分析\n\n## 一、收入情况\n\n本季度营业收入8,000万元，同比下降5%。\n\n"
         "| 产品 | 本季度收入（万元） | 上年同期（万元） |\n|---|---|---|\n| 管材 | 4,000 | 4,300 |\n"
         "| 型材 | 3,000 | 3,100 |\n| 配件 | 1,000 | 1,020 |\n| 合计 | 8,000 | 8,420 |\n")


def test_a_mix_from_a_table_of_amounts_with_a_prior_year_column_and_a_total_row():
    d = _fill(TABLE, markdown=True)
    assert d["mix"] == [{"name": "管材", "share": 0.5}, {"name": "型材", "share": 0.375},
                        {"name": "配件", "share": 0.125}]


def test_a_table_of_amounts_that_do_not_add_up_to_a_stated_total_gives_no_shares():
    d = _fill(TABLE.replace("| 合计 | 8,000 | 8,420 |\n", "").replace("8,000万元", "9,500万元"), markdown=True)
    assert not d.get("mix")  # the rows are not the whole revenue: no shares are made up


def test_a_share_table_leaves_out_its_total_row():
    d = _fill("# 2026年第一季度经营简报\n\n## 收入结构\n\n本季度营业收入5,000万元。\n\n"
              "| 业务 | 收入（万元） | 占比 |\n|---|---|---|\n| 软件 | 3,000 | 60% |\n| 服务 | 1,500 | 30% |\n"
              "| 硬件 | 500 | 10% |\n| 合计 | 5,000 | 100% |\n", markdown=True)
    assert [m["name"] for m in d["mix"]] == ["软件", "服务", "硬件"]
