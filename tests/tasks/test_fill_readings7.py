"""Readings added after fill-eval5's tune part (issue 20 item 5): short Chinese reports about
fictitious companies and the values a careful reader fills from them."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False) -> dict:
    inputs = _inputs("report-zh")
    return fill(inputs, parse(text, "report", markdown=markdown)).data


def test_a_weekly_report_with_numbered_headings_a_dotted_period_and_a_channel_mix():
    d = _fill("杭州木舟家居有限公司 运营周报\n（2026.5.4-2026.5.8）\n\n1. 本周销售\n"
              "本周全平台销售额320.5万元，环比增长3.1%。天猫旗舰店贡献最大，占全部销售额的55%；"
              "京东占30%；抖音小店占15%。\n\n2. 客户与评价\n本周活跃买家约2.4万人，好评率97.1%。\n\n"
              "3. 下周计划\n上架夏季新品8款。\n\n运营部 2026.5.8\n")
    assert d["period"] == "2026.5.4-2026.5.8"
    assert d["date"] == "2026-05-08"
    assert [s["heading"] for s in d["sections"]] == ["1. 本周销售", "2. 客户与评价", "3. 下周计划"]
    assert d["figures"]["customers"] == 24000
    assert d["mix"] == [{"name": "天猫旗舰店", "share": 0.55}, {"name": "京东", "share": 0.3},
                        {"name": "抖音小店", "share": 0.15}]


def test_a_week_named_in_the_title_and_a_mix_by_revenue_in_prose():
    d = _fill("# 云栖面包2026年第18周运营周报\n\n统计周期：2026年4月27日—5月3日　　日期：2026年5月4日\n\n"
              "## 一、本周经营概况\n\n本周实现营业收入120.4万元，同比增长12.5%。\n\n## 二、收入结构\n\n"
              "按收入划分，现烤面包占60%，蛋糕占30%，饮品占10%。\n", markdown=True)
    assert d["period"] in ("2026年第18周", "2026年4月27日—5月3日")
    assert [m["name"] for m in d["mix"]] == ["现烤面包", "蛋糕", "饮品"]
    assert [m["share"] for m in d["mix"]] == [0.6, 0.3, 0.1]


def test_a_numbered_list_of_figures_is_no_heading():
    d = _fill("公司经营简报\n\n1. 收入120万元。\n2. 客户300家。\n\n本月经营平稳，收入120万元。\n")
    assert all(not s.get("heading", "").startswith(("1.", "2.")) for s in d.get("sections", []))


def test_a_half_year_summary_keeps_the_result_over_a_full_year_target():
    d = _fill("绵州米香食品有限公司2026年上半年工作总结\n\n一、经营业绩\n\n"
              "上半年公司实现销售收入2.16亿元，同比增长9.4%，完成年度计划的46%。其中，米粉收入占64%，"
              "米饼占26%，其他产品占10%。\n\n二、渠道建设\n\n截至6月底，合作经销商512家，较年初净增40家；"
              "线上旗舰店销售额同比增长37%。\n\n三、下半年工作计划\n\n一是抓住销售旺季，确保全年销售收入达到4.7亿元；"
              "二是新增经销商60家。\n\n总经理办公室\n\n2026年7月9日\n")
    f = d["figures"]
    assert f["revenue"] == 216000000 and f["growth"] == 0.094 and f["customers"] == 512
    assert [m["share"] for m in d["mix"]] == [0.64, 0.26, 0.1]


def _pitch(text: str) -> dict:
    inputs = _inputs("funding-pitch")
    return fill(inputs, parse(text, "memo", markdown=False)).data


def test_a_board_update_reads_the_result_after_a_missed_plan_and_app_users():
    d = _pitch("Vinewell - Q2 2026 board update\n\nSummary\n\nVinewell schedules pruning crews for vineyards. "
               "We missed plan in Q2: ARR closed at $1.74M against a plan of $1.90M, because one estate "
               "delayed its roll-out.\n\nUsage\n\n- 3,200 seasonal workers booked shifts through the app in Q2\n")
    assert d["traction"]["arr"] == 1740000
    assert d["traction"]["users"] == 3200


def test_an_email_names_its_company_after_a_colon_and_a_price_is_no_runway():
    d = _pitch("From: Ola Brandt <ola@ferrowind.io>\nTo: Ferrowind angels\nSubject: June numbers\n\n"
               "Hi everyone,\n\nFor the newer folks on this list: Ferrowind is invoicing software for "
               "wind-farm technicians.\n\nFerrowind Pro, at $25 a month, covers unlimited invoices.\n\nOla\n")
    assert d["company"]["name"] == "Ferrowind"
    assert not d.get("ask", {}).get("runway_months")


def test_a_byline_is_no_tagline_and_customers_who_have_used_it_are_users():
    d = _pitch("Plumline - Q1 2026 board update\n\nPrepared by Ada Korsak (CEO) for the board meeting of 20 April 2026.\n\n"
               "Summary\n\nPlumline books window cleaners for offices. About four thousand customers have used "
               "Plumline at least twice.\n")
    assert "Prepared" not in (d["company"].get("tagline") or "")
    assert d["traction"]["users"] == 4000


def test_a_status_report_against_plan_is_no_problem_statement():
    d = _pitch("Plumline - Q1 2026 board update\n\nSummary\n\nPlumline books window cleaners for offices. "
               "We missed plan in Q1: ARR closed at $1.2M against a plan of $1.4M, because one landlord "
               "paused. ARR still grew 6% on Q4.\n\nCash\n\nCash on hand is $2.0M.\n")
    for part in ("problem", "solution"):
        assert "ARR" not in (d.get(part, {}).get("headline") or "")
        assert not any("ARR" in p for p in d.get(part, {}).get("points") or [])


def test_started_shipping_is_the_start_of_business_not_the_founding():
    d = _pitch("Tidereel Materials - investor memo\n\nTidereel Materials makes compostable trays from kelp. "
               "The company was incorporated in Halifax on 4 May 2022 and started shipping trays to "
               "customers in March 2024.\n")
    assert d["company"]["founded"] == "2022-05-04"
    assert d["traction"]["since"] == "2024-03-01"


def test_the_part_of_a_market_targeted_by_a_year_is_the_som_and_an_arr_target_is_not():
    d = _pitch("Ferrowind - investor memo\n\nMarket\n\nThe market for wind-farm invoicing is $4 billion worldwide. "
               "Our serviceable market is $600 million; we target $30 million of it by 2030.\n\nTraction\n\n"
               "ARR is $800k.\n")
    assert d["market"]["som"] == 30
    d = _pitch("Ferrowind - investor memo\n\nMarket\n\nThe market for wind-farm invoicing is $4 billion worldwide.\n\n"
               "Traction\n\nARR is $800k. We target $2M ARR by 2027.\n")
    assert "som" not in d["market"]


def test_a_salutation_is_no_section_heading():
    for salutation in ("王总：", "各位董事：", "尊敬的各位股东："):
        d = _fill("远帆物流2026年第一季度董事会汇报\n\n" + salutation + "\n\n现将一季度经营情况汇报如下。\n\n"
                  "1、主要经营指标\n一季度实现营业收入2.3亿元，同比增长8.1%。\n\n2、下季度计划\n推进华南仓建设。\n")
        assert [s["heading"] for s in d["sections"]] == ["1、主要经营指标", "2、下季度计划"]
    d = _fill("经营月报\n\n数据汇总\n\n本月实现营业收入120万元。\n")
    assert [s["heading"] for s in d["sections"]] == ["数据汇总"]


def test_the_second_line_of_a_title_is_no_section():
    d = _fill("华岳冷链物流有限公司\n2026年3月经营简报\n\n3月份公司实现营业收入1.26亿元，同比增长9.8%。\n\n"
              "客户方面，截至月末累计服务企业客户3,412家。\n\n经营管理部\n2026年4月8日\n")
    assert d["title"] == "华岳冷链物流有限公司2026年3月经营简报"
    assert not any(s.get("heading") == "2026年3月经营简报" for s in d.get("sections") or [])


def test_an_faq_has_its_bold_questions_as_headings_and_a_first_sale_is_no_founding():
    md = ("# Hemline: questions we get asked\n\n**What is Hemline?**\nHemline repairs zips on jackets "
          "picked up from your door.\n\n**How does it work?**\nYou book a pickup in the app and a courier "
          "collects the jacket.\n\n**When did you start?**\nOur first pickup was on 4 June 2024, in Leeds.\n")
    doc = parse(md, "faq", markdown=True)
    assert [s.heading for s in doc.sections][1:] == ["What is Hemline?", "How does it work?",
                                                      "When did you start?"]
    inputs = _inputs("funding-pitch")
    d = fill(inputs, doc).data
    assert not d["company"].get("founded")
    assert d["traction"]["since"] == "2024-06-04"
