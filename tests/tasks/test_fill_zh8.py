"""Chinese readings of h/fillzh8, each tested on new short documents about fictitious companies:
a scanned brochure's OCR text (full-width figures, page headers and footers), a meeting's papers
(long numbered headings, a lead-in sentence over a table), a handbook's outline (第一章 / 1.1, a
list of departments), an encyclopedia-style profile (a history of yearly figures, cited sources),
an interim disclosure (last audited year and latest interim) and an invitation whose title names
next year."""

from __future__ import annotations

from o3local.tasks.fill.width import as_written, fold_width
from tests.tasks.fill_docs import report

# --- 1. full-width figures and printed page marks (an OCR text) ---------------------------------

_SCANNED = ("青川智控 · 公司介绍　　　　　　　　　　　　第１页\n"
            "成都青川智控科技有限公司公司简介\n"
            "\n"
            "成都青川智控科技有限公司成立于２０１８年，专注于楼宇能耗监测终端的研发与\n"
            "销售。２０２５年，公司实现营业收入３．２６亿元，同比增长１８．５％，服务楼宇客户\n"
            "１，２４０家。其中，监测终端收入１．９６亿元，平台订阅收入０．９８亿元，运维服务收入\n"
            "０．３２亿元。\n"
            "青川智控 · 公司介绍　　　　　　　　　　　　第２页\n"
            "２０２４年公司营业收入为２．７５亿元。\n"
            "　　　　　　　　　　　　　　　　　　２０２６年２月印制\n")


def test_full_width_figures_are_read_as_figures():
    r = report(_SCANNED)
    assert r.data["figures"]["revenue"] == 326_000_000  # ３．２６亿元, not 26亿
    assert r.data["figures"]["growth"] == 0.185
    assert r.data["figures"]["customers"] == 1240  # １，２４０家
    assert r.data["period"] == "2025年"  # the year of the figures, not the comparison's 2024
    assert [x["name"] for x in r.data["mix"]] == ["监测终端", "平台订阅", "运维服务"]


def test_page_headers_are_no_title_and_the_print_month_dates_it():
    r = report(_SCANNED)
    assert r.data["title"] == "成都青川智控科技有限公司公司简介"
    assert r.data["date"] == "2026-02-01"  # 2026年2月印制: the month, its 1st said in a note
    assert not any("第2页" in p or "第２页" in p for s in r.data["sections"] for p in s["paragraphs"])


def test_evidence_quotes_the_users_own_characters():
    r = report(_SCANNED)
    ev = next(f.evidence for f in r.fields if f.pointer == "/figures/revenue")
    assert "３．２６亿元" in ev


def test_the_fold_keeps_chinese_punctuation_and_length():
    text = "收入６．８４亿元，员工１，４６０人，２０２４，２０２５年；时间１０：３０。"
    folded = fold_width(text)
    assert folded == "收入6.84亿元，员工1,460人，2024，2025年；时间10:30。"
    assert len(folded) == len(text)
    assert as_written("员工1,460人", text) == "员工１，４６０人"
    assert as_written("not in it", text) == "not in it"


# --- 2. a meeting's papers: long numbered headings, a lead-in over a table -----------------------

_AGM = ("杭州禾丰环境科技股份有限公司2025年年度股东会会议资料及议案\n\n"
        "发布：公司董事会　日期：2026年5月6日\n\n"
        "一、会议基本情况\n\n"
        "会议时间：2026年5月26日下午14:30；会议地点：公司一楼报告厅。\n\n"
        "二、议案一：关于2025年度经营情况及财务决算的议案\n\n"
        "经会计师事务所审计，公司2025年度主要财务数据如下：\n\n"
        "项目; 2025年度; 2024年度; 增减\n"
        "营业收入（万元）; 18,640; 15,200; 22.6%\n"
        "净利润（万元）; 2,210; 1,830; 20.8%\n\n"
        "三、议案二：关于2026年度财务预算方案的议案\n\n"
        "2026年度营业收入预算为22,000万元，较2025年度增长18.0%。\n")


def test_an_agms_papers_title_headings_and_period():
    r = report(_AGM)
    assert r.data["title"] == "杭州禾丰环境科技股份有限公司2025年年度股东会会议资料及议案"
    assert r.data["period"] == "2025年度"  # not the budget's 2026年度
    assert [s["heading"] for s in r.data["sections"]] == [
        "一、会议基本情况", "二、议案一：关于2025年度经营情况及财务决算的议案", "三、议案二：关于2026年度财务预算方案的议案"]
    assert r.data["figures"]["revenue"] == 186_400_000


# --- 3. a handbook's outline ---------------------------------------------------------------------

_HANDBOOK = ("新员工入职手册（2026年版）\n\n"
             "第一章 认识我们\n\n"
             "1.1 公司介绍\n\n"
             "南京知渡教育科技有限公司成立于2019年，为中小学提供课后服务管理平台。2025年公司实现营业收入"
             "1.82亿元，同比增长26.4%，服务学校客户1,130所。\n\n"
             "1.2 部门设置\n\n"
             "总裁办公室\n\n"
             "教研中心\n\n"
             "产品技术部\n\n"
             "区域销售部\n\n"
             "1.3 我们的价值观\n\n"
             "以学生为中心，专业、坦诚、长期主义。\n")


