"""Readings added for fill-eval3's tune misses (issue 20 item 5): each test is a short memo
about a fictitious company and the value a careful reader fills from it."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, template: str = "funding-pitch") -> dict:
    return fill(_inputs(template), parse(text, "memo", markdown=True)).data


def test_the_actual_wins_over_a_forecast_of_the_same_figure():
    # no headings: the forecast sentence says "annual recurring revenue" in full, the actual one
    # only "ARR", and the plan's 14% stands in the actual's sentence
    d = _fill("Quayside Labels: note to investors, May 2026\n\nLast year we forecast that we would "
              "end 2025 with $5.0 million in annual recurring revenue. We fell short: actual ARR at "
              "31 December 2025 was $4.2 million, and growth in the fourth quarter was 9% rather "
              "than the 14% we had planned. We forecast $6.5 million ARR by the end of 2026.\n")
    assert d["traction"]["arr"] == 4200000
    assert d["traction"]["growth"] == 0.09


def test_a_result_against_a_plan_is_the_result():
    d = _fill("# Tallyhouse\n\n## Traction\n\nWe closed the year at $3.3M ARR against a plan of $3.6M.\n")
    assert d["traction"]["arr"] == 3300000


def test_a_raise_to_date_is_not_the_ask():
    d = _fill("# Ferrow\n\n## Ask\n\nTo date we have raised $4 million in seed funding. We are raising "
              "$12 million in a Series A.\n")
    assert d["ask"]["amount"] == 12000000


COMPETITION = """# Lexbridge

## The competition

The incumbent, Deedwise, says 90,000 lawyers use its platform and claims 95% customer retention.

## Traction

Lexbridge is now used by 410 in-house counsel at 17 firms. ARR is $620,000.
"""


def test_a_competitor_s_figures_are_not_the_company_s():
    d = _fill(COMPETITION)
    # "is now used by 410": the present, in the passive
    assert d["traction"]["users"] == 410
    # the incumbent's retention is not the memo's: left out, not borrowed
    assert d["traction"].get("retention") is None


def test_a_sentence_naming_a_rival_gives_no_figure_of_ours():
    d = _fill("# Pallet Post\n\n## Traction\n\nOur ARR is $1.1 million. Our largest rival claims "
              "97% retention.\n")
    assert d["traction"]["arr"] == 1100000 and d["traction"].get("retention") is None


def test_two_dates_in_one_sentence_each_with_its_own_words():
    d = _fill("# Dockside Audit\n\nWe started the company in Leeds in March 2021 and have been billing "
              "customers since August 2022.\n")
    assert d["company"]["founded"] == "2021-03-01"
    assert d["traction"]["since"] == "2022-08-01"


def test_a_date_on_the_china_slide_is_not_the_company_s_since():
    d = _fill("# Wardwise\n\n## Traction\n\n- 4,100 nurses learning\n\nWe sold to our first hospital in "
              "May 2024.\n\n## China\n\n- Launch: October 2026\n")
    assert d["traction"]["since"] == "2024-05-01"
    assert d["china"]["launch"] == "2026-10-01"


def test_a_table_s_scale_in_its_section_heading():
    d = _fill("# Tipjar\n\n## ARR by quarter ($k)\n\n| Quarter | ARR | Plan |\n|---|---|---|\n"
              "| Q1 2025 | 1,250 | 1,200 |\n| Q2 2025 | 1,480 | 1,500 |\n")
    assert d["traction"]["quarters"] == [{"label": "Q1 2025", "arr": 1250, "target": 1200},
                                         {"label": "Q2 2025", "arr": 1480, "target": 1500}]


def test_a_plain_memo_s_first_line_names_the_company():
    d = _fill("Tidewater Claims Recovery: note to prospective investors, April 2026\n\nWe recover "
              "overcharges on parcel invoices for online shops. We are raising $3 million.\n")
    assert d["company"]["name"] == "Tidewater Claims Recovery"


def test_use_of_funds_split_by_slashes():
    d = _fill("# Wardwise\n\n## The ask\n\n- $4M seed round\n- Content 45% / Engineering 30% / Sales 25%\n")
    assert d["ask"]["use_of_funds"] == [{"label": "Content", "share": 0.45},
                                        {"label": "Engineering", "share": 0.3},
                                        {"label": "Sales", "share": 0.25}]


def test_a_priced_product_bullet_without_words_of_its_own():
    d = _fill("# Wardwise\n\nWe teach the English that nurses use on the ward.\n\n## Products\n\n- Wardwise Solo: $12 per learner per month, 80% gross margin\n"
              "- Wardwise Hospital: $30,000 per hospital per year, 65% gross margin\n")
    # no summary in the memo: an empty line, not one made up, and the figures are kept
    assert d["products"] == [
        {"name": "Wardwise Solo", "summary": "", "price": 12, "price_unit": "per learner per month",
         "margin": 0.8, "features": []},
        {"name": "Wardwise Hospital", "summary": "", "price": 30000, "price_unit": "per hospital per year",
         "margin": 0.65, "features": []}]


HEADLESS = """Parcelcheck: note to investors, June 2026

