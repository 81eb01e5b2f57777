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


def test_points_of_a_rate_are_no_growth_and_turnover_is_revenue():
    d = _fill("关于2026年一季度经营情况的报告\n\n公司各部门：\n\n2026年1-3月，公司累计完成营业额1.85亿元，同比增长14.3%。\n\n"
              "一、主要指标\n截至3月末，有效客户总数达到3,426户。毛利率为31.2%，同比提高1.5个百分点。\n\n"
              "二、下一步工作\n力争二季度营业额突破2亿元。\n")
    assert d["figures"]["revenue"] == 185000000
    assert d["figures"]["growth"] == 0.143  # not the 1.5 points of the margin
    assert "公司各部门" not in [s["heading"] for s in d["sections"]]  # the addressees, no heading


def test_names_then_figures_paired_by_fen_bie():
    d = _fill("2026年上半年经营简报\n\n上半年公司实现营业收入1.50亿元，同比增长6%。\n"
              "硬件、软件和服务三大业务收入分别为7,500万元、4,500万元和3,000万元。\n")
    assert d["mix"] == [{"name": "硬件", "share": 0.5}, {"name": "软件", "share": 0.3},
                        {"name": "服务", "share": 0.2}]


def test_amounts_then_their_shares_after_fen_bie_zhan():
    d = _fill("星河物流2026年上半年经营总结\n\n一、经营概况\n上半年，公司实现主营业务收入6.72亿元，同比增长11.8%。\n"
              "分业务看，快运业务收入3.36亿元，仓储业务收入2.02亿元，供应链金融业务收入1.34亿元，"
              "分别占主营业务收入的50%、30%和20%。\n")
    assert [m["share"] for m in d["mix"]] == [0.5, 0.3, 0.2]
    assert d["figures"]["revenue"] == 672000000


def test_a_share_of_the_whole_is_no_part_of_the_items_name():
    d = _fill("2026年度经营报告\n\n全年营业收入12.6亿元。从产品结构看，工业传感器收入占全年营收的46%，智能仪表占34%，"
              "系统集成服务占20%。\n")
    assert [m["name"] for m in d["mix"]] == ["工业传感器", "智能仪表", "系统集成服务"]


def test_a_list_of_amounts_under_a_revenue_heading_adds_up_to_the_revenue_stated_elsewhere():
    d = _fill("# 青禾农业 2026年11月月报\n\n## 本月概况\n\n11月实现销售收入2,160万元，同比增长7.2%。\n\n"
              "## 收入构成\n\n- 有机蔬菜：1,080万元\n- 禽蛋：648万元\n- 粮油：432万元\n\n## 下月重点\n\n推进年货礼盒预售。\n",
              markdown=True)
    assert d["mix"] == [{"name": "有机蔬菜", "share": 0.5}, {"name": "禽蛋", "share": 0.3},
                        {"name": "粮油", "share": 0.2}]
    # the section of "Label：amount" lines keeps them as its text
    assert [s["heading"] for s in d["sections"]] == ["本月概况", "收入构成", "下月重点"]
    assert d["sections"][1]["paragraphs"] == ["有机蔬菜：1,080万元", "禽蛋：648万元", "粮油：432万元"]


def test_a_key_figures_table_scales_by_its_row_unit_and_reads_the_growth_column():
    d = _fill("# 锦程酒店第三季度运营分析\n\n## 一、核心数据\n\n| 指标 | 第三季度 | 去年同期 | 同比 |\n|---|---|---|---|\n"
              "| 营业收入（万元） | 15,320 | 13,980 | 9.6% |\n| 入住率 | 78.5% | 74.2% | 4.3个百分点 |\n"
              "| 会员人数（万人） | 86 | 71 | 21.1% |\n\n## 二、风险提示\n\n暑期后商务出行需求回落。\n", markdown=True)
    f = d["figures"]
    assert f["revenue"] == 153200000  # 15,320万元, not 15,320 yuan nor last year's 13,980
    assert f["growth"] == 0.096
    assert f["customers"] == 860000


def test_a_unit_line_over_a_table_scales_its_amounts():
    d = _fill("# 2026年5月经营月报\n\n## 主要数据\n\n单位：万元\n\n| 项目 | 本月 | 上年同月 |\n|---|---|---|\n"
              "| 营业收入 | 1,250 | 1,100 |\n| 净利润 | 210 | 180 |\n", markdown=True)
    assert d["figures"]["revenue"] == 12500000


