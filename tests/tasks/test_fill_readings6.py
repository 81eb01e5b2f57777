"""Readings added after bucketing fill-eval2/3/4's misses (issue 20 item 5): each test is a short
memo about a fictitious company and the value a careful reader fills from it (or leaves out)."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.document import numeric_dates
from tests.tasks.fill_docs import inputs as _inputs


def _run(text: str, template: str = "funding-pitch", markdown: bool = True):
    return fill(_inputs(template), parse(text, "memo", markdown=markdown))


def _fill(text: str, template: str = "funding-pitch", markdown: bool = True) -> dict:
    return _run(text, template, markdown).data


def _source(r, pointer: str) -> str:
    return next(f.source for f in r.fields if f.pointer == pointer)


def test_our_own_figures_in_a_paragraph_under_the_competition_heading():
    d = _fill("BRAMBLE - INVESTOR MEMO\n\nBramble schedules school buses.\n\nCOMPETITION\n\n"
              "Routewise, the largest rival, reports 4,000 schools and 70% renewal.\n\n"
              "We are smaller but growing faster. Today 1,300 dispatchers at 210 districts use it. "
              "ARR is $1.4M, up 9% over the last quarter, and 91% of districts renewed.\n", markdown=False)
    t = d["traction"]
    assert t["users"] == 1300 and t["arr"] == 1400000 and t["growth"] == 0.09
    assert t["retention"] == 0.91
    # the rival's paragraph gives nothing of ours
    d = _fill("BRAMBLE - INVESTOR MEMO\n\nBramble schedules school buses.\n\nCOMPETITION\n\n"
              "Routewise, the largest rival, reports 4,000 schools using it and 70% renewal.\n",
              markdown=False)
    assert "users" not in d.get("traction", {}) and "retention" not in d.get("traction", {})


def test_a_list_of_one_line_paragraphs_and_labels_after_their_shares():
    d = _fill("Copperleaf\n\nCopperleaf makes kiln controllers.\n\nFunding\n\n"
              "We are raising $2 million, which lasts 20 months:\n\nEngineering: 50%\n\n"
              "Sales and partnerships: 30%\n\nInventory: 20%\n", markdown=False)
    assert d["ask"]["use_of_funds"] == [{"label": "Engineering", "share": 0.5},
                                        {"label": "Sales and partnerships", "share": 0.3},
                                        {"label": "Inventory", "share": 0.2}]
    d = _fill("# Copperleaf\n\n## The ask\n\nWe are raising $9M:\n\n- 40% R&D on the next model\n"
              "- 35% sales in the Middle East and North Africa\n- 25% working capital\n")
    assert [x["label"] for x in d["ask"]["use_of_funds"]] == [
        "R&D on the next model", "Sales in the Middle East and North Africa", "Working capital"]


def test_partners_named_with_an_aside_each():
    d = _fill("# Tarnwell\n\nTarnwell sells soil sensors.\n\n## China\n\nWe launch in China in 2027 with two "
              "partners: Jiangsu Harvest Agri, our distributor, and Anhui Field Labs, which will run "
              "the 2.5 ha pilot.\n")
    assert d["china"]["partners"] == ["Jiangsu Harvest Agri", "Anhui Field Labs"]
    # a name followed by a sentence's verb is no list of partners with asides
    d = _fill("# Tarnwell\n\nTarnwell sells soil sensors.\n\n## China\n\nA second partner, Anhui Field "
              "Labs, will run the pilot.\n")
    assert d.get("china", {}).get("partners") != ["Anhui Field Labs", "will run the pilot"]


def test_numeric_dates_read_in_the_order_the_document_decides():
    iso = [d.iso() for d in numeric_dates("Sent 11/18/2025. Founded 03/09/2024.")]
    assert iso == ["2025-11-18", "2024-03-09"]  # 11/18 is month first, so 03/09 is 9 March
    assert [d.iso() for d in numeric_dates("Sent 18/11/2025. Founded 03/09/2024.")] == [
        "2025-11-18", "2024-09-03"]
    assert numeric_dates("Founded 03/09/2024.") == []  # nothing decides: no date is guessed
    d = _fill("From: Ana Ruiz <ana@x.io>\nDate: 11/18/2025\nSubject: Pillbox - the ask\n\nHi,\n\n"
              "Pillbox makes refill reminders for pharmacies. We were incorporated on 04/02/2024 and "
              "went live with paying pharmacies on 10/01/2024.\n")
    assert d["company"]["founded"] == "2024-04-02" and d["traction"]["since"] == "2024-10-01"


def test_a_table_column_named_by_the_heading_over_it():
    d = _fill("# Gullfoss\n\n## ARR by quarter ($K)\n\n| Quarter | Plan | Actual |\n|---|---|---|\n"
              "| Q1 2025 | 1,000 | 1,050 |\n| Q2 2025 | 1,200 | 1,150 |\n")
    assert d["traction"]["quarters"] == [{"label": "Q1 2025", "arr": 1050, "target": 1000},
                                         {"label": "Q2 2025", "arr": 1150, "target": 1200}]


def test_no_tagline_from_a_mail_header_a_date_or_the_opening():
    r = _run("From: Ana Ruiz <ana@x.io>\nTo: Investors\nSent: Tue, 2 Dec 2025\n\nHi all,\n\n"
             "Pillbox makes refill reminders for pharmacies. The company was founded on 3 May 2023.\n")
    assert _source(r, "/company/tagline") != "extractive"
    r = _run("# Pillbox - board update\n\nOctober 9, 2025\n\nPillbox makes refill reminders.\n")
    assert _source(r, "/company/tagline") != "extractive"


def test_a_tagline_in_brackets_in_quotes_or_as_what_the_company_is():
    d = _fill("Fernway - update\n\nHi all - short one.\n\nFernway (route planning for rural couriers) "
              "closed the month at $400k ARR. Fernway is hiring.\n", markdown=False)
    assert d["company"]["tagline"] == "Route planning for rural couriers"
    d = _fill("From: Ana Ruiz <ana@x.io>\n\nHi,\n\nPillbox sends refill reminders. Our one-liner is "
              "\"Never run out of your pills again.\"\n")
    assert d["company"]["tagline"] == "Never run out of your pills again"
    d = _fill("Pillbox: investor Q&A\n\nQ: What is Pillbox?\nA: Pillbox is a refill reminder for "
              "pharmacies: it texts patients. Pillbox was founded in 2023.\n", markdown=False)
    assert d["company"]["tagline"] == "A refill reminder for pharmacies"


def test_points_are_not_the_headline_again_but_a_listing_sentence_gives_them():
    r = _run("# Tidewell\n\n## The problem\n\nHarbour masters log every berth on paper.\n\n"
             "## Our solution\n\nTidewell puts the berth plan on a tablet.\n")
    assert _source(r, "/problem/points") != "extractive" and _source(r, "/solution/points") != "extractive"
    assert r.data["problem"]["headline"].startswith("Harbour masters log every berth")
    d = _fill("# Tidewell\n\n- Problem: berths are logged on paper; fees are billed weeks late; "
              "nobody sees which berths stand empty\n- Solution: a tablet berth plan\n")
    assert d["problem"]["points"] == ["Berths are logged on paper.", "Fees are billed weeks late.",
                                      "Nobody sees which berths stand empty."]


def test_the_solution_where_the_pain_paragraph_turns_to_the_company():
    d = _fill("From: Ana Ruiz <ana@x.io>\nSubject: Pillbox - update\n\nHi all,\n\nMost patients still "
              "forget a refill at least once a year, and the pharmacy finds out too late. Our app texts the "
              "patient a week before the pills run out.\n\nWe are raising $1M.\n")
    assert d["problem"]["headline"].startswith("Most patients still forget a refill")
    assert d["solution"]["headline"].startswith("Our app texts the patient")


def test_an_earlier_round_is_not_the_ask_and_a_measure_counts_no_users():
    d = _fill("# Pillbox\n\nWe're opening a $2.4M seed extension to reach 300 pharmacies. Our last "
              "round was $1.5M in 2024, so this would take total funding to $3.9M.\n")
    assert d["ask"]["amount"] == 2400000
    r = _run("# Dustoff\n\n## The problem\n\n- Water trucks use about 2 million gallons per farm.\n\n"
             "## Traction\n\nARR is $1M.\n")
    assert r.data.get("traction", {}).get("users") is None


def test_a_reports_period_and_date_from_its_title_and_a_bracketed_line():
    d = _fill("海川物流2025年预算执行情况分析\n\n一、收入\n\n全年实现营业收入3.2亿元，同比增长6.1%。\n",
              "report-zh", markdown=False)
    assert d["period"] == "2025年"
    d = _fill("工作简报（2026年第7期）\n\n海川物流 · 2026年4月2日\n\n- 3月交付项目12个。\n", "report-zh",
              markdown=False)
    assert d["period"] == "2026年第7期"
    d = _fill("海川物流2025年度工作总结\n\n（2026年1月20日董事会审议通过）\n\n一、经营情况\n\n"
              "全年实现营业收入3.2亿元，同比增长6.1%。\n", "report-zh", markdown=False)
    assert d["date"] == "2026-01-20"


def test_customers_the_actual_column_served_not_new_or_planned():
    d = _fill("海川物流2025年预算执行情况\n\n一、执行情况\n\n项目; 预算; 实际\n营业收入（亿元）; 3.50; 3.20\n"
              "合作客户（家）; 900; 861\n\n全年实现营业收入3.2亿元。\n", "report-zh", markdown=False)
    assert d["figures"]["customers"] == 861
    d = _fill("# 海川物流2026年一季度汇报\n\n## 经营情况\n\n一季度实现营业收入8,000万元，累计服务中小货主"
              "1,530家，其中新增120家。\n", "report-zh")
    assert d["figures"]["customers"] == 1530
    r = _run("# 海川物流3月简报\n\n- 3月新签客户9家。\n- 4月重点：预计参会客户60家以上。\n", "report-zh")
    assert _source(r, "/figures/customers") != "extractive"


def test_a_revenue_mix_from_amounts_in_a_table_or_with_their_changes():
    d = _fill("海川物流2026年上半年经营报告\n\n一、经营业绩\n\n上半年公司实现营业收入10,000万元，同比增长8.0%。\n\n"
              "业务板块; 收入（万元）\n整车运输; 6,000\n仓储服务; 2,500\n供应链金融; 1,500\n",
              "report-zh", markdown=False)
    assert d["mix"] == [{"name": "整车运输", "share": 0.6}, {"name": "仓储服务", "share": 0.25},
                        {"name": "供应链金融", "share": 0.15}]
    d = _fill("海川物流2025年经营情况说明\n\n全年实现营业收入2.00亿元，同比下降5.0%；其中整车运输收入1.50亿元，"
              "同比下降8.0%，仓储服务收入0.50亿元，同比增长6.0%。\n", "report-zh", markdown=False)
    assert d["mix"] == [{"name": "整车运输", "share": 0.75}, {"name": "仓储服务", "share": 0.25}]
    d = _fill("# 海川物流2026年一季度汇报\n\n## 收入结构\n\n分业务看，整车运输收入1.2亿元，占比60%；仓储服务收入"
              "0.5亿元，占比25%；供应链金融收入0.3亿元，占比15%。\n", "report-zh")
    assert d["mix"][0]["name"] == "整车运输"


def test_a_q_and_a_memo_falls_durations_markets_and_allocations():
    d = _fill("Runloop: investor Q&A, March 2026\n\nQ: What is Runloop?\nA: Runloop is a cycling coach in "
              "your helmet. The company itself dates from 2 May 2022.\n\nQ: How many people use it?\nA: "
              "18,200 monthly active riders today.\n\nQ: And revenue?\nA: ARR is $2.1 million, down 4% "
              "from the previous quarter. Twelve-month subscriber retention fell to 68%.\n\nQ: Market?\n"
              "A: The coaching market is about $3 billion (TAM) and grows 9% a year.\n\nQ: Raising?\nA: $1 "
              "million in a bridge round: 70% goes to product, 30% to retention marketing.\n",
              markdown=False)
    t = d["traction"]
    assert t["users"] == 18200 and t["growth"] == -0.04 and t["retention"] == 0.68
    assert d["company"]["founded"] == "2022-05-02"


def test_a_range_or_a_waitlist_counts_no_users():
    r = _run("# Formwork\n\n## Market\n\nOur first segment, contractors with 5 to 40 active sites, is worth "
             "$300 million (SAM).\n\n## Traction\n\nARR is $500k. 3,100 people are on the waitlist.\n")
    assert r.data.get("traction", {}).get("users") is None


def test_a_fact_sheet_with_dotted_lists_and_details_after_the_name():
    d = _fill("KILNJET: FACT SHEET\n\n- Company: Kilnjet Ltd., Leiden, founded 2020-04-01\n"
              "- Date of incorporation: 2020-04-01\n- How you solve it: a printer that fires crowns in an hour\n"
              "- Traction: NRR 112% · ARR $2.0M\n"
              "- Use of funds: manufacturing 50% · regulatory 30% · sales 20%\n", markdown=False)
    assert d["company"]["name"] == "Kilnjet Ltd." and d["company"]["founded"] == "2020-04-01"
    assert d["traction"]["retention"] == 1.12
    assert [x["share"] for x in d["ask"]["use_of_funds"]] == [0.5, 0.3, 0.2]
    assert d["solution"]["headline"].startswith("A printer that fires crowns")


def test_since_named_in_its_own_part_under_another_heading_and_subscribers():
    d = _fill("# Reedmark\n\n## About the company\n\nThe company was incorporated on 4 June 2019 in Austin, "
              "and shipped its first kits in May 2021.\n\n## Traction\n\n9,300 patients are on a "
              "subscription today, through 120 clinics. ARR is $3M.\n")
    assert d["traction"]["since"] == "2021-05-01" and d["company"]["founded"] == "2019-06-04"
    assert d["traction"]["users"] == 9300


def test_the_company_over_its_product_a_time_of_day_and_the_market_at():
    r = _run("Subject: quick update\nFrom: Ana Ruiz <ana@x.io>\n\nHey all,\n\nShort version: Vetline is doing "
             "great. Vetline connects owners to a vet over video. Most clinics close after 6 pm, and owners "
             "google symptoms at 2 am. We started Vetline in 2023 and Vetline has 9,000 users.\n\nWe sell two plans. Vetline Basic is $9.99 a "
             "month. Analysts put the US pet telehealth market at about $400 million today.\n")
    assert r.data["company"]["name"] == "Vetline"
    assert r.data["market"]["tam"] == 400
    assert r.data["market"].get("sam") is None  # "6 pm" is no market
