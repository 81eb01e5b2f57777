"""Chinese readings of h/fillzh, each tested on new short documents about fictitious companies:
a long title on the first line, an addressee under the title, numbered headings 1.1/1.2."""

from __future__ import annotations

from tests.tasks.fill_docs import report

# --- 1. a long title on a Word file's first line (no heading style), headings 1.1 / 1.2 ------------

_STUDY = ("青禾环保装备有限公司年处理3万吨餐厨垃圾资源化利用项目可行性研究报告（节选）\n\n"
          "编制单位：青禾环保装备有限公司　编制日期：2026年2月\n\n"
          "1.1 项目背景\n\n"
          "城市餐厨垃圾产生量持续增长，资源化处理需求迫切。\n\n"
          "1.2 企业概况\n\n"
          "2025年公司实现营业收入1.38亿元，同比增长12.4%。\n\n"
          "1.3 结论\n\n"
          "项目技术成熟，经济上可行。\n")


def test_a_long_first_line_naming_the_document_is_its_title():
    r = report(_STUDY)
    assert r.data["title"] == "青禾环保装备有限公司年处理3万吨餐厨垃圾资源化利用项目可行性研究报告（节选）"


def test_the_first_numbered_heading_is_a_section_not_the_title():
    r = report(_STUDY)
    heads = [s.get("heading") for s in r.data["sections"]]
    assert heads == ["1.1 项目背景", "1.2 企业概况", "1.3 结论"]


def test_a_long_first_line_that_is_a_sentence_is_no_title():
    r = report("公司本年度持续推进精益管理并在多个区域市场取得了较好的经营成果，\n\n一、经营情况\n\n"
               "2025年公司实现营业收入2.1亿元。\n\n二、下一步工作\n\n继续拓展华东市场。\n")
    assert not r.data["title"].startswith("公司本年度")


# --- 2. an addressee under the title, before the numbered headings --------------------------------

_LETTER = ("# 松川物流股份有限公司关于2025年度内部控制缺陷整改情况的报告\n\n"
           "公司监事会：\n\n"
           "根据年度内部控制评价结果，公司对发现的缺陷进行了整改，现报告如下。\n\n"
           "## 一、发现的主要缺陷\n\n"
           "部分运输合同未按规定履行审批程序。\n\n"
           "## 二、整改措施\n\n"
           "修订合同审批流程，所有运输合同一律线上审批。\n")


def test_an_addressee_under_the_title_is_no_section():
    r = report(_LETTER, markdown=True)
    heads = [s.get("heading") for s in r.data["sections"]]
    assert heads == ["一、发现的主要缺陷", "二、整改措施"]
    assert r.data["title"] == "松川物流股份有限公司关于2025年度内部控制缺陷整改情况的报告"


def test_a_lead_in_over_a_list_under_the_title_is_still_a_heading():
    r = report("# 松川物流2025年度工作总结\n\n重点工作：\n\n- 完成华东仓扩建\n- 上线运输管理系统\n\n"
               "## 一、经营情况\n\n2025年实现营业收入3.2亿元。\n", markdown=True)
    heads = [s.get("heading") for s in r.data["sections"]]
    assert "重点工作" in heads


# --- 3. a table of years: the latest year's column; parts of the table's revenue are a mix --------

_APPLICATION = ("2027年度市级科技型企业研发补助申报书\n\n"
                "申报单位：远岫传感科技有限公司\n\n"
                "一、企业基本情况\n\n"
                "近三年主要经济指标（单位：万元）\n\n"
                "指标; 2023年; 2024年; 2025年\n"
                "营业收入; 5,200; 6,100; 7,400\n"
                "客户数（家）; 140; 171; 205\n\n"
                "2025年营业收入同比增长21.3%，其中压力传感器收入4,440万元，温度传感器收入2,220万元，"
                "标定服务收入740万元。\n\n"
                "二、预期效益\n\n"
                "项目建成后，预计新增年销售收入3,000万元。\n")