def test_a_numbered_heading_over_sub_items_of_another_numbering_is_a_heading():
    d = _fill("海川医疗2026年第一季度经营分析报告\n\n一、经营业绩\n一季度，公司营业收入为9,860万元，同比增长17.1%。\n\n"
              "二、收入结构\n（一）影像设备：5,420万元，占55%\n（二）体外诊断试剂：2,960万元，占30%\n"
              "（三）维修服务：1,480万元，占15%\n三、风险与对策\n集采政策推进带来价格下行压力。\n")
    assert [s["heading"] for s in d["sections"]] == ["一、经营业绩", "二、收入结构", "三、风险与对策"]
    assert len(d["sections"][1]["paragraphs"]) == 3
    assert [m["share"] for m in d["mix"]] == [0.55, 0.3, 0.15]


def test_a_list_of_numbered_items_of_one_numbering_stays_a_list():
    d = _fill("公司周报\n\n三、下周工作\n一、加大市政项目投标力度\n二、压降外购比例\n")
    assert "一、加大市政项目投标力度" not in [s.get("heading") for s in d.get("sections") or []]


def test_a_half_year_report_under_a_salutation():
    d = _fill("致各位股东：\n\n北辰新能源科技股份有限公司2026年半年度经营情况报告\n\n"
              "报告期内，公司实现营业收入人民币3.56亿元，同比下降4.2%。报告期末，公司拥有经销商客户486家。\n\n"
              "公司储能系统、光伏组件、充电桩三类产品收入分别为1.78亿元、1.07亿元和0.71亿元。\n\n"
              "北辰新能源科技股份有限公司董事会\n2026年8月20日\n")
    assert d["period"] == "2026年半年度"
    assert d["figures"]["growth"] == -0.042 and d["figures"]["customers"] == 486
    assert [m["name"] for m in d["mix"]] == ["储能系统", "光伏组件", "充电桩"]
    # the title is no section and the letter has no headings: its text is one section without one
    assert not any(s.get("heading") for s in d.get("sections") or [])


def test_merchants_are_customers_and_a_sales_word_is_no_part_of_a_name():
    d = _fill("瑞丰食品2026年前三季度经营情况通报\n\n前三季度公司实现营业总收入4.38亿元，同比增长率为9.1%。"
              "公司合作商户数量超过1.2万家。\n\n一、分品类情况\n烘焙类产品销售额2.19亿元，占比50%；乳品类1.31亿元，占比30%；"
              "休闲零食0.88亿元，占比20%。\n")
    assert d["figures"]["customers"] == 12000
    assert [m["name"] for m in d["mix"]] == ["烘焙类产品", "乳品类", "休闲零食"]


def test_shares_given_after_the_names_of_a_letter_and_digit_name():
    d = _fill("# 明德教育2026年度工作总结\n\n## 业务构成\n\nK12辅导、职业教育、素质教育收入占比分别为55%、30%、15%。\n",
              markdown=True)
    assert [m["name"] for m in d["mix"]] == ["K12辅导", "职业教育", "素质教育"]


WEEKLY = ("# 山海文旅2026年第15周经营周报\n\n（2026年4月6日—4月12日）\n\n## 一、核心指标\n\n| 指标 | 数值 |\n|---|---|\n"
          "| 营业收入 | 1,865万元 |\n| 同比增长 | 23.4% |\n| 接待游客 | 12.6万人次 |\n\n## 二、分业态收入\n\n"
          "景区门票收入932.5万元，酒店收入559.5万元，餐饮及商品收入373万元。\n")


def test_a_key_figures_table_row_gives_the_revenue_over_the_parts_that_add_up_to_it():
    d = _fill(WEEKLY, markdown=True)
    assert d["figures"]["revenue"] == 18650000  # not 932.5万, the first of its parts
    assert d["figures"]["growth"] == 0.234
    assert [m["share"] for m in d["mix"]] == [0.5, 0.3, 0.2]


def test_a_period_range_in_brackets_is_no_date_of_the_report():
    assert not _fill(WEEKLY, markdown=True).get("date")


