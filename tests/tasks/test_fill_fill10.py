"""Reader and reading classes of h/fill10, each tested on short documents of fictitious companies
written for these tests: a text table aligned with spaces under a heading that gives its unit, a
covenant table's required column beside the actual one, a section about a contract's counterparty,
figures of two periods close in wording, a label of another day than the document's, and a
video's subtitles whose sentences run across cues."""

from __future__ import annotations

from o3local.tasks.fill import parse
from o3local.tasks.fill.scope import other_party_heading
from o3local.tasks.fill.subtitles import subtitle_text
from tests.tasks.fill_docs import pitch, report

# --- 1. a table aligned with (full-width) spaces, its unit in the heading over it -----------------

_CREDIT = ("企业信息查询报告\n"
           "查询编号：A7730012　　报告时间：2026-10-09 10:15:31\n\n"
           "一、登记信息\n"
           "企业名称：宁波澜石阀门有限公司\n"
           "成立日期：2009-03-21\n\n"
           "二、主要财务数据（单位：万元）\n"
           "项目　　　　　　2025年度　　　　2024年度\n"
           "营业收入　　　　12,640　　　　10,915\n"
           "利润总额　　　　 1,302　　　　　 988\n"
           "2025年度营业收入较上年有所增长。\n")


def test_a_space_aligned_table_is_read_with_the_unit_its_heading_gives():
    doc = parse(_CREDIT, "report", lang="zh")
    t = doc.tables[0]
    assert t.header == ["项目", "2025年度", "2024年度"]
    assert t.rows[0] == ["营业收入", "12,640", "10,915"]
    r = report(_CREDIT)
    assert r.data["figures"]["revenue"] == 126_400_000  # 万元, the latest year's column
    # the table's rows are no headings of sections
    assert [s["heading"] for s in r.data["sections"]][-1].startswith("二、主要财务数据")


def test_the_document_date_is_not_a_founding_date_labelled_as_a_date():
    assert report(_CREDIT).data["date"] == "2026-10-09"  # not 成立日期


def test_space_aligned_english_table_and_labels_on_one_line_are_told_apart():
    text = ("Prepared by: J. Okafor    Date: 3 Nov 2026\n\n"
            "Metric          FY2025       FY2026\n"
            "ARR             $2.9M        $4.1M\n"
            "Customers       210          305\n")
    doc = parse(text, "memo", markdown=False)
    assert [t.header for t in doc.tables] == [["Metric", "FY2025", "FY2026"]]
    assert not any("Prepared by" in c for t in doc.tables for row in t.rows for c in row)


# --- 2. a covenant table: the required threshold beside the actual figure --------------------------

_COVENANT = ("# Quarterly compliance certificate\n\n"
             "Borrower: Quillmere Analytics, Inc.\n\n"
             "## Financial covenants\n\n"
             "| Covenant | Required | Actual |\n|---|---|---|\n"
             "| Minimum ARR | $6,000,000 | $7,250,000 |\n"
             "| Minimum cash | $1,500,000 | $4,100,000 |\n")


def test_the_actual_column_is_the_company_figure_not_the_required_one():
    assert pitch(_COVENANT).data["traction"]["arr"] == 7_250_000


# --- 3. a section about a contract's counterparty ----------------------------------------------

_NOTICE = ("云岭电子股份有限公司关于签订重大采购合同的公告\n\n"
           "一、合同基本情况\n"
           "公司与北辰能源集团有限公司签订设备采购合同，合同金额1.80亿元。\n\n"
           "二、交易对方基本情况\n"
           "北辰能源集团有限公司2025年度营业收入418亿元，注册资本60亿元。\n\n"
           "三、对公司的影响\n"
           "本合同的履行预计对公司经营业绩产生积极影响。\n")


def test_a_counterparty_section_figures_are_not_the_company_revenue():
    r = report(_NOTICE)
    assert not r.data.get("figures", {}).get("revenue")  # the company gives none; 418亿元 is the other's


def test_other_party_headings():
    assert other_party_heading("二、合同对方基本情况")
    assert other_party_heading("3. About the Purchaser")
    assert other_party_heading("Competitors")
    assert not other_party_heading("三、对公司的影响")
    assert not other_party_heading("Our partners")  # (partners have their own reading)