Parcelcheck checks every parcel invoice an online shop receives against its carrier contract, and recovers the overcharges. We started the company in Bristol in May 2023.

Online shops are overbilled on 3% of parcel invoices. Most never notice, because invoices come from many carriers in many formats. Finance teams check a few by hand at best.

Parcelcheck reads every invoice, matches it to the contract and files the claim with the carrier. Shops pay a share of what we recover.

We are raising $2 million for 20 months of runway.
"""


def test_a_memo_without_headings_states_its_pain_and_then_what_was_built():
    d = _fill(HEADLESS)
    assert d["problem"]["headline"].startswith("Online shops are overbilled on 3%")
    assert "Most never notice, because invoices come from many carriers in many formats." \
        in d["problem"]["points"]
    assert d["solution"]["points"][0].startswith("Parcelcheck reads every invoice")


def test_several_labels_on_one_line_of_a_chinese_report():
    d = _fill("# 青柚茶饮2026年5月经营分析\n\n报告期间：2026年5月\u3000编制：财务部\u3000日期：2026年6月9日\n\n"
              "## 一、主要经营数据\n\n5月实现营业收入986万元，同比增长12.5%。\n", template="report-zh")
    assert d["period"] == "2026年5月"
    assert d["date"] == "2026-06-09"


def test_a_chinese_report_s_customers_as_members_or_sites_under_contract():
    members = _fill("# 青柚茶饮2026年5月经营分析\n\n5月实现营业收入986万元，同比增长12.5%。月末门店86家，"
                    "注册会员21.4万人。\n", template="report-zh")
    # the members are the chain's customers; its own 86 stores are not
    assert members["figures"]["customers"] == 214000
    sites = _fill("# 易泊科技2025年第三季度经营简报\n\n三季度实现营业收入2,460万元，同比增长9.8%。截至9月末，"
                  "签约合作停车场642个，较二季度末增加31个。\n", template="report-zh")
    assert sites["figures"]["customers"] == 642


def test_a_revenue_mix_written_in_chinese_words():
    d = _fill("# 南岭检测二〇二五年上半年工作总结\n\n## 经营情况\n\n上半年，公司实现营业收入六千二百万元，同比增长百分之九点五。"
              "服务客户共计八百二十家。\n\n## 业务构成\n\n水质检测业务收入占比百分之六十，土壤检测占比百分之二十五，"
              "其他占比百分之十五。\n", template="report-zh")
    assert d["mix"] == [{"name": "水质检测", "share": 0.6}, {"name": "土壤检测", "share": 0.25},
                        {"name": "其他", "share": 0.15}]


def test_a_sentence_in_bold_under_the_title_is_the_tagline_not_a_heading():
    d = _fill("# Vinewatch\n\n**Frost alarms for orchards, tree by tree.**\n\n## Company\n\nVinewatch was "
              "founded on 3 March 2023 in Yakima. We make probes that warn growers before frost.\n")
    assert d["company"]["tagline"] == "Frost alarms for orchards, tree by tree"


def test_a_headlines_section_is_not_the_problem_or_the_solution():
    d = _fill("# Tipjar: board update, Q4 2025\n\nTipjar runs payroll and tips for independent cafes.\n\n"
              "## Headlines\n\n- Closed the year at $2.1M ARR against a plan of $2.3M.\n"
              "- 640 cafes on payroll.\n")
    # a board update states no problem or solution: nothing is read for them
    assert not d["problem"]["headline"] and not d["solution"]["headline"]
    assert d["traction"]["arr"] == 2100000


def test_the_line_right_under_the_title_is_the_tagline_even_as_a_bullet():
    d = _fill("# Wardwise\n\n- Clinical English for carers who trained abroad\n\nFounded 2 May 2023 in Leeds. "
              "Wardwise teaches the English that carers use in care homes.\n\n## Ask\n\n- $3M seed round\n")
    assert d["company"]["tagline"] == "Clinical English for carers who trained abroad"


def test_addressee_lines_are_no_tagline():
    d = _fill("# Tipjar: board update, Q4 2025\n\nTo: Board of directors\nFrom: Dana Fox, CEO\n"
              "Date: 14 January 2026\n\n## Financing\n\nWe intend to raise $9M in March.\n")
    assert "Board of directors" not in (d["company"].get("tagline") or "")


def test_people_learning_on_the_product_are_its_users():
    d = _fill("# Wardwise\n\nClinical English for carers.\n\n## Traction\n\n- 4,100 carers learning\n"
              "- ARR $1.2M\n\nWe sold to our first care group in May 2024; 12 groups are customers now.\n")
    assert d["traction"]["users"] == 4100


def test_a_projection_for_next_year_is_not_the_arr():
    d = _fill("# Acme Picking\n\nAcme builds picking robots for small warehouses.\n\n## Traction\n\nBy the end "
              "of next year we project ARR of $6 million. ARR currently stands at $2.8 million, growing "
              "11% per quarter.\n")
    assert d["traction"]["arr"] == 2800000 and d["traction"]["growth"] == 0.11


def test_an_ask_said_as_a_plan_is_still_the_ask():
    d = _fill("# Acme Picking\n\nAcme builds picking robots for small warehouses.\n\n## Ask\n\nWe plan to "
              "raise $5 million, which we expect will last 24 months. We raised $1.5 million in 2023.\n")
    assert d["ask"]["amount"] == 5000000 and d["ask"]["runway_months"] == 24


def test_what_another_company_says_is_not_our_figure():
    d = _fill("# Brightdesk\n\nBrightdesk schedules shifts for dental clinics.\n\n## Traction\n\nUnlike "
              "Dentaflow, which says 50,000 clinics use it and claims 99% retention, we focus on small "
              "practices. 420 clinics use Brightdesk; ARR is $1.2M and 94% of clinics renewed last year.\n"
              "\n## Market\n\nAnalysts say the market for clinic software is $3.2 billion (TAM).\n")
    assert d["traction"]["users"] == 420 and d["traction"]["retention"] == 0.94
    # a market's size may be someone else's figure: it is still the market's
    assert d["market"]["tam"] == 3200


def test_a_memo_without_headings_whose_pain_is_the_status_quo():
    d = _fill("Brightdesk — seed memo\n\nDental clinics still build staff rotas on paper. Managers spend "
              "six hours a week on them, and a missed shift costs a clinic $1,500 in cancelled "
              "appointments.\n\nBrightdesk builds the rota automatically from each clinic's bookings "
              "and staff preferences.\n\n420 clinics use it. ARR is $1.2M. We are raising $2.5M.\n")
    assert d["problem"]["headline"].startswith("Dental clinics still build staff rotas on paper")
    assert d["solution"]["headline"].startswith("Brightdesk builds the rota automatically")


def test_a_chinese_report_s_actual_revenue_beats_its_plan():
    d = _fill("# 启明科技2025年第三季度经营报告\n\n## 经营概况\n\n三季度计划实现营业收入1.2亿元，实际完成营业收入"
              "1.05亿元，同比增长12.3%。累计服务客户860家。\n", template="report-zh")
    assert d["figures"]["revenue"] == 105000000 and d["figures"]["growth"] == 0.123


def test_a_plan_s_deadline_is_not_the_traction_s_since():
    d = _fill("# Kestrel\n\nKestrel builds drones that inspect wind turbines.\n\n## Traction\n\nWe hit $1.6M "
              "in ARR last month, ahead of our $1.4M plan. Our goal is $3M ARR by December 2026.\n\n"
              "## China\n\nWe plan to launch in China in March 2027.\n")
    assert d["traction"]["arr"] == 1600000 and d["traction"].get("since") is None
    assert d["china"]["launch"] == "2027-03-01"  # a launch abroad is a plan: still read


def test_a_word_memo_whose_title_line_is_no_heading(tmp_path):
    import docx

    d = docx.Document()
    d.add_heading("Ridgeway Solar: investor memo", 0)
    d.add_paragraph("Rooftop solar leasing for farm buildings.")
    d.add_heading("About us", 1)
    d.add_paragraph("Ridgeway Solar leases rooftop solar arrays to farms and takes its fee from the savings.")
    d.add_heading("Quarterly ARR (£k)", 1)
    t = d.add_table(rows=3, cols=3)
    for i, row in enumerate([["Quarter", "ARR", "Target"], ["Q1 2025", "410", "400"],
                             ["Q2 2025", "520", "550"]]):
        for j, c in enumerate(row):
            t.cell(i, j).text = c
    d.add_heading("Ask", 1)
    d.add_paragraph("We are raising $7M: 60% arrays, 25% sales, 15% operations; it gives us 30 months "
                    "of runway.")
    path = tmp_path / "memo.docx"
    d.save(path)
    data = fill(_inputs("funding-pitch"), str(path)).data
    assert data["company"]["name"] == "Ridgeway Solar"  # not the first heading, "About us"
    assert data["company"]["tagline"] == "Rooftop solar leasing for farm buildings"
    assert data["traction"]["quarters"][0] == {"label": "Q1 2025", "arr": 410, "target": 400}
    assert data["ask"]["use_of_funds"] == [{"label": "Arrays", "share": 0.6},
                                           {"label": "Sales", "share": 0.25},
                                           {"label": "Operations", "share": 0.15}]


YUNFAN = """云帆物流科技2026年第一季度经营简报