def test_a_mix_table_takes_the_unit_line_over_it():
    d = _fill("# 远航装备2026年10月经营月报\n\n## 一、经营概况\n\n10月公司完成销售收入4,625万元，同比增长11.2%。\n\n"
              "## 二、产品收入\n\n单位：万元\n\n| 产品线 | 本月收入 | 上年同月 |\n|---|---|---|\n"
              "| 工业机器人 | 2,313 | 2,050 |\n| 数控系统 | 1,387 | 1,260 |\n| 智能仓储 | 925 | 850 |\n", markdown=True)
    assert [m["name"] for m in d["mix"]] == ["工业机器人", "数控系统", "智能仓储"]
    assert abs(sum(m["share"] for m in d["mix"]) - 1) < 1e-9


def test_the_first_numbered_heading_after_a_title_label_is_a_section():
    d = _fill("标题：关于华东大区2026年8月销售情况的汇报\n日期：2026年9月3日\n\n一、销售完成情况\n"
              "8月份华东大区实现销售额6,480万元，同比增长18.6%，增速较7月提高3.2个百分点。\n\n二、客户情况\n"
              "华东大区现有活跃客户2,135家。\n")
    assert d["title"] == "关于华东大区2026年8月销售情况的汇报"
    assert [s["heading"] for s in d["sections"]] == ["一、销售完成情况", "二、客户情况"]
    assert d["figures"]["growth"] == 0.186


def test_the_growth_is_the_revenues_not_the_profits_before_it():
    d = _fill("宏远物流2026年5月经营简报\n\n一、业绩\n5月公司净利润380万元，同比增长35.2%；营业收入4,150万元，同比增长12.6%。"
              "行业整体增速约为6%。\n\n二、客户\n月末合作客户2,960家，当月新签客户88家。\n")
    assert d["figures"]["growth"] == 0.126
    assert d["figures"]["customers"] == 2960


def test_an_amount_given_with_its_share_is_a_part_not_the_revenue():
    d = _fill("# 青松医药2026年度年报摘要\n\n## 主要会计数据\n\n2026年度，公司实现营业收入人民币十二亿三千万元（12.3亿元），"
              "较上年增长8.5%。\n\n## 经营情况讨论\n\n报告期内，公司化学制剂收入7.38亿元，占营业收入的60%；中成药收入3.69亿元，"
              "占30%；医疗器械收入1.23亿元，占10%。\n", markdown=True)
    assert d["figures"]["revenue"] == 1230000000
    assert [m["name"] for m in d["mix"]] == ["化学制剂", "中成药", "医疗器械"]


def test_a_list_after_a_split_word_adds_up_to_the_total_stated_before():
    d = _fill("主题：Q3经营数据速报\n时间：2026-10-09\n\n各位：\n\n三季度门店营收合计8,760万元，同比增长9.4%。\n\n"
              "分品类：咖啡饮品5,256万元，烘焙2,190万元，周边商品1,314万元。\n")
    assert d["figures"]["revenue"] == 87600000
    assert [m["share"] for m in d["mix"]] == [0.6, 0.25, 0.15]
    assert d["period"] == "Q3"


def test_a_month_on_the_title_line_is_no_date_of_the_report():
    d = _fill("【月度简报】2026年7月\n禾丰农业科技\n\n本月要点\n• 销售收入：1,320万元\n• 同比增长：14.8%\n")
    assert d["period"] == "2026年7月"
    assert not d.get("date")  # no day is made up


def test_a_title_quarter_takes_the_texts_year():
    d = _fill("**晨星母婴 三季度销售快报**\n\n2025年第三季度，公司实现销售收入9,640万元，同比下降7.5%。\n", markdown=True)
    assert d["period"] == "2025年第三季度"


def test_a_figure_that_rose_from_last_years_is_this_periods_not_last_years():
    d = _fill("致远软件 2026财年第一季度简报\n\n本季度营业收入由上年同期的8,600万元增至9,890万元，同比增加1,290万元，增幅15.0%。"
              "期末客户数达1.2万户，客户续约率92%。\n\n编制：财务部　　日期：2026年4月20日\n")
    assert d["figures"]["revenue"] == 98900000
    assert d["figures"]["growth"] == 0.15
    assert d["figures"]["customers"] == 12000
    assert d["period"] == "2026财年第一季度"
    assert d["date"] == "2026-04-20"


