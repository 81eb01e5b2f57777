"""Chinese readings of h/fillzh6, each tested on new short documents about fictitious companies:
a live stream's transcript (spoken figures, 一半 / 三成 / 两成, viewers' turns), a mix in a
reviewer's sentence with a remark after it, and a figure a later line says was written down wrong."""

from __future__ import annotations

from tests.tasks.fill_docs import report

# --- 1. a live stream's transcript: spoken figures, the period and day it was said ---------------

_STREAM = ("【直播文字稿】松涧茶社官方店 · 冬至专场 · 2026年12月20日晚\n"
           "主播阿青：朋友们晚上好！我们家做武夷岩茶，茶园在星村镇。\n"
           "【弹幕】主播好！\n"
           "主播阿青：跟大家说一下，今年一到十月，我们店一共卖了一千八百万元，比去年同期涨了百分之四十！\n"
           "【弹幕】听说对面茶庄卖了五千万元？\n"
           "主播阿青：别人家我们不管哈。我们的老客会员有两万六千人。\n"
           "主播阿青：销售里面，肉桂占一半，水仙占三成，剩下两成是大红袍。\n"
           "【弹幕】今晚冲多少？\n"
           "主播阿青：今晚目标三百万！\n")


def test_a_transcript_gives_its_spoken_figures():
    r = report(_STREAM)
    assert r.data["figures"]["revenue"] == 18_000_000  # 一千八百万元, not the viewer's 五千万元
    assert r.data["figures"]["growth"] == 0.4
    assert r.data["figures"]["customers"] == 26_000


def test_a_spoken_mix_in_halves_and_tenths():
    r = report(_STREAM)
    assert r.data["mix"] == [{"name": "肉桂", "share": 0.5}, {"name": "水仙", "share": 0.3},
                             {"name": "大红袍", "share": 0.2}]


def test_a_transcripts_title_line_gives_its_title_day_and_year():
    r = report(_STREAM)
    assert r.data["title"] == "【直播文字稿】松涧茶社官方店 · 冬至专场 · 2026年12月20日晚"
    assert r.data["date"] == "2026-12-20"
    assert r.data["period"] == "2026年1-10月"  # 今年一到十月, in the year of the stream's day


def test_a_viewers_figure_is_no_revenue_of_the_company():
    # the streamer gives no revenue: the viewer's 五千万元 about another shop must not fill it, nor
    # the members' count (people, no money)
    r = report(_STREAM.replace("我们店一共卖了一千八百万元，比去年同期涨了百分之四十", "我们店涨了百分之四十"))
    assert r.data["figures"].get("revenue") is None
    assert r.data["figures"]["customers"] == 26_000


# --- 2. a reviewer's sentence: parts of the revenue, then a remark without figures ----------------

_REVIEWS = ("# 「晨光杯」农业科技创业赛 专家意见汇总\n\n"
            "项目：合肥田禾无人机植保有限公司　汇总日期：2026年12月3日\n\n"
            "**专家A：** 项目2026年1-11月收入2,400万元，同比增长35%，服务农户与合作社860家。\n\n"
            "**专家B：** 收入中飞防作业1,440万元、整机销售720万元、培训服务240万元，思路清晰。\n\n"
            "**专家C：** 服务客户680家，建议加强售后。\n\n"
            "**赛事办说明：** 专家C意见中的“680家”系笔误，经与项目方核实为860家。\n")


def test_a_mix_of_amounts_with_a_remark_after_it():
    r = report(_REVIEWS, markdown=True)
    assert r.data["mix"] == [{"name": "飞防作业", "share": 0.6}, {"name": "整机销售", "share": 0.3},
                             {"name": "培训服务", "share": 0.1}]


def test_a_figure_said_to_be_written_down_wrong_is_replaced():
    r = report(_REVIEWS, markdown=True)
    assert r.data["figures"]["customers"] == 860  # not 680, the 笔误 the organisers corrected
    assert r.data["figures"]["revenue"] == 24_000_000


# --- 3. an answer on a Q&A site: the 答主 line in bold is who wrote it, no heading ----------------

_ANSWER = ("# 为什么县城里的烘焙店越开越多？\n\n"
           "**答主：林小麦（麦田记烘焙创始人）**\n\n"
           "谢邀，说说我们自己。\n\n"
           "### 我们的数字\n\n"
           "麦田记2026年前三季度营收6,800万元，同比增长22%。\n\n"
           "### 接下来\n\n"
           "明年计划再开十家店。\n")