_TWO_PERIODS = ("瑞丰机电2026年前三季度经营简报\n\n"
                "一、经营情况\n"
                "本项目投资额占公司2025年度经审计营业收入6.20亿元的8.1%。\n"
                "公司2026年1-9月实现营业收入5.48亿元（未经审计），同比增长9.6%；本项目预计对公司2027年度业绩产生积极影响。\n")


def test_of_two_periods_figures_close_in_wording_the_latest_period_wins():
    assert report(_TWO_PERIODS).data["figures"]["revenue"] == 548_000_000


# --- 4. a video's subtitles -------------------------------------------------------------------

_SRT_EN = ("\ufeff1\r\n00:00:00,000 --> 00:00:02,000\r\n[MUSIC]\r\n\r\n"
           "2\r\n00:00:02,200 --> 00:00:06,000\r\nI'm Dana Ruiz, and this is Brightkeel.\r\n\r\n"
           "3\r\n00:00:06,200 --> 00:00:10,000\r\nWe started in 2021 in Porto, and today 215 bakeries use\r\n\r\n"
           "4\r\n00:00:10,200 --> 00:00:14,000\r\nour ovens. We are at 2.4 million\r\n\r\n"
           "5\r\n00:00:14,200 --> 00:00:18,000\r\ndollars in annual recurring revenue.\r\n\r\n")


def test_subtitle_cues_are_joined_into_the_sentences_spoken():
    text = subtitle_text(_SRT_EN)
    assert text is not None
    assert "00:00" not in text and "[MUSIC]" not in text
    assert "We are at 2.4 million dollars in annual recurring revenue." in text
    r = pitch(_SRT_EN, markdown=False)
    assert r.data["traction"]["arr"] == 2_400_000
    assert r.data["traction"]["users"] == 215
    assert r.data["company"]["founded"] == "2021-01-01"  # "We started in 2021": the founder's words


_SRT_ZH = ("1\n00:00:01,000 --> 00:00:03,000\n《山水之间》\n\n"
           "2\n00:00:03,500 --> 00:00:07,000\n二〇二五年，青岚茶业实现营业收入\n\n"
           "3\n00:00:07,200 --> 00:00:10,000\n四点二亿元，同比增长百分之十五。\n\n"
           "4\n00:00:10,200 --> 00:00:14,000\n到二〇三〇年，我们希望营业收入突破十亿元。\n")


def test_a_chinese_figure_spoken_across_two_cues_is_one_figure_and_the_goal_stays_a_goal():
    text = subtitle_text(_SRT_ZH)
    assert text is not None and text.startswith("《山水之间》\n")
    r = report(_SRT_ZH)
    assert r.data["figures"]["revenue"] == 420_000_000
    assert r.data["figures"]["growth"] == 0.15


def test_text_that_is_no_subtitle_file_is_left_alone():
    assert subtitle_text("1\nThe plan\n\n2\nThe team\n\n3\nThe ask\n") is None


# --- 5. a JSON export under a cover note: amounts in cents or 分, this period against the others ---

_EXPORT_EN = ("Export from our billing system for the board. Amounts are in cents (USD).\n"
              "We are raising a $9M Series A for 24 months of runway.\n\n"
              "{\n"
              '  "company": {"name": "Larchway Vet, Inc.", "incorporated_on": "2022-06-01"},\n'
              '  "current": {"arr_cents": 284000000, "arr_yoy_growth": 0.48, "active_practices": 640},\n'
              '  "prior_year": {"arr_cents": 191900000, "active_practices": 455},\n'
              '  "targets_fy2027": {"arr_cents": 400000000, "active_practices": 900}\n'
              "}\n")


def test_a_json_export_in_cents_fills_the_current_figures_in_dollars():
    doc = parse(_EXPORT_EN, "memo", markdown=False)
    assert doc.tables[0].header == ["item", "current", "prior year", "targets fy2027"]
    assert "{" not in doc.text
    r = pitch(_EXPORT_EN, markdown=False)
    assert r.data["traction"]["arr"] == 2_840_000  # not 284,000,000, nor last year's or the target
    assert r.data["traction"]["growth"] == 0.48
    assert r.data["company"]["founded"] == "2022-06-01"
    assert r.data["ask"]["amount"] == 9_000_000