def test_an_outlines_chapter_parts_and_a_list_of_departments():
    r = report(_HANDBOOK)
    heads = [s["heading"] for s in r.data["sections"]]
    assert heads == ["第一章 认识我们", "1.1 公司介绍", "1.2 部门设置", "1.3 我们的价值观"]
    assert r.data["sections"][0]["paragraphs"] == []  # the chapter, over its parts
    assert r.data["sections"][2]["paragraphs"] == ["总裁办公室", "教研中心", "产品技术部", "区域销售部"]


# --- 4. a profile with a history of yearly figures and cited sources -----------------------------

_PROFILE = ("# 岚舟储能\n\n"
            "苏州岚舟储能科技有限公司是一家工商业储能系统集成商。\n\n"
            "本页面由资料编辑组维护，最近更新于2026年4月9日。\n\n"
            "## 发展历程\n\n"
            "- 2020年，营业收入0.8亿元，首个储能电站并网。\n"
            "- 2022年，营业收入2.6亿元。\n"
            "- 2025年，营业收入6.4亿元，同比增长31.2%；服务工商业客户420家。\n\n"
            "## 参考资料\n\n"
            "- [1] 岚舟储能发布2025年经营数据. 江南财经. 2026-01-20\n")


def test_a_profiles_history_gives_the_latest_year():
    r = report(_PROFILE, markdown=True)
    assert r.data["figures"]["revenue"] == 640_000_000  # 2025's, not 2020's 0.8亿
    assert r.data["period"] == "2025年"
    assert r.data["date"] == "2026-04-09"  # updated on, not the cited article's day


# --- 5. an interim disclosure, and a title that names next year ---------------------------------

_DISCLOSURE = ("股权转让信息披露公告\n"
               "公告日期：2026年11月2日\n\n"
               "一、标的企业主要财务指标\n"
               "最近一个年度审计报告（2025年度）：营业收入31,200.00万元，净利润2,150.00万元。\n"
               "最近一期财务数据（2026年1-9月，未经审计）：营业收入26,480.00万元，净利润1,960.00万元。\n")


def test_the_latest_interim_over_the_last_audited_year():
    r = report(_DISCLOSURE)
    assert r.data["period"] == "2026年1-9月"
    assert r.data["figures"]["revenue"] == 264_800_000


_INVITE = ("邀请函 | 江城鲜品2027年度合作伙伴大会\n\n"
           "发函日期：2026年12月3日\n\n"
           "一、总经理致辞（摘要）\n\n"
           "2026年1-11月，公司实现销售收入4.12亿元，同比增长12.3%，合作商户达到1,050家。\n\n"
           "二、业绩承诺\n\n"
           "2027年营业收入不低于5亿元。\n")


def test_a_titles_later_year_is_not_the_figures_period():
    r = report(_INVITE)
    assert r.data["period"] == "2026年1-11月"
    assert r.data["figures"]["revenue"] == 412_000_000


# --- 6. a statistics form's unit column; a system export's comment header ------------------------

_FORM = ("江苏省软件行业协会 会员企业年度统计表（2025年度）\n\n"
         "填报日期：2026年3月12日\n\n"
         "二、主要经营指标\n\n"
         "指标; 单位; 2025年; 2024年; 增减（%）\n"
         "营业收入; 万元; 24,560; 19,800; 24.0\n"
         "从业人员; 人; 410; 372; 10.2\n"
         "年末注册用户数; 万人; 12.5; 9.8; 27.6\n")


def test_a_unit_column_scales_its_rows_figures_and_a_percent_column_is_percents():
    r = report(_FORM)
    assert r.data["figures"]["revenue"] == 245_600_000  # 24,560 万元
    assert r.data["figures"]["growth"] == 0.24  # the revenue row's 增减（%）, not the staff's
    assert r.data["figures"]["customers"] == 125_000  # 12.5 万人


_EXPORT = ("# 报表名称：2026年1-10月门店销售汇总\n"
           "# 导出自：零售管理系统　导出时间：2026-11-03 08:15\n"
           "# 单位：万元\n"
           "月份; 饮品; 烘焙; 营业收入合计; 同比增长; 会员数\n"
           "2026-01; 210; 95; 305; 12.1%; 8820\n"
           "2026-02; 198; 90; 288; 10.4%; 9010\n")


def test_an_exports_comment_header_gives_its_title_and_its_day():
    r = report(_EXPORT)
    assert r.data["title"] == "2026年1-10月门店销售汇总"
    assert r.data["date"] == "2026-11-03"  # the export's day: the report has no other
    # a month cell ("2026-01") is no figure of revenue: the header line and the row are no sentence
    assert r.data["figures"].get("revenue") not in (1, 2026)


def test_a_chat_logs_export_time_still_dates_nothing():
    r = report("聊天记录：禾木咖啡店长群\n导出时间：2026年10月8日\n\n9月营收860万元，同比增长7%\n\n收到\n")
    assert r.data.get("date") != "2026-10-08"


def test_a_forms_two_column_table_dates_it_by_its_time_row():
    r = report("合肥青禾智能科技股份有限公司投资者关系活动记录表\n\n"
               "项目; 内容\n投资者关系活动类别; 现场参观\n时间; 2026年10月15日 10:00-11:30\n地点; 公司展厅\n"
               "投资者关系活动主要内容介绍\n\n答：2026年前三季度，公司实现营业收入5.12亿元，同比增长14.2%。\n")
    assert r.data["date"] == "2026-10-15"