def test_a_bold_byline_is_no_section_heading():
    r = report(_ANSWER, markdown=True)
    heads = [s.get("heading") for s in r.data["sections"]]
    assert heads[:2] == ["我们的数字", "接下来"]


# --- 4. a rating report's title names the year; its figures are for part of it ------------------

_RATING = ("# 嘉禾冷链物流有限公司2026年度主体信用评级报告（摘要）\n\n"
           "评级日期：2026年11月20日\n\n"
           "## 评级观点\n\n"
           "2026年1-9月公司实现营业收入3.15亿元，同比增长18.2%。\n\n"
           "## 关注\n\n"
           "- 同区域竞争对手恒冷物流2025年营收5.6亿元。\n")


def test_the_period_is_the_part_of_the_titles_year_the_figures_are_for():
    r = report(_RATING, markdown=True)
    assert r.data["period"] == "2026年1-9月"  # not 2025年, the rival's year
    assert r.data["figures"]["revenue"] == 315_000_000


# --- 5. a table pasted from Excel: month columns, the unit and the month in the line over it ------

_MAIL = ("# 10月经营数据\n\n"
         "发件人：财务部 周宁\n\n"
         "10月数据如下（单位：万元）：\n\n"
         "```\n"
         "品类\t9月\t10月\t环比\n"
         "宠物主粮\t1,020\t1,100\t7.8%\n"
         "宠物零食\t560\t550\t-1.8%\n"
         "洗护用品\t340\t350\t2.9%\n"
         "合计\t1,920\t2,000\t4.2%\n"
         "```\n\n"
         "补充：10月营收2,000万元，同比增长15.0%。\n")


def test_a_mix_from_the_month_column_the_line_over_the_table_names():
    r = report(_MAIL, markdown=True)
    assert r.data["mix"] == [{"name": "宠物主粮", "share": 0.55}, {"name": "宠物零食", "share": 0.275},
                             {"name": "洗护用品", "share": 0.175}]


# --- 6. an interview: its day in brackets, a rough figure then the exact one ----------------------

_INTERVIEW = ("# 专访岚山酿造创始人许青：把米醋卖到全国\n\n"
              "> 编者按：本期我们专访岚山酿造创始人许青。（采访时间：2026年12月2日）\n\n"
              "**记者：** 今年生意怎么样？\n\n"
              "**许青：** 2026年前三季度，我们营业收入是8,600万元，同比增长了两成多，准确说是23.5%。\n\n"
              "**记者：** 客户呢？\n\n"
              "**许青：** 合作的经销商有312家。\n")


def test_an_interviews_day_and_the_exact_figure_after_a_rough_one():
    r = report(_INTERVIEW, markdown=True)
    assert r.data["date"] == "2026-12-02"
    assert r.data["figures"]["growth"] == 0.235
    assert r.data["figures"]["revenue"] == 86_000_000


# --- 7. a note whose author corrects a count given in 万 in the comments --------------------------

_NOTE = ("# 开店两年，我们终于回本了｜苏州半岛面包手记\n\n"
         "发布于 2026-12-01 · 苏州\n\n"
         "今年1-11月，半岛面包3家店一共卖了1,500万元，比去年同期涨了28%！\n"
         "小程序会员已经有6.4万人啦\n\n"
         "---\n\n"
         "**评论区**\n\n"
         "**@面包控：** 冲！\n\n"
         "**@半岛面包（作者）：** 更正一下，会员数算错了，准确是6.1万人，多算了测试账号\n")


def test_a_count_in_wan_is_corrected_by_a_count_not_by_an_amount():
    r = report(_NOTE, markdown=True)
    assert r.data["figures"]["customers"] == 61_000
    assert r.data["figures"]["revenue"] == 15_000_000
    assert r.data["date"] == "2026-12-01"


# --- 8. a term sheet: a commitment for a later year is no revenue ---------------------------------

_TERMS = ("# 投资意向书摘要——杭州启衡医疗器械有限公司B轮\n\n"
          "签署日期：2026年12月1日\n\n"
          "鉴于：目标公司2026年1-10月实现营业收入8,200万元，同比增长33.0%，服务医院412家。\n\n"
          "| 条款 | 内容 |\n|---|---|\n| 投前估值 | 9亿元 |\n"
          "| 业绩承诺 | 2027年营业收入不低于1.6亿元 |\n")


def test_a_commitment_for_a_later_year_is_no_revenue():
    r = report(_TERMS, markdown=True)
    assert r.data["figures"]["revenue"] == 82_000_000