_EXPORT_ZH = ("说明：云杉烘焙订货系统 后台数据导出（10月），金额字段单位为分。\n\n"
              "{\n"
              '  "tongji_qijian": "2026-10",\n'
              '  "shuju": {"yingye_shouru_fen": 932050000, "tongbi_zengzhang": 0.126, "hezuo_mendian_shu": 742},\n'
              '  "mubiao": {"yingye_shouru_fen": 1000000000, "hezuo_mendian_shu": 800},\n'
              '  "shangnian_tongqi": {"yingye_shouru_fen": 827700000, "hezuo_mendian_shu": 615},\n'
              '  "daochu_shijian": "2026-11-02T08:00:00+08:00"\n'
              "}\n")


def test_a_chinese_system_export_with_pinyin_keys_in_fen():
    doc = parse(_EXPORT_ZH, "report", lang="zh")
    assert doc.tables[0].header == ["项目", "数据", "目标", "上年同期"]
    assert doc.tables[0].rows[0][:2] == ["营业收入", "9,320,500元"]
    r = report(_EXPORT_ZH)
    assert r.data["figures"]["revenue"] == 9_320_500
    assert r.data["figures"]["growth"] == 0.126
    assert r.data["figures"]["customers"] == 742  # 合作门店: the shops it supplies
    assert r.data["title"] != "{"


def test_json_inside_prose_that_is_no_export_is_left_alone():
    from o3local.tasks.fill.jsondoc import json_text

    assert json_text("The config is {\"a\": 1} and that is all.") is None
    assert json_text("Settings:\n{\n  \"retries\": 3\n}\n") is None  # fewer than three keys


# --- 6. an official paper's number over its title --------------------------------------------

def test_the_paper_number_is_no_part_of_the_title():
    text = ("云港司发〔2026〕7号\n\n"
            "关于表彰2026年度优秀团队的通报\n\n"
            "各部门：\n\n"
            "一、全年经营情况\n"
            "2026年，公司实现营业收入8.4亿元，同比增长9.1%。\n")
    assert report(text).data["title"] == "关于表彰2026年度优秀团队的通报"


# --- 7. a lender's certificate: its type is no company name, the Borrower is ------------------

def test_a_certificate_names_the_company_as_the_borrower_it_defines():
    text = ("# Officer's Compliance Certificate\n\n"
            "To: Ashgrove Credit Partners II, L.P. (the \u201cLender\u201d)\n\n"
            "From: Marrowby Systems, Inc. (the \u201cBorrower\u201d)\n\n"
            "## Operating information\n\n"
            "The Borrower was incorporated in Delaware on May 2, 2019. As of October 31, 2026, "
            "880 clinics use the Borrower's platform.\n")
    assert pitch(text).data["company"]["name"] == "Marrowby Systems, Inc."


# --- 8. a table of a figure's parts with its total row ----------------------------------------

def test_the_total_row_of_a_table_the_heading_names_is_the_figure():
    text = ("青梧环保科技股份有限公司2025年度财务报表附注（节选）\n\n"
            "（除特别注明外，金额单位均为人民币元）\n\n"
            "一、营业收入\n\n"
            "（1）营业收入按业务类别列示\n\n"
            "项目; 本期发生额（合并）; 上期发生额（合并）; 本期发生额（母公司）\n"
            "设备销售; 301,200,000.00; 266,000,000.00; 210,500,000.00\n"
            "运营服务; 148,800,000.00; 120,400,000.00; 60,300,000.00\n"
            "合计; 450,000,000.00; 386,400,000.00; 270,800,000.00\n")
    assert report(text).data["figures"]["revenue"] == 450_000_000  # not a part, last year or the parent's


