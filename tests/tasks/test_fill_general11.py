"""General readings of h/fill11, each tested on new short documents about fictitious companies:
a document about several companies that says which one is the user's, and more."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.scope import own_entry
from tests.tasks.fill_docs import inputs as _inputs
from tests.tasks.fill_docs import pitch as _pitch
from tests.tasks.fill_docs import report as _report

# --- 1. a programme of several companies: only the user's own entry -------------------------

_BATCH = ("From Omar Tull (founder, Lumenfold): \"Our pitch night list below: we're number 3. "
          "The others are friends from the batch.\"\n\n"
          "# Harbourline Pitch Night · Spring 2027\n\n"
          "## 1. Grisbay\n\nPayroll for ski schools. $600K ARR, 900 instructors, net revenue retention 131%. "
          "Opening in China in Q1 2028 with Snowpeak Partners. Raising $2M.\n\n"
          "## 2. Ottermill\n\nSoftware for small breweries. 1,100 brewers, $1.1M ARR, growing 9% a month. "
          "Raising $4M seed.\n\n"
          "## 3. Lumenfold\n\nLumenfold makes glare-free lighting plans for care homes.\n\n"
          "- **Traction:** 310 care homes; $2.3M ARR, up 14% last quarter\n"
          "- **Raising:** $6M seed, 24 months of runway\n")


def test_a_programme_of_several_companies_is_read_as_the_users_own_entry():
    r = _pitch(_BATCH)
    assert r.data["company"]["name"] == "Lumenfold"
    assert r.data["traction"]["arr"] == 2300000
    assert r.data["ask"]["amount"] == 6000000
    # the other entries' retention and China plans are theirs, not the user's
    assert r.data["traction"].get("retention") is None
    assert not (r.data.get("china") or {}).get("partners")


def test_the_users_entry_may_be_named_instead_of_numbered():
    text = _BATCH.replace("we're number 3", "Lumenfold is the one with the lamps")
    cut = own_entry(text)
    assert cut is not None and cut.startswith("# Lumenfold\n") and "Grisbay" not in cut


def test_a_programme_that_does_not_say_which_entry_is_the_users_is_read_whole():
    text = _BATCH.replace("we're number 3. The others are friends from the batch.", "see you there.")
    text = text.replace("(founder, Lumenfold)", "(organiser)")
    assert own_entry(text) is None


def test_a_numbered_list_of_lines_is_no_programme():
    text = ("We're number 1 in our region.\n\n1. Revenue grew in every month of 2026\n"
            "2. Churn fell to 2%\n3. Hiring is on plan\n")
    assert own_entry(text) is None


def test_a_chinese_programme_says_which_entry_is_ours():
    text = ("转发：路演名单如下，我们是第2个，其余两家是同期的。\n\n"
            "## 1. 青柠出行\n\n共享单车调度软件，2026年营业收入8,000万元，同比增长30%。\n\n"
            "## 2. 禾光照明\n\n养老机构照明方案，2026年营业收入1.2亿元，同比增长18%。\n\n"
            "## 3. 石岸科技\n\n港口调度系统，2026年营业收入3.4亿元，同比增长41%。\n")
    cut = own_entry(text)
    assert cut is not None and cut.startswith("# 禾光照明") and "青柠" not in cut and "石岸" not in cut
    r = _report(text, markdown=True)
    assert r.data["figures"]["revenue"] == 120000000
    assert r.data["figures"]["growth"] == 0.18


# --- 2. transcripts: turns without their time and speaker; a question states nothing -------

_CALL = ("# Transcript — Brookfern Capital partner call, 3 March 2027\n\n"
         "*Automatic transcript. Speakers: Ada Moss (partner, Brookfern), Tomas Reyes (CEO, Quirelle), "
         "Ines Park (CTO, Quirelle).*\n\n"
         "**[00:00:10] Ada Moss:** Tell us what you do.\n\n"
         "**[00:00:14] Tomas Reyes:** Quirelle schedules cleaning crews for hotels so rooms are ready sooner.\n\n"
         "**[00:01:20] Ada Moss:** Anything in China? Hotels there are huge.\n\n"
         "**[00:01:25] Tomas Reyes:** Not this year. Spain first.\n\n"
         "**[00:02:05] Ines Park:** We run in 140 hotels.\n")


def test_a_transcripts_company_is_the_one_its_speakers_work_for():
    r = _pitch(_CALL)
    assert r.data["company"]["name"] == "Quirelle"


def test_a_question_in_a_transcript_is_no_china_headline():
    r = _pitch(_CALL)
    assert not (r.data.get("china") or {}).get("headline")


def test_a_transcripts_timestamps_are_no_figures():
    doc = parse(_CALL, "call", markdown=True)
    assert "00:01:20" not in doc.text and "Ada Moss:" not in doc.text
    assert "Quirelle schedules cleaning crews" in doc.text
    assert not any(m.raw in ("20", "25", "05") for m in doc.mentions)


def test_a_chinese_transcript_line_keeps_what_is_said():
    doc = parse("会议纪要\n\n[00:01:10] 王芳：三季度营收8,200万元。\n\n[00:02:00] 李强：同比增长15%？\n\n"
                "[00:02:05] 王芳：对，同比增长15%。\n", "t", lang="zh")
    assert "王芳：" not in doc.text and "三季度营收8,200万元。" in doc.text


# --- 3. a crowdfunding page: its target is the ask, the money raised so far is not ----------


def test_the_money_raised_so_far_is_not_the_ask_but_the_target_is():
    r = _pitch("# Invest in Dapplewick\n\n**$240,000** raised of a **$500,000** target · 48% · 300 investors\n\n"
               "Dapplewick makes refillable candle tins. 3,100 households subscribe.\n")
    assert r.data["ask"]["amount"] == 500000
    assert r.data["company"]["name"] == "Dapplewick"
    assert r.data["traction"]["users"] == 3100


def test_an_amount_already_committed_is_not_the_ask():
    r = _pitch("# Pellmore seed round\n\nPellmore is raising a seed round. £80,000 committed so far "
               "towards a £300,000 funding goal.\n")
    assert r.data["ask"]["amount"] == 300000


# --- 4. market sizes said without "TAM" --------------------------------------------------


def test_a_market_said_to_be_worth_an_amount_is_the_tam():
    r = _pitch("# Corvane\n\nCorvane sells shelf sensors to grocers. The grocery shelf-sensor market in Europe "
               "is worth $2.4 billion a year.\n")
    assert r.data["market"]["tam"] == 2400


def test_a_market_the_document_says_is_not_its_own_is_no_tam():
    r = _pitch("# Corvane\n\nCorvane sells shelf sensors to grocers. Our market is $900 million (TAM). "
               "For context, the retail software market is worth $40 billion; not our market.\n")
    assert r.data["market"]["tam"] == 900


def test_a_bare_market_label_gives_the_whole_market():
    r = _pitch("# Corvane\n\nCorvane sells shelf sensors to grocers.\n\n- **Market:** $2.1B in Europe\n"
               "- **Raising:** $4M seed\n")
    assert r.data["market"]["tam"] == 2100


def test_a_market_label_about_the_part_it_serves_is_no_tam():
    r = _pitch("# Corvane\n\nCorvane sells shelf sensors to grocers.\n\n- **Market:** $300M we can serve today\n")
    assert (r.data.get("market") or {}).get("tam") is None


# --- 5. corrections said without the unit, or among other figures ------------------------


def test_a_spoken_correction_without_the_unit_keeps_the_earlier_figures_scale():
    r = _pitch("# Call notes — Velliray\n\nVelliray sells pump monitors to water utilities.\n\n"
               "Maya: ARR is 3.1 million dollars, across 40 utilities.\n\n"
               "Dev: Sorry, let me correct that, it's 2.9. The 3.1 counts a contract that starts in May.\n")
    assert r.data["traction"]["arr"] == 2900000


def test_a_bare_figure_that_repeats_nothing_corrects_nothing():
    r = _pitch("# Velliray\n\nVelliray sells pump monitors to water utilities. ARR is $3.1M.\n\n"
               "Sorry for the delay: we now have 2.9 times more pilots than last year.\n")
    assert r.data["traction"]["arr"] == 3100000


def test_a_chinese_correction_among_several_figures_replaces_the_one_for_the_same_words():
    r = _report("【会议记录】青禾物流9月经营会\n\n会议时间：2026年10月8日\n\n周宁 00:00:30\n9月营业收入是2.40亿元，同比增长15%。\n\n"
                "周宁 00:01:10\n我更正一下。刚才的2.40亿元含了代收货款0.12亿元，不含的话9月营业收入是2.28亿元，同比增长9.2%。\n")
    assert r.data["figures"]["revenue"] == 228000000
    assert r.data["figures"]["growth"] == 0.092


def test_an_english_correction_among_several_figures_replaces_the_one_for_the_same_words():
    r = _pitch("# Orlin Bikes update\n\nOrlin Bikes rents e-bikes to couriers. Revenue run-rate is $4.2M, "
               "net revenue retention 118%.\n\n"
               "Correction: the $4.2M included $0.3M of one-off setup fees; run-rate is $3.9M, "
               "net revenue retention 112%.\n")
    assert r.data["traction"]["arr"] == 3900000
    assert r.data["traction"]["retention"] == 1.12


# --- 6. a label/value table with prose in some rows -----------------------------------------

_ONE_PAGER = ("Tessel Grid — one-pager\n\nCompany; Tessel Grid Ltd, Bristol\n\nFounded; 2 June 2022\n\n"
              "Annual recurring revenue; $2.2M\n\nNet revenue retention; 117%\n\n"
              "China; Factories in the Pearl River Delta pay peak tariffs for power they could shift. "
              "Launch: May 2027, with Lingnan Power Services and Foshan Grid Tech as partners.\n\n"
              "The raise; $6M seed\n\nContact: Ana Bell, CEO\n")


def test_a_prose_row_of_a_label_value_table_is_a_section_under_its_label():
    doc = parse(_ONE_PAGER, "one-pager")
    assert any(s.heading == "China" and "Lingnan Power Services" in s.text for s in doc.sections)
    # the table's other rows stay a table
    assert any(["Net revenue retention", "117%"] in t.rows for t in doc.tables)
    r = fill(_inputs("funding-pitch"), doc)
    assert r.data["china"]["launch"] == "2027-05-01"
    assert r.data["china"]["partners"] == ["Lingnan Power Services", "Foshan Grid Tech"]
    assert r.data["traction"]["arr"] == 2200000


def test_three_label_rows_are_no_table_to_rearrange():
    text = "Tessel Grid\n\nCompany; Tessel Grid Ltd\n\nChina; We sell in China. We like it there.\n\nARR; $2M\n"
    assert parse(text, "x").text.index("China") < parse(text, "x").text.index("ARR")


# --- 7. a feature story: masthead and byline are no title, heading or period ----------------

_FEATURE = ("《禾风通讯》2026年第8期　员工风采\n\n两年开出三十家药房——禾风医药的社区之路\n\n"
            "文／本刊记者　林小舟　　2026年9月15日\n\n傍晚六点，社区药房里依然排着队。\n\n"
            "■ 从一家到三十家\n\n2024年5月，禾风医药开出了第一家社区药房。\n\n"
            "■ 经营数据\n\n2026年1—8月，禾风医药实现营业收入1.26亿元，同比增长21%。\n\n"
            "■ 下一步\n\n明年计划再开二十家。\n")


def test_a_feature_storys_headline_is_its_title_and_its_byline_no_section():
    r = _report(_FEATURE)
    assert r.data["title"] == "两年开出三十家药房——禾风医药的社区之路"
    heads = [s["heading"] for s in r.data["sections"]]
    assert heads[0] == "■ 从一家到三十家" and not any("本刊记者" in h or "第8期" in h for h in heads)


def test_the_period_is_the_one_the_figures_are_for_not_an_issue_or_an_events_month():
    r = _report(_FEATURE)
    assert r.data["period"] == "2026年1—8月"


def test_a_year_before_the_revenue_is_the_period_over_a_founding_month():
    r = _report("云杉家居招商推介\n\n公司成立于2018年3月，总部位于成都。\n\n2025年营业收入4.2亿元，同比增长12%。\n")
    assert r.data["period"] == "2025年"


def test_an_english_byline_is_no_heading():
    doc = parse("Harbour Post · Issue 14\n\nHow Quayline doubled its fleet\n\nBy Dana Kerr, staff writer\n\n"
                "Quayline runs electric ferries. Revenue grew 40% in 2026.\n", "x")
    assert doc.title == "How Quayline doubled its fleet"
    assert not any(s.heading.startswith(("By Dana", "Harbour Post")) for s in doc.sections)


# --- 8. a Chinese recording transcript: speaker lines, the meeting's date, a list with its 合计 --

_MEETING = ("【录音转写】青石物业2026年9月经营分析会\n\n会议时间：2026年10月9日 09:30—10:40\n"
            "参会人：陈立（总经理）、孙悦（财务部）\n\n陈立 00:00:10\n先说9月的数据。\n\n"
            "孙悦 00:00:25\n9月营业收入是6,400万元，同比增长8%。\n\n陈立 00:01:05\n分业务说一下。\n\n"
            "孙悦 00:01:12\n物业服务3,200万元，停车管理1,920万元，社区零售1,280万元，合计6,400万元。\n")


def test_a_chinese_transcripts_speaker_lines_are_no_text_and_no_heading():
    doc = parse(_MEETING, "m", lang="zh")
    assert "00:00:25" not in doc.text and doc.spoken
    assert [s.heading for s in doc.sections if s.heading] == ["【录音转写】青石物业2026年9月经营分析会"]
    r = _report(_MEETING)
    assert not r.data.get("sections")  # a transcript has no headings: no sections


def test_a_meetings_time_label_gives_the_reports_date():
    r = _report(_MEETING)
    assert r.data["date"] == "2026-10-09"


def test_a_list_that_ends_with_its_total_gives_the_shares_of_that_total():
    r = _report(_MEETING)
    assert [m["name"] for m in r.data["mix"]] == ["物业服务", "停车管理", "社区零售"]
    assert [m["share"] for m in r.data["mix"]] == [0.5, 0.3, 0.2]


def test_a_chat_export_with_sender_lines_has_no_headings_past_its_title():
    doc = parse("青柚生鲜经营群\n\n2026年11月2日\n\n王磊 09:01\n10月营收1.2亿\n\n李娜 09:05\n同比呢？\n\n"
                "王磊 09:06\n同比增长15%\n", "chat", lang="zh")
    assert [s.heading for s in doc.sections if s.heading] == ["青柚生鲜经营群"]


# --- 9. products named with what they are between commas ---------------------------------


def test_products_written_with_an_apposition_and_a_free_one():
    r = _pitch("# Marrowby\n\nMarrowby helps vets track vaccine stock.\n\n## Products\n\n"
               "ColdTag, the fridge sensor, sells at USD 60 per sensor with a 52% gross margin. "
               "StockView, the dashboard vets use every morning, is free for clinics.\n")
    names = [p["name"] for p in r.data["products"]]
    assert names == ["ColdTag", "StockView"]
    assert r.data["products"][0]["price"] == 60 and r.data["products"][0]["margin"] == 0.52
    assert r.data["products"][1].get("price") is None


def test_a_product_with_its_description_before_a_colon():
    r = _pitch("# Marrowby\n\nMarrowby helps vets track vaccine stock.\n\n## Products\n\n"
               "ColdTag, the fridge sensor: $60 per sensor per year. StockView, the dashboard: $900 per clinic per year.\n\n"
               "## Traction\n\nWe have 140 clinics that pay us every month, and they stay with us for years.\n")
    assert [(p["name"], p.get("price")) for p in r.data["products"]] == [("ColdTag", 60), ("StockView", 900)]


def test_a_sentence_with_an_apposition_but_no_price_is_no_product():
    r = _pitch("# Marrowby\n\nMarrowby helps vets track vaccine stock.\n\n## Products\n\n"
               "Anna Wu, the CTO, is from Leeds and she runs the engineering team of twelve people.\n")
    assert not r.data.get("products")


def test_a_label_value_row_that_lists_shares_is_a_use_of_funds_list():
    r = fill(_inputs("funding-pitch"), parse(_ONE_PAGER.replace(
        "The raise; $6M seed", "The raise; $6M seed\n\nUse of funds; 45% engineering, 35% sales, 20% operations"), "x"))
    assert [(u["label"], u["share"]) for u in r.data["ask"]["use_of_funds"]] == [
        ("Engineering", 0.45), ("Sales", 0.35), ("Operations", 0.2)]


def test_a_wide_table_row_with_several_rates_stays_a_table_row():
    text = ("经营数据\n\n指标; 本期; 上期; 同比\n\n营业收入（万元）; 1,286; 1,104; +16.5%\n\n"
            "门店数（家）; 142; 138; +2.9%\n\n会员（万人）; 48.6; 46.9; +3.6%\n\n毛利率; 38%; 36%; +2%\n")
    doc = parse(text, "x", lang="zh")
    assert len(doc.tables) == 1 and len(doc.tables[0].rows) == 4


# --- 10. priced bullets under another heading are products, not points -----------------------

_PAGE = ("# Invest in Tolmere\n\nTolmere sends households compostable bin liners by subscription.\n\n"
         "## What we offer\n\nLiners that rot in your garden compost.\n\n"
         "- **Garden Pack** — forty liners and a caddy, $24 one-off.\n"
         "- **Liner Club** — forty liners a month, $9 per month.\n\n"
         "## Traction\n\n- 5,200 households subscribe\n")


def test_priced_name_bullets_under_another_heading_are_the_products():
    r = _pitch(_PAGE)
    assert [(p["name"], p.get("price")) for p in r.data["products"]] == [("Garden Pack", 24), ("Liner Club", 9)]
    assert not (r.data.get("solution") or {}).get("points")


def test_bullets_without_prices_are_no_products():
    r = _pitch(_PAGE.replace(", $24 one-off", "").replace(", $9 per month", ""))
    assert not r.data.get("products")


# --- 11. numbered headings: an unnumbered line between them is a list item -------------------


def test_unnumbered_lines_under_a_numbered_heading_are_no_headings():
    doc = parse("蓝湾烘焙加盟手册\n\n一、品牌介绍\n\n蓝湾烘焙成立于2018年，门店遍布华东。\n\n二、加盟政策\n\n"
                "单店投资约28万元\n\n首年免收管理费\n\n三、收入构成\n\n门店收入占70%，配送收入占30%。\n\n"
                "四、联系方式\n\n招商热线：400-000-0001\n", "x", lang="zh")
    assert [s.heading for s in doc.sections if s.heading] == [
        "蓝湾烘焙加盟手册", "一、品牌介绍", "二、加盟政策", "三、收入构成", "四、联系方式"]
    assert "单店投资约28万元" in next(s for s in doc.sections if s.heading == "二、加盟政策").text


def test_an_english_numbered_form_keeps_its_unnumbered_lines_as_text():
    doc = parse("Ravelin Labs\n\n1. Summary\n\nRavelin Labs makes kiln sensors.\n\n2. Products\n\n"
                "KilnEye\n\nKilnCloud\n\n3. Finances\n\nRevenue was $2.1M in 2026.\n", "x")
    assert "KilnEye" not in [s.heading for s in doc.sections]


# --- 12. the same figure given more exactly, and a unit label at the end of a header line -----

_FLASH = ("# 松岚电子2026年第二季度财务快报\n\n编制单位：财务部　　报送日期：2026年7月15日　　金额单位：万元\n\n"
          "| 项目 | 本期 | 上年同期 |\n|---|---|---|\n| 营业收入 | 26,730 | 23,100 |\n| 净利润 | 3,020 | 2,640 |\n\n"
          "## 一、收入情况\n\n本季度实现营业收入2.67亿元，同比增长15.7%。\n")


def test_a_unit_label_at_the_end_of_a_header_line_scales_the_table():
    doc = parse(_FLASH, "flash", markdown=True, lang="zh")
    assert any(m.raw == "26,730" and m.value == 267300000 for m in doc.mentions)


def test_the_same_revenue_given_more_exactly_in_the_table_wins():
    r = _report(_FLASH, markdown=True)
    assert r.data["figures"]["revenue"] == 267300000


def test_a_different_figure_is_no_more_exact_form_of_it():
    r = _report(_FLASH.replace("26,730", "25,100"), markdown=True)
    assert r.data["figures"]["revenue"] == 267000000


def test_the_count_it_rose_to_at_the_years_end_is_the_customers():
    r = _report("2026年述职报告\n\n一、主要业绩\n\n合作经销商由年初的220家增加到年末的265家，全年营业收入3.1亿元。"
                "新开发经销商52家，其中7家已终止合作。\n")
    assert r.data["figures"]["customers"] == 265