def test_last_years_figure_named_as_such_is_not_the_revenue():
    d = _fill("百川家居2026年第二季度经营简报\n\n本季度营业收入较上年同期的3.1亿元增长16.1%，达到3.6亿元。\n")
    assert d["figures"]["revenue"] == 360000000


def test_the_reader_gives_a_table_cell_at_its_rows_unit_but_leaves_counts_and_rates_alone():
    doc = parse("# 月报\n\n## 主要数据\n\n单位：万元\n\n| 项目 | 本月 |\n|---|---|\n| 营业收入 | 1,250 |\n"
                "| 客户数 | 1,284 |\n| 毛利率 | 31% |\n| 会员（万人） | 8.6 |\n", "report", markdown=True)
    values = {m.raw: m.value for m in doc.mentions}
    assert values["1,250"] == 12500000  # the unit line's 万元
    assert values["1,284"] == 1284  # a count of customers is no amount of money
    assert values["8.6"] == 86000
    d = _fill("# 月报\n\n## 主要数据\n\n单位：万元\n\n| 项目 | 本月 |\n|---|---|\n| 营业收入 | 1,250 |\n"
              "| 客户数 | 1,284 |\n", markdown=True)
    assert d["figures"]["revenue"] == 12500000 and d["figures"]["customers"] == 1284


def test_a_byline_of_labels_set_apart_by_bars_gives_the_published_date_and_the_channel_mix():
    d = _fill("# 瀚海电商2026年4月运营月报\n\n> 报告周期：2026年4月1日—4月30日 ｜ 撰写：运营中心 ｜ 发布：2026年5月6日\n\n"
              "## 1. 核心数据\n\n- GMV：2.35亿元，同比增长26%\n- 实际营收（扣除退款）：1.98亿元，同比增长22.5%\n\n"
              "## 2. 渠道结构\n\n自营店铺营收1.19亿元，分销渠道0.59亿元，直播带货0.2亿元。\n", markdown=True)
    assert d["date"] == "2026-05-06"
    assert d["figures"]["revenue"] == 198000000
    assert [m["name"] for m in d["mix"]] == ["自营店铺", "分销渠道", "直播带货"]


def test_a_closing_date_with_its_weekday_dates_the_report():
    d = _fill("安泰保险经纪 周报（2026年第20周）\n\n【本周亮点】\n本周实现佣金收入186万元，同比增长21.3%。\n\n"
              "报送：总经理室\n2026年5月18日星期一\n")
    assert d["date"] == "2026-05-18"


def test_a_period_range_after_a_time_label_is_no_date():
    d = _fill("云帆科技销售周报\n时间：2026年6月1日至6月7日\n\n本周营收312万元，环比增长8.5%。\n")
    assert not d.get("date")


def test_numbered_parts_are_sections_and_students_are_customers():
    d = _fill("第一部分 经营情况\n\n博远教育2026年第一季度营业收入达2,680万元，同比增长18.4%。学员总数达到3.2万人。\n\n"
              "第二部分 重点工作\n\n完成三个城市的校区选址。\n")
    assert [s["heading"] for s in d["sections"]] == ["第一部分 经营情况", "第二部分 重点工作"]
    assert d["figures"]["customers"] == 32000


def test_a_key_figures_table_in_hundred_millions_with_a_change_column():
    d = _fill("# 金桥建设集团2026年半年度经营分析报告\n\n## 一、主要经营指标\n\n| 指标 | 本期 | 上年同期 | 增减幅度 |\n"
              "|---|---|---|---|\n| 营业收入（亿元） | 18.6 | 16.9 | 10.1% |\n| 新签合同额（亿元） | 42.3 | 38.0 | 11.3% |\n\n"
              "## 二、分板块情况\n\n房建施工板块收入11.16亿元，市政工程板块收入5.58亿元，装配式建筑板块收入1.86亿元。\n",
              markdown=True)
    assert d["figures"]["revenue"] == 1860000000 and isinstance(d["figures"]["revenue"], int)
    assert d["figures"]["growth"] == 0.101
    assert [m["name"] for m in d["mix"]] == ["房建施工", "市政工程", "装配式建筑"]