def test_a_json_export_plans_are_the_products_with_their_monthly_price():
    text = ("Export from the Tallowby admin console. Amounts are in cents (USD).\n\n"
            "{\n"
            '  "company": {"name": "Tallowby", "incorporated_on": "2021-09-14"},\n'
            '  "metrics": {"arr_cents": 96000000, "active_shops": 410},\n'
            '  "plans": [\n'
            '    {"name": "Tallowby Basic", "price_cents_monthly": 4900},\n'
            '    {"name": "Tallowby Plus", "price_cents_monthly": 12900}\n'
            "  ]\n"
            "}\n")
    products = pitch(text, markdown=False).data["products"]
    assert [(p["name"], p["price"]) for p in products] == [("Tallowby Basic", 49), ("Tallowby Plus", 129)]


def test_a_chinese_export_category_amounts_make_the_mix():
    text = ("说明：禾丰生鲜订货系统 后台数据导出（9月），金额字段单位为分。\n\n"
            "{\n"
            '  "tongji_qijian": "2026-09",\n'
            '  "shuju": {"yingye_shouru_fen": 500000000, "hezuo_mendian_shu": 320},\n'
            '  "pinlei_shouru": [\n'
            '    {"mingcheng": "水果", "shouru_fen": 300000000},\n'
            '    {"mingcheng": "蔬菜", "shouru_fen": 200000000}\n'
            "  ]\n"
            "}\n")
    r = report(text)
    assert r.data["figures"]["revenue"] == 5_000_000
    assert [(m["name"], round(m["share"], 4)) for m in r.data["mix"]] == [("水果", 0.6), ("蔬菜", 0.4)]


# --- 9. two shares that make a whole, after the round they split ------------------------------

def test_two_shares_making_a_whole_after_the_raise_are_the_use_of_funds():
    text = "# Memo\n\n## Fundraising\n\nWe are raising a $7M Series A, 70% to engineering and 30% to sales.\n"
    uses = pitch(text).data["ask"]["use_of_funds"]
    assert [(u["label"].lower(), u["share"]) for u in uses] == [("engineering", 0.7), ("sales", 0.3)]


def test_two_figures_that_are_no_shares_stay_facts():
    text = "# Memo\n\n## Traction\n\nARR is $2.2M, up 11% on last year, and 89% of schools renewed.\n"
    assert not pitch(text).data.get("ask", {}).get("use_of_funds")


# --- 10. classes from fill-eval16's tune part (everyday memos), on documents of our own ----------

def test_a_word_table_with_an_empty_corner_keeps_its_columns():
    import io
    import zipfile

    from o3local.tasks.summarize.office import docx_text

    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

    def cell(t: str) -> str:
        return f"<w:tc><w:p><w:r><w:t>{t}</w:t></w:r></w:p></w:tc>" if t else "<w:tc><w:p><w:r/></w:p></w:tc>"

    rows = [["", "FY2025", "FY2026"], ["Clinics using Harrowgate", "410", "655"]]
    body = "".join("<w:tr>" + "".join(cell(c) for c in r) + "</w:tr>" for r in rows)
    xml = f'<w:document {w}><w:body><w:tbl>{body}</w:tbl></w:body></w:document>'
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("word/document.xml", xml)
    text = docx_text(zipfile.ZipFile(buf), "t.docx", 10_000)
    assert "—; FY2025; FY2026" in text
    doc = parse(text, "t.docx")
    assert doc.tables[0].header == ["—", "FY2025", "FY2026"]


def test_the_document_title_is_no_section_about_the_company():
    text = ("# Brackwater Farms - Company Overview\n\n"
            "Prepared for investors, November 2026.\n\n"
            "## Who we are\n\n"
            "Brackwater was founded in March 2019 in Leeds. Our first paying shop signed in May 2020.\n")
    assert pitch(text).data["company"]["founded"] == "2019-03-01"


def test_a_funding_history_is_no_ask_and_a_size_bound_is_no_market():
    text = ("# Tessaly - overview\n\n"
            "## Market\n\n"
            "The segment we serve, bakeries under $1M of annual sales in the Midwest, is $1.8B.\n\n"
            "## Funding history\n\n"
            "We raised a $3M seed round in 2023 and a $1M extension in 2025.\n\n"
            "## The round\n\n"
            "We are raising a $12M Series A, which gives us 28 months of runway.\n")
    r = pitch(text)
    assert r.data["ask"]["amount"] == 12_000_000
    assert 1 not in (r.data.get("market") or {}).values()  # "under $1M of annual sales" bounds the segment