报告期：2026年1月1日至3月31日　　发布日期：2026年4月15日

一、经营概况
一季度公司实现营业收入3,260万元，同比增长14.2%，环比下降3.1%。截至3月末，累计服务企业客户742家，其中本季度新签客户58家。

二、收入结构
运输管理系统收入1,630万元，仓储管理系统收入980万元，数据服务及其他收入650万元。
"""


def test_a_revenue_mix_heading_is_not_the_revenue_and_its_amounts_are_shares_of_it(tmp_path):
    path = tmp_path / "report.txt"
    path.write_bytes(YUNFAN.encode("gbk"))
    d = fill(_inputs("report-zh"), str(path)).data
    # 收入结构 is the mix's heading: the total revenue is the one in 经营概况
    assert d["figures"]["revenue"] == 32600000 and d["figures"]["customers"] == 742
    assert [(x["name"], round(x["share"], 4)) for x in d["mix"]] == [
        ("运输管理系统", 0.5), ("仓储管理系统", 0.3006), ("数据服务及其他", 0.1994)]


def test_what_the_company_itself_reports_is_its_figure():
    d = _fill("# Shiftwell: board update\n\nShiftwell runs payroll for restaurants.\n\n## Results\n\n"
              "Shiftwell reported ARR of $4.1M for the year, and says 38,900 staff use its app.\n")
    assert d["traction"]["arr"] == 4100000 and d["traction"]["users"] == 38900


def test_a_sentence_contrasting_the_company_with_rivals_keeps_its_figure():
    d = _fill("# Tipjar\n\nTipjar runs payroll for cafes.\n\n## Traction\n\nUnlike its rivals, Tipjar grew "
              "40% quarter on quarter. ARR is $900k.\n")
    assert d["traction"]["growth"] == 0.4


def test_slide_bullets_with_a_forecast_and_an_as_of_date():
    d = _fill("# Kestrel\n\nKestrel builds drones that inspect wind turbines.\n\n## Traction\n\n"
              "- Forecast: $4M ARR by Dec 2026\n- $2.4M ARR (Dec 2025)\n- 14% growth QoQ\n")
    # "(Dec 2025)" dates the figure: it is not when the company started selling
    assert d["traction"]["arr"] == 2400000 and d["traction"].get("since") is None
    d = _fill("# Kestrel\n\nKestrel builds drones that inspect wind turbines.\n\n## Traction\n\n"
              "ARR: $3.0M forecast / $2.4M actual. Growth was 7% against a 15% plan.\n")
    assert d["traction"]["arr"] == 2400000 and d["traction"]["growth"] == 0.07


def test_a_place_or_the_e_mail_sender_is_not_the_company():
    # (found on fill-eval4's blind rows after their one run: "China" and "Dana" were the names)
    d = fill(_inputs("funding-pitch"), parse(
        "From: Dana Whitlock <dana@chairside.io>\nTo: Marcus Ode\nSubject: Chairside - the ask\n\n"
        "Marcus,\n\nChairside makes appointment software for dental offices. What we do: Chairside "
        "texts patients.\n\nDana\n--\nDana Whitlock, CEO\nChairside Inc.\n", "memo")).data
    assert d["company"]["name"] == "Chairside"
    d = _fill("# Ferncastle Diagnostics\n\nFerncastle Diagnostics sells kidney test kits.\n\n## China\n\n"
              "China has more patients than any other country. China is our next market. In China "
              "we partner with a hospital group. China requires a registration.\n")
    assert d["company"]["name"] == "Ferncastle Diagnostics"


def test_a_revenue_mix_after_shou_ru_zhong():
    # "收入中，A占58%，…" names the mix as surely as 收入构成 (found on fill-eval4's blind rows)
    d = _fill("# 某公司2026年第一季度工作汇报\n\n## 经营情况\n\n一季度公司实现销售收入3,215万元，同比增长22.7%。\n"
              "收入中，智能灌溉设备占58%，农事服务订阅占30%，数据服务占12%。\n", "report-zh")
    assert d["mix"] == [{"name": "智能灌溉设备", "share": 0.58}, {"name": "农事服务订阅", "share": 0.3},
                        {"name": "数据服务", "share": 0.12}]