def test_a_table_of_years_gives_the_latest_years_figures():
    r = report(_APPLICATION)
    assert r.data["figures"]["revenue"] == 74_000_000
    assert r.data["figures"]["customers"] == 205


def test_amounts_that_add_up_to_the_tables_revenue_are_its_mix():
    r = report(_APPLICATION)
    assert [x["name"] for x in r.data["mix"]] == ["压力传感器", "温度传感器", "标定服务"]
    assert abs(r.data["mix"][0]["share"] - 0.6) < 1e-9


# --- 4. the period of the figures, not the document's date or a plan's year -----------------------

def test_a_date_label_gives_no_period_the_figures_year_does():
    r = report("青禾环保装备有限公司扩产项目可行性研究报告\n\n编制日期：2026年2月\n\n一、企业概况\n\n"
               "2025年公司实现营业收入1.38亿元，同比增长12.4%。\n\n二、结论\n\n项目可行。\n")
    assert r.data["period"] == "2025年"


def test_a_plan_years_title_gives_way_to_the_figures_year():
    r = report(_APPLICATION)
    assert r.data["period"] == "2025年"


def test_a_reports_own_year_in_its_title_stays_the_period():
    r = report("远岫传感2025年度经营报告\n\n一、经营情况\n\n2025年公司实现营业收入7,400万元，同比增长21.3%。\n\n"
               "二、2026年计划\n\n2026年计划实现营业收入9,000万元。\n")
    assert r.data["period"] == "2025年度"


# --- 5. a chat export: its name, its day rule, a recalled figure ------------------------------------

_CHAT = ("聊天记录：青柠烘焙运营群\n导出时间：2026-11-03 09:20\n\n"
         "—————  2026年11月2日  —————\n\n"
         "10月数据出来了吗？\n\n"
         "出来了，10月门店营收1,420万元，同比增长12%\n\n"
         "周宁 撤回了一条消息\n\n"
         "更正一下：10月营收是1,380万元，同比增长10.5%\n\n"
         "收到，辛苦\n")


def test_a_chat_exports_name_is_its_title():
    assert report(_CHAT).data["title"] == "青柠烘焙运营群"


def test_a_chats_day_rule_dates_it_not_the_export_time():
    assert report(_CHAT).data["date"] == "2026-11-02"


def test_a_corrected_figure_wins_when_the_month_is_named_again():
    r = report(_CHAT)
    assert r.data["figures"]["revenue"] == 13_800_000
    assert r.data["figures"]["growth"] == 0.105


def test_a_chats_month_without_a_year_is_its_period_as_written():
    assert report(_CHAT).data["period"] == "10月"


# --- 6. a mix item's name without the period its amount is for ------------------------------------

def test_a_mix_items_period_word_is_no_part_of_its_name():
    r = report("青柠烘焙第12周工作周报\n\n一、经营情况\n\n本周实现营业收入500万元。\n\n"
               "本周门店收入300万元，外卖收入150万元，团购收入50万元。\n")
    assert [x["name"] for x in r.data["mix"]] == ["门店", "外卖", "团购"]



def test_a_month_or_a_quarter_opening_a_mix_item_is_no_part_of_its_name():
    # an answer in an investors' Q&A: the month opens the first item; 及 inside a name
    r = report("云杉宠物 投资人问答\n\n问：上个月经营情况？\n答：11月全公司实现营业收入3,420万元，同比增长26.5%。\n\n"
               "问：收入结构怎么样？\n答：11月诊疗收入1,950万元，药品及用品销售980万元，美容寄养490万元。\n")
    assert [x["name"] for x in r.data["mix"]] == ["诊疗", "药品及用品销售", "美容寄养"]
    assert [round(x["share"], 4) for x in r.data["mix"]] == [0.5702, 0.2865, 0.1433]
    r = report("星河教育2026年第三季度经营简报\n\n本季度实现营业收入2,000万元。\n\n"
               "本季度K12素养课程收入1,200万元，职业教育收入500万元，教辅图书收入300万元。\n")
    assert r.data["mix"][0]["name"] == "K12素养课程"