def test_english_arr_today_over_the_arr_a_past_year_ended_with():
    d = _fill("CASKLINE - INVESTMENT MEMO\n\nTRACTION\nWe ended 2025 with ARR of $1.2 million. Today, in May 2026, ARR is "
              "$1.8 million, up 11% on the previous quarter.\n\nTHE ROUND\nWe are raising $5 million.\n",
              template="funding-pitch")
    assert d["traction"]["arr"] == 1800000


def test_a_count_that_rose_to_a_figure_is_the_count_and_amounts_come_out_whole():
    d = _fill("华信安防2026年上半年工作总结\n\n公司年初确定全年营业收入目标5亿元。上半年完成营业收入2.3亿元，完成全年目标的46%，"
              "同比增长12%。\n\n客户数量从年初的1,200家增加到1,450家，客户数同比增长20%。\n\n2026年7月8日\n")
    f = d["figures"]
    assert f["revenue"] == 230000000 and isinstance(f["revenue"], int)  # not 229999999.99999997
    assert f["customers"] == 1450
    assert f["growth"] == 0.12


def test_a_reply_e_mail_is_titled_by_its_subject_and_its_greeting_is_no_title():
    d = _fill("Re: 11月销售数据\n\n张总好，\n\n11月份销售额为3,260万元，较10月增长4.2%，较去年11月增长15.8%。"
              "本月活跃客户1,872家。\n\n按渠道：直营1,956万元，经销978万元，电商326万元。\n\n刘洋\n2026年12月2日\n")
    assert d["title"] == "11月销售数据"
    assert d["period"] == "11月"
    assert d["figures"]["growth"] == 0.158  # on November last year, not on October
    assert [m["share"] for m in d["mix"]] == [0.6, 0.3, 0.1]


def test_a_unit_in_the_tables_corner_cell_scales_its_amounts():
    d = _fill("# 2026年9月经营月报\n\n## 一、主要数据\n\n| 项目（单位：万元） | 本月 | 上年同月 |\n|---|---|---|\n"
              "| 营业收入 | 2,480 | 2,210 |\n| 净利润 | 310 | 260 |\n\n## 二、收入构成\n\n| 产品（单位：万元） | 本月收入 |\n"
              "|---|---|\n| 高端系列 | 1,240 |\n| 标准系列 | 992 |\n| 配件 | 248 |\n", markdown=True)
    assert d["figures"]["revenue"] == 24800000
    assert [m["share"] for m in d["mix"]] == [0.5, 0.4, 0.1]


def test_an_ask_followed_by_the_share_of_it_for_a_use_is_still_the_ask():
    d = _fill("BRIGHTLOOM - SEED MEMO\n\nTRACTION\nBrightloom has 420 paying studios and ARR of $610k.\n\n"
              "THE ROUND\nWe are raising $2 million, 60% of which goes to engineering and 40% to sales.\n",
              template="funding-pitch")
    assert d["ask"]["amount"] == 2000000


def test_figures_under_a_targets_heading_are_plans_and_ten_thousands_count_whole():
    d = _fill("2026年度经营情况简报\n\n全年实现营业收入8.6亿元，比上年增加1.4亿元，增长19.4%。年末服务客户1.36万家，"
              "比上年末增加2,100家。\n\n二、2027年目标\n营业收入突破10亿元，客户数达到1.6万家。\n")
    assert d["figures"]["customers"] == 13600  # not the 2027 target, and 1.36万 is a whole count
    assert d["figures"]["revenue"] == 860000000


def test_a_letter_to_the_board_is_titled_by_its_report_line_never_by_its_greeting():
    d = _fill("致董事会：2026年度经营工作汇报\n\n各位董事：\n\n现将公司2026年度经营情况汇报如下。2026年，公司全年实现营业收入"
              "12.6亿元，较2025年的11.2亿元增长12.5%。\n\n董事长：陈立新\n2027年1月20日\n")
    assert d["title"] == "2026年度经营工作汇报"
    assert d["figures"]["revenue"] == 1260000000 and d["figures"]["growth"] == 0.125
    d = _fill("各位董事：\n\n现将公司全年经营情况汇报如下。全年实现营业收入12.6亿元，同比增长12.5%。\n")
    assert d["title"] != "各位董事"