# --- 9. a broker's note: its title names the quarter, a form's line under it ----------------------

_NOTE_TITLE = '【点评】禾丰冷链（代码略）：三季度业绩稳健，维持"增持"评级'
_BROKER = (f"# {_NOTE_TITLE}\n\n"
           "发布日期：2026年11月5日　分析师：钱朗\n\n"
           "## 事件\n\n"
           "公司公告2026年前三季度实现营业收入9.2亿元，同比增长15.1%。\n")


def test_a_form_line_under_the_title_is_no_part_of_it_and_the_period_takes_the_texts_year():
    r = report(_BROKER, markdown=True)
    assert r.data["title"] == _NOTE_TITLE
    assert r.data["period"] == "2026年前三季度"


# --- 10. a year's review with next year's plan under a heading of its own --------------------------

_REVIEW = ("# 鸿远泵业有限公司2026年度经营回顾与2027年度计划\n\n"
           "## 一、2026年度计划完成情况\n\n"
           "| 指标 | 2026年计划 | 2026年实际 | 2027年计划 |\n|---|---|---|---|\n"
           "| 经销商客户（家） | 900 | 842 | 950 |\n\n"
           "2026年营业收入3.12亿元，较2025年的2.80亿元增长11.4%，未完成年度计划。\n\n"
           "## 二、2027年度计划\n\n"
           "- 营业收入3.6亿元，同比增长15.4%\n"
           "- 经销商客户达到950家\n")


def test_next_years_plan_under_its_own_heading_gives_no_result():
    r = report(_REVIEW, markdown=True)
    assert r.data["figures"] == {"revenue": 312_000_000, "growth": 0.114, "customers": 842}


# --- 11. a company post: numbered headings, a rounded figure with its exact one, a partner ---------

_POST = ("# 🎉 青芒科技2026上半年成绩单来啦！\n\n"
         "原创　青芒科技　2026年7月20日 10:00\n\n"
         "## 01 | 业绩亮点\n\n"
         "🔥 上半年营收突破8,000万元（具体为8,240万元），同比增长28%！\n\n"
         "🔥 累计服务商户5,300家\n\n"
         "🔥 会员订阅收入占比60%，硬件销售占比25%，代运营服务占比15%\n\n"
         "## 02 | 伙伴故事\n\n"
         "我们的合作伙伴云栈科技上半年营收达2.6亿元。\n")


def test_a_posts_own_figures_not_its_partners_nor_its_heading_numbers():
    r = report(_POST, markdown=True)
    assert r.data["period"] == "2026上半年"
    assert r.data["figures"] == {"revenue": 82_400_000, "growth": 0.28, "customers": 5_300}
    assert [x["name"] for x in r.data["mix"]] == ["会员订阅", "硬件销售", "代运营服务"]


# --- 12. a news release: byline and editor's note over the headline; a period opening a label ------

_RELEASE = ("【本报讯】（记者 苏晴）\n\n"
            "编者按：本期关注一家县域烘焙连锁。\n\n"
            "麦香坊2026年前三季度营收同比增长18%\n\n"
            "合肥，2026年10月30日——安徽麦香坊食品连锁有限公司今日发布经营数据：2026年1—9月，公司实现营业收入"
            "4.5亿元，同比增长18.0%。\n\n"
            "分品类看，前三季度面包销售收入2.7亿元，蛋糕1.35亿元，饮品0.45亿元。\n")


def test_a_releases_headline_under_its_byline_and_a_mix_label_without_its_period():
    r = report(_RELEASE)
    assert r.data["title"] == "麦香坊2026年前三季度营收同比增长18%"
    assert [x["name"] for x in r.data["mix"]] == ["面包销售", "蛋糕", "饮品"]


# --- 13. a daily report: its day in the title line; a figure named as the one that holds ----------

_DAILY = ("# 日报｜2026年12月3日（周四）｜华东渠道部　陈默\n\n"
          "### 今日完成\n\n"
          "1. 与汇丰商贸签订年度合同，金额58万元\n\n"
          "### 数据\n\n"
          "- 本月累计在服客户超300家\n\n"
          "备注：客户数此前写的是超300家，核对后为286家，以286家为准。\n")


def test_a_daily_reports_day_is_its_date_and_period():
    r = report(_DAILY, markdown=True)
    assert r.data["date"] == "2026-12-03"
    assert r.data["period"] == "2026年12月3日"


def test_the_figure_the_document_says_holds_replaces_the_others():
    r = report(_DAILY, markdown=True)
    assert r.data["figures"]["customers"] == 286