# --- 7. a WeChat article: its first line the title, its byline dates it, 其中…占 is the mix ----------

_ARTICLE = ("山川咖啡这一年：从3家店到28家店\n\n原创　小川说　山川咖啡　2026-11-20 08:00\n\n"
            "今年是山川咖啡成立的第五年，我们已经在华南开出28家门店。\n\n"
            "2026年1—10月，山川咖啡营业收入8,640万元，同比增长37%。其中咖啡饮品占62%，烘焙食品占26%，"
            "咖啡豆零售占12%。\n\n明年，我们计划再开20家店。\n")


def test_an_articles_first_line_is_its_title_not_a_cut_sentence():
    assert report(_ARTICLE).data["title"] == "山川咖啡这一年：从3家店到28家店"


def test_an_articles_byline_dates_it_and_is_no_paragraph():
    r = report(_ARTICLE)
    assert r.data["date"] == "2026-11-20"
    assert not any(p.startswith("原创") for s in r.data["sections"] for p in s["paragraphs"])


def test_shares_after_the_revenue_sentence_are_the_mix():
    r = report(_ARTICLE)
    assert [(x["name"], x["share"]) for x in r.data["mix"]] == [("咖啡饮品", 0.62), ("烘焙食品", 0.26),
                                                               ("咖啡豆零售", 0.12)]


def test_a_first_line_that_is_a_form_label_is_no_title():
    r = report("报告期：2026年10月\n\n本月实现营业收入1,200万元，同比增长8%。\n")
    assert r.data["title"] != "报告期：2026年10月"


# --- 8. a month's table with 环比 and 同比 columns, headed by months --------------------------------

_MONTHLY = ("智远软件2026年11月经营月报\n\n一、核心指标\n\n"
            "指标; 11月; 10月; 环比; 去年同期; 同比\n"
            "营业收入（万元）; 2,860; 2,640; 8.3%; 2,410; 18.7%\n"
            "付费客户（家）; 1,530; 1,492; 2.5%; 1,210; 26.4%\n\n"
            "二、下月计划\n\n12月营业收入目标3,100万元。\n")


def test_the_tables_year_on_year_column_is_the_growth():
    r = report(_MONTHLY)
    assert r.data["figures"]["growth"] == 0.187
    assert r.data["figures"]["revenue"] == 28_600_000


def test_a_section_of_a_table_with_month_columns_keeps_its_rows():
    r = report(_MONTHLY)
    first = r.data["sections"][0]
    assert first["heading"] == "一、核心指标"
    assert first["paragraphs"][0].startswith("营业收入（万元）：11月 2,860；10月 2,640")


# --- 9. a plan-and-review report: the actual year's column, a mix table whose unit is in its heading

_REVIEW = ("瑞丰食品股份有限公司2025年度经营回顾与2026年经营计划\n\n一、2025年经营回顾\n\n"
           "指标; 2025年计划; 2025年实际; 完成率; 2026年计划\n"
           "营业收入（亿元）; 5.20; 5.46; 105.0%; 6.10\n"
           "经销商客户（家）; 1,800; 1,862; 103.4%; 2,100\n\n"
           "2025年公司营业收入同比增长13.5%。\n\n"
           "二、收入结构（万元）\n\n品类; 2025年收入\n休闲零食; 32,760\n调味品; 16,380\n冷冻食品; 5,460\n\n"
           "三、2026年计划\n\n力争营业收入6.1亿元，同比增长11.7%。\n")


def test_a_review_takes_the_actual_column_not_the_plans():
    r = report(_REVIEW)
    assert r.data["figures"]["revenue"] == 546_000_000
    assert r.data["figures"]["customers"] == 1862
    assert r.data["figures"]["growth"] == 0.135