def test_an_indented_list_under_a_lead_in_and_a_change_base_in_brackets():
    text = ("Hi all,\n\nHere is our Q3 2026 update.\n\n"
            "ARR at the end of each quarter:\n"
            "  Q1 2026: $1.40M\n"
            "  Q2 2026: $1.65M\n"
            "  Q3 2026: $1.92M\n\n"
            "ARR is up 58% on Q3 2025 ($1.22M). 310 dental labs use Quillow.\n")
    r = pitch(text, markdown=False)
    assert [q["label"] for q in r.data["traction"]["quarters"]] == ["Q1 2026", "Q2 2026", "Q3 2026"]
    assert r.data["traction"]["arr"] != 1_220_000  # the base of the change, a year before
    assert r.data["traction"]["arr"] != 2025  # never the year of a period


def test_a_chinese_one_before_its_noun_is_an_article_not_a_count():
    text = ("情况说明\n\n"
            "2026年1-9月，公司实现营业收入1.52亿元，同比增长4.1%，主要是一家整车厂客户订单减少所致。\n"
            "截至9月末，公司合作客户63家。\n")
    assert report(text).data["figures"]["customers"] == 63


def test_a_founding_year_after_a_place_with_its_region():
    text = "# Pellow\n\n## About\n\n- Founded in Truro, Nova Scotia, in 2019.\n- First paying dairy: May 2020.\n"
    assert pitch(text).data["company"]["founded"] == "2019-01-01"


def test_a_profile_list_of_years_gives_the_latest_year_as_the_period():
    text = ("嘉禾厨具有限公司简介\n\n"
            "近三年经营数据\n"
            "2024年：营业收入1.92亿元，合作经销商210家\n"
            "2025年：营业收入2.18亿元，同比增长13.5%，合作经销商236家\n")
    r = report(text)
    assert r.data["period"].startswith("2025年")
    assert r.data["figures"]["revenue"] == 218_000_000


def test_firms_that_run_the_product_or_a_traction_line_of_sites_are_the_users():
    text = ("# Brinefield\n\nBrinefield makes dosing controllers for municipal water plants.\n\n"
            "## Numbers\n\n- ARR $2.4M, up 80% on last year.\n"
            "- 52 plants in four states run Brinefield.\n")
    assert pitch(text).data["traction"]["users"] == 52
    deck = ("# Coldrun\n\n## Traction\n\n- ARR ~$4M\n\n- 31 warehouses in 5 countries\n\n- +38% year on year\n")
    assert pitch(deck).data["traction"]["users"] == 31


def test_a_count_of_firms_in_a_plan_is_no_users():
    text = ("# Coldrun\n\n## Traction\n\n- ARR ~$4M\n\n## Plan\n\n- 90 warehouses\n")
    assert not pitch(text).data["traction"].get("users")


def test_a_plan_named_in_apposition_is_a_product_with_its_price():
    text = ("# Q3 update\n\nARR is $1.2M. Our one plan, Ledgerline Pro, is $189 per month per firm.\n")
    products = pitch(text).data["products"]
    assert [(p["name"], p["price"]) for p in products] == [("Ledgerline Pro", 189)]


def test_lines_that_open_on_a_product_name_and_a_colon_then_give_its_price():
    text = ("# Overview\n\n## What we offer\n\nWe sell two products.\n\n"
            "Harlow Track: scheduling and invoicing for clinics, $120 per clinic per month.\n\n"
            "Harlow Kiosk: a check-in tablet for the front desk, $35 per kiosk per month.\n")
    products = pitch(text).data["products"]
    assert [(p["name"], p["price"]) for p in products] == [("Harlow Track", 120), ("Harlow Kiosk", 35)]


def test_vessels_on_paid_plans_are_the_users_and_their_price_plan_is_no_plan():
    text = ("# Skerrywave\n\n## Traction\n\nExact figures: ARR $940,000 at the end of October 2026; "
            "212 vessels on paid plans; net revenue retention 112%.\n")
    assert pitch(text).data["traction"]["users"] == 212