def test_a_mix_table_with_its_unit_in_the_heading_gives_shares():
    r = report(_REVIEW)
    assert [(x["name"], round(x["share"], 6)) for x in r.data["mix"]] == [("休闲零食", 0.6), ("调味品", 0.3),
                                                                         ("冷冻食品", 0.1)]


# --- 10. a chat whose sender lines carry the day and the time ----------------------------------------

_DATED_CHAT = ("群聊：晨光文具华南经营群\n\n林薇 2026-12-01 09:12\n10月数据汇总好了吗？\n\n赵磊 2026-12-01 09:15\n"
               "好了，10月华南区营业收入1,860万元，同比增长9.2%\n\n赵磊 2026-12-01 09:16\n"
               "纠正一下，营业收入是1,820万元，同比增长8.1%\n\n林薇 2026-12-01 09:20\n门店客户数呢？\n\n"
               "赵磊 2026-12-01 09:21\n合作门店2,430家\n")


def test_a_senders_time_is_no_count_of_customers():
    r = report(_DATED_CHAT)
    assert r.data["figures"]["customers"] == 2430
    assert r.data["figures"]["revenue"] == 18_200_000
    assert r.data["title"] == "晨光文具华南经营群"


# --- 11. dates and periods written without a report's labels ---------------------------------------

def test_a_press_releases_dateline_dates_it():
    r = report("云岚智能发布2026年前三季度经营数据\n\n"
               "苏州，2026年10月20日 —— 云岚智能今日公布前三季度经营数据，公司实现营业收入3.2亿元，同比增长12%。\n\n"
               "公司成立于2016年，总部位于苏州。\n")
    assert r.data["date"] == "2026-10-20"


def test_a_label_naming_when_the_notes_were_taken_dates_them_not_an_export():
    r = report("调研纪要：云岚智能\n\n调研时间：2026年9月3日　记录人：研究组\n\n一、经营情况\n\n"
               "公司上半年实现营业收入1.6亿元，同比增长18%。\n\n二、问答\n\n管理层预计全年收入3.5亿元。\n")
    assert r.data["date"] == "2026-09-03"
    r = report("聊天记录：云岚经营群\n导出时间：2026年9月3日\n\n出来了，8月营收1,200万元，同比增长6%\n\n收到\n")
    assert r.data.get("date") != "2026-09-03"


def test_a_letter_at_the_years_end_has_that_year_as_its_period():
    r = report("致股东的信\n\n尊敬的各位股东：\n\n这一年，公司实现营业收入6.2亿元，同比增长11%。\n\n"
               "截至2025年末，公司服务企业客户1,420家。\n\n董事长　林川\n\n2026年4月2日\n")
    assert r.data["period"] == "2025年"


# --- 12. a title on two lines over an addressee; no title at all -------------------------------------

def test_an_addressee_under_a_two_line_title_is_no_section():
    r = report("海岳新材料股份有限公司\n2025年度经营情况报告\n\n董事会：\n\n现将公司2025年度经营情况报告如下。\n\n"
               "一、主要经营指标\n\n2025年公司实现营业收入9.62亿元，同比增长14.1%。\n\n"
               "二、2026年工作安排\n\n力争营业收入11亿元。\n")
    assert [s.get("heading") for s in r.data["sections"]] == ["一、主要经营指标", "二、2026年工作安排"]


def test_a_document_that_starts_with_a_numbered_heading_has_no_title_to_give():
    r = report("1 项目概述\n\n本项目由远岫传感科技有限公司实施。\n\n2 企业基本情况\n\n"
               "2025年公司实现营业收入7,400万元，同比增长21.3%。\n\n3 结论\n\n项目可行。\n")
    title = next(f for f in r.fields if f.pointer == "/title")
    assert title.source == "placeholder"
    assert [s.get("heading") for s in r.data["sections"]] == ["1 项目概述", "2 企业基本情况", "3 结论"]


# --- 13. a subsidiary's and the last quarter's figures beside the company's own ---------------------

def test_a_subsidiarys_figures_are_not_the_companys():
    r = report("鼎新建材集团2026年第三季度经营情况通报\n\n一、子公司情况\n\n"
               "鼎新物流三季度实现营业收入0.92亿元，同比增长21%。\n\n二、集团合并情况\n\n"
               "三季度集团合并营业收入6.35亿元，同比下降3.2%。\n")
    assert r.data["figures"]["revenue"] == 635_000_000
    assert r.data["figures"]["growth"] == -0.032


def test_a_subsidiarys_own_report_gives_its_figures():
    r = report("鼎新物流分公司2026年第三季度经营情况\n\n一、经营情况\n\n三季度分公司实现营业收入0.92亿元，同比增长21%。\n")
    assert r.data["figures"]["revenue"] == 92_000_000


def test_last_quarters_figure_named_first_is_not_this_quarters():
    r = report("鼎新建材集团2026年第三季度经营情况通报\n\n"
               "上季度集团营业收入6.58亿元，同比增长2.1%。本季度集团营业收入6.35亿元，同比下降3.2%。\n")
    assert r.data["figures"]["revenue"] == 635_000_000


def test_a_summary_lead_in_under_the_title_stays_a_section():
    r = report("远岫传感2025年度经营报告\n\n摘要：\n\n本报告总结公司2025年经营情况。\n\n一、经营情况\n\n"
               "2025年公司实现营业收入7,400万元。\n\n二、计划\n\n继续拓展华东市场。\n")
    assert [s.get("heading") for s in r.data["sections"]] == ["摘要", "一、经营情况", "二、计划"]


# --- a speech dated after its speaker, a chat export named by its group ----------------------------

def test_a_speech_dated_in_brackets_after_its_speaker_is_dated_that_day():
    r = report("# 在2026年度员工大会上的讲话\n\n（总经理 黄建国　2027年1月8日）\n\n同志们：\n\n"
               "二〇二六年全年，公司实现营业收入三亿四千六百万元，比上一年增长百分之十九点五。\n")
    assert r.data["date"] == "2027-01-08"


def test_figures_dated_in_brackets_are_no_document_date():
    r = report("# 华东区经营快报\n\n（数据截至2026年9月30日）\n\n前三季度营业收入1.2亿元。\n")
    assert r.data.get("date") is None


def test_a_chat_export_is_titled_by_its_group_and_dated_by_its_day_rule():
    r = report("钉钉群「青梧餐饮-经营日报群」聊天记录　导出时间：2026-12-08 21:40\n\n"
               "———— 2026年12月7日 星期一 ————\n陈佳怡 09:07\n11月全品牌营业收入1,815万元，同比增长9.6%。\n")
    assert r.data["title"] == "青梧餐饮-经营日报群"
    assert r.data["date"] == "2026-12-07"


# --- read after fill-eval9's blind run (spent): a table's unit in its first header cell, a year
# opening a mix item -----------------------------------------------------------------------------

def test_a_tables_unit_in_its_first_header_cell_scales_its_amounts():
    r = report("# 澜川装备招股说明书摘要\n\n## 财务会计信息\n\n| 项目（万元） | 2025年度 | 2024年度 |\n|---|---|---|\n"
               "| 营业收入 | 146,820 | 118,360 |\n| 归母净利润 | 15,230 | 11,870 |\n", markdown=True)
    assert r.data["figures"]["revenue"] == 1468200000


def test_a_year_opening_a_mix_item_is_no_part_of_its_name():
    r = report("澜川装备2025年经营情况\n\n2025年度营业收入14.682亿元。按产品划分，2025年升压站设备收入96,300万元，"
               "储能变流设备收入38,900万元，运维服务收入11,620万元。\n")
    assert [x["name"] for x in r.data["mix"]] == ["升压站设备", "储能变流设备", "运维服务"]
