"""Reader classes of h/fill9, each tested on short documents of fictitious companies written for
these tests: an OCR'd page that reads letters for digits, a printed board's full-width figures
with stray spaces and a Chinese zero, bullet glyphs of other fonts and input methods, a Chinese
line wrapped between a figure's words and the figure, a letter-spaced title, and a catalogue's
company named in capitals over its entry."""

from __future__ import annotations

from o3local.tasks.fill import parse
from o3local.tasks.fill.scanned import repair
from o3local.tasks.fill.width import as_written, fold_width
from tests.tasks.fill_docs import pitch, report

# --- 1. an OCR'd page: l / I / S / O read for digits ---------------------------------------------

_SCAN = ("TRADE FAIR GUIDE 2027\n\n"
         "Hall 3\n"
         "KESTREL MILLWORKS LTD\n"
         "Kestrel Millworks makes saw-blade sharpening robots for sawmills.\n\n"
         "Founded: April 20l8, Leeds\n"
         "Customers: l,730 sawmills\n"
         "Annual recurring revenue: $3.S million, up 4l% on last year\n"
         "Now raising: $8 million Series A\n")


def test_letters_read_for_digits_are_the_figures_of_a_scanned_page():
    r = pitch(_SCAN, markdown=False)
    assert r.data["traction"]["arr"] == 3_500_000
    assert r.data["traction"]["growth"] == 0.41
    assert r.data["traction"]["users"] == 1730
    assert r.data["company"]["founded"] == "2018-04-01"
    assert r.data["company"]["name"] == "Kestrel Millworks"  # the entry's name in capitals


def test_one_letter_beside_a_digit_is_no_sign_of_a_misread_page():
    # "AWS S3", "PL-l", "I5": with no figure that shows misreading, letters stay letters
    text = "We run on AWS S3 and I5 chips; the PL-l robot costs $4,000. In 2O21 we started."
    assert repair(text) == "We run on AWS S3 and I5 chips; the PL-l robot costs $4,000. In 2021 we started."
    # and on a misread page a name that opens on a letter stays a name
    assert "AWS S3" in repair("Founded 20l9; l,240 users; we store scans on AWS S3.")


def test_printed_ligatures_are_their_letters():
    assert repair("BIM \ufb01les and work\ufb02ow") == "BIM files and workflow"


# --- 2. a board's full-width figures with stray spaces, a Chinese zero ----------------------------

_BOARD = ("青 禾 农 业 科 技\n\n"
          "公司成立于２〇１６年，专注设施农业\n"
          "温室环境控制系统的研发与制造。\n\n"
          "２０２５年实现营业收入 ３． ２８亿元，\n"
          "同比增长 １８． ５％；\n"
          "累计服务种植基地客户\n"
          "２，４１０家。\n")


def test_stray_spaces_inside_full_width_figures_are_no_break():
    r = report(_BOARD)
    assert r.data["figures"]["revenue"] == 328_000_000
    assert r.data["figures"]["growth"] == 0.185
    assert r.data["figures"]["customers"] == 2410  # the figure on the line after its words


def test_a_folded_figure_is_quoted_in_the_users_characters():
    written = "营业收入 ３． ２８亿元"
    assert fold_width(written) == "营业收入 3.28亿元"
    assert as_written("营业收入 3.28亿元", written) == "营业收入 ３．２８亿元"


def test_a_sentence_end_between_figures_stays_a_sentence_end():
    assert fold_width("We opened in 2025. 46 stores followed.") == "We opened in 2025. 46 stores followed."
    assert fold_width("二〇二五年，2〇16年") == "二〇二五年，2016年"  # Chinese numerals stay


def test_a_letter_spaced_title_and_a_wrapped_clause():
    doc = parse(_BOARD, "board", lang="zh")
    assert doc.sections[0].heading == "青禾农业科技"
    assert "公司成立于2016年，专注设施农业温室环境控制系统的研发与制造。" in doc.sections[0].paragraphs


# --- 3. bullet glyphs of other fonts and input methods ---------------------------------------------

def test_a_katakana_dot_and_an_arrow_are_list_marks():
    text = ("2025年营业收入1.20亿元。\n\n主要产品收入占比：\n・温控系统 55%\n・水肥一体机 30%\n・运维服务 15%\n")
    r = report(text)
    assert [x["name"] for x in r.data["mix"]] == ["温控系统", "水肥一体机", "运维服务"]
    doc = parse("Use of funds:\n➢ Hiring 50%\n➢ Sales 30%\n➢ R&D 20%\n", "memo")
    assert doc.sections[0].bullets == ["Hiring 50%", "Sales 30%", "R&D 20%"]


# --- 4. a Markdown export's HTML table (spans, a header of two rows) and its footnotes -------------

_BRIEF = ("# 宁州远帆环保设备有限公司经营快报（2026年1-9月）\n\n"
          "报送日期：2026年10月20日\n\n"
          "## 一、主要数据\n\n"
          "<table>\n"
          "  <tr><th rowspan=\"2\">项目</th><th colspan=\"2\">营业收入（万元）</th><th colspan=\"2\">签约客户（家）</th></tr>\n"
          "  <tr><th>2025年</th><th>2026年</th><th>2025年</th><th>2026年</th></tr>\n"
          "  <tr><td>1-9月累计</td><td>8,150</td><td>9,600[^1]</td><td>212</td><td>247</td></tr>\n"
          "</table>\n\n"
          "1-9月营业收入同比增长17.8%。\n\n"
          "## 二、收入构成\n\n"
          "1-9月：除尘设备5,760万元，脱硝设备2,880万元，运维服务960万元。\n\n"
          "[^1]: 更正：10月8日报送的初稿误报为9,960万元，现更正为9,600万元。\n")


def test_an_html_tables_columns_name_its_figures_the_latest_years():
    r = fill_md(_BRIEF)
    assert r.data["figures"]["revenue"] == 96_000_000  # 2026年, not 2025年's 8,150万元
    assert r.data["figures"]["customers"] == 247
    assert [x["share"] for x in r.data["mix"]] == [0.6, 0.3, 0.1]  # the parts of the table's total


def test_a_figure_a_footnote_says_was_misreported_is_no_answer():
    # "误报为9,960万元，现更正为9,600万元": the misreported figure never fills the revenue
    # (the footnote names no revenue: refusing is right too)
    r = fill_md(_BRIEF.replace("9,600[^1]", "-"))
    assert r.data["figures"].get("revenue") in (None, 96_000_000)


def test_footnotes_are_notes_not_the_last_sections_text():
    doc = parse(_BRIEF, "brief", markdown=True, lang="zh")
    assert doc.tables[0].header[2] == "营业收入（万元） 2026年"
    assert "[^" not in doc.text
    r = fill_md(_BRIEF)
    heads = [s["heading"] for s in r.data["sections"]]
    assert heads == ["一、主要数据", "二、收入构成"]


def test_a_month_range_and_a_day_without_its_year_are_no_figures():
    r = report("2026年1-9月经营情况\n\n10月8日报送。1-9月累计服务客户247家。\n")
    assert r.data["figures"]["customers"] == 247
    doc = parse("2026年1-10月，营收增长。11月5日开会。", "x", lang="zh")
    assert not [m for m in doc.mentions if m.value in (1, 5)]


# --- 5. a Word comment that corrects a figure ------------------------------------------------------

def _commented_docx(path, body: str, anchor: str, comment: str, author: str) -> str:
    import docx

    d = docx.Document()
    d.add_heading("青渚物流有限公司2026年1-11月经营简报", 0)
    d.add_heading("一、经营概况", 1)
    p = d.add_paragraph()
    before, after = body.split(anchor)
    p.add_run(before)
    run = p.add_run(anchor)
    p.add_run(after)
    d.add_heading("二、收入构成", 1)
    d.add_paragraph("冷链仓储1.20亿元，城市配送0.60亿元，代采服务0.20亿元。")
    d.add_comment([run], text=comment, author=author, initials="财")
    d.save(path)
    return str(path)


def test_a_reviewers_comment_correcting_a_figure_is_filled(tmp_path):
    from o3local.tasks.fill import fill
    from tests.tasks.fill_docs import inputs

    f = _commented_docx(tmp_path / "brief.docx", "1-11月实现营业收入1.90亿元，同比增长12.0%；服务客户320家。",
                        "1.90亿元，同比增长12.0%", "经复核，营业收入应为2.00亿元，同比增长15.0%。", "财务部")
    r = fill(inputs("report-zh"), f)
    assert r.data["figures"]["revenue"] == 200_000_000
    assert r.data["figures"]["growth"] == 0.15
    assert r.data["figures"]["customers"] == 320
    assert [x["share"] for x in r.data["mix"]] == [0.6, 0.3, 0.1]
    # the comment is a note on the text, no paragraph of its section
    assert r.data["sections"][0]["paragraphs"] == ["1-11月实现营业收入1.90亿元，同比增长12.0%；服务客户320家。"]


def test_a_summary_reads_the_body_without_its_comments(tmp_path):
    from o3local.tasks.summarize.readers import read_document

    f = _commented_docx(tmp_path / "brief.docx", "1-11月实现营业收入1.90亿元。", "1.90亿元", "应为2.00亿元", "财务部")
    assert "2.00" not in read_document(f)


def fill_md(text: str):
    from o3local.tasks.fill import fill
    from tests.tasks.fill_docs import inputs

    return fill(inputs("report-zh"), parse(text, "brief", markdown=True, lang="zh"))


# --- 6. a bilingual memo, fact by fact in English and Chinese --------------------------------------

_BILINGUAL = ("# Ferrocline Batteries: Investor Brief / 投资者简报\n\n"
              "## Company / 公司概况\n\n"
              "Ferrocline Batteries makes iron-air storage packs for rural grids. Ferrocline Batteries 为农村电网生产铁空气储能电池组。\n\n"
              "Founded in Porto in June 2019 · 2019年6月成立于波尔图。\n\n"
              "## Traction / 经营数据\n\n"
              "- ARR: $4.1M, up 52% year over year · 年度经常性收入410万美元，同比增长52%\n"
              "- 64 utilities use our packs · 64家电力公司使用我们的电池组\n\n"
              "## China / 中国市场\n\n"
              "We will launch in Hefei in May 2027 with our joint-venture partner Anhui Tianheng Power (安徽天衡电力) "
              "and the distributor Shanghai Liangji Energy (上海良纪能源)。我们将于2027年5月在合肥启动业务。\n\n"
              "## The ask / 融资需求\n\n"
              "We are raising a $12M Series B, which gives us 28 months of runway. Use of funds: 50% manufacturing, "
              "30% China, 20% R&D. 本轮融资1,200万美元，可支撑28个月运营。\n")


def test_a_bilingual_memo_that_opens_in_english_is_read_in_english():
    r = pitch(_BILINGUAL)
    assert r.data["company"]["name"] == "Ferrocline Batteries"
    assert r.data["traction"]["arr"] == 4_100_000 and r.data["traction"]["users"] == 64
    assert r.data["ask"]["amount"] == 12_000_000
    # the English sentence ends before the Chinese one that repeats it
    assert [x["share"] for x in r.data["ask"]["use_of_funds"]] == [0.5, 0.3, 0.2]
    # partners by their English names, after their roles, without the Chinese forms in brackets
    assert r.data["china"]["partners"] == ["Anhui Tianheng Power", "Shanghai Liangji Energy"]


def test_a_chinese_report_with_english_terms_stays_chinese():
    doc = parse("# Q3 Business Update — 澄江医疗（上海）有限公司\n\n第三季度营业收入1.2亿元，同比增长18%，"
                "主要来自CT设备和MRI设备的销售，服务客户310家。本季度新签约医院42家，续约率95%。\n", "x", markdown=True)
    assert doc.lang == "zh"


# --- 7. e-mails and decks: a part of the round, a price's unit, Outlook's header --------------------

def test_a_part_of_the_round_already_committed_is_no_ask():
    r = pitch("## The ask\n\n- Raising $5M (seed extension), 20 months of runway\n\n"
              "If asked: $1.5M of the round is already committed by Harrowgate Capital.\n")
    assert r.data["ask"]["amount"] == 5_000_000


def test_a_price_unit_stops_before_the_next_items_name():
    r = pitch("## Products\n\nTwo products: Kelda Lite at $9.50 per kg and Kelda Pro at $12 per kg.\n")
    assert r.data["products"][0]["price_unit"] == "per kg"


def test_an_outlook_header_saved_as_text_is_labels_not_a_table():
    doc = parse("From:\tMara Quill <mara@x.example>\nSent:\tMonday, 7 December 2026\nSubject:\tSeed round\n\n"
                "Hi Tom, Quillstone makes invoicing software for dentists.\n", "mail")
    assert not doc.tables
    assert ("From", "Mara Quill <mara@x.example>") in [(a, b) for a, b, _o in doc.labels]


def test_an_events_day_and_place_under_the_title_date_the_deck():
    r = report("# 南岭智控 2027届校园招聘宣讲会\n\n- 2026年11月3日 · 湘江大学图书馆报告厅\n\n## 关于我们\n\n"
               "- 2025年营业收入4.2亿元，同比增长21%\n\n## 招聘流程\n\n- 网申：11月3日-12月15日\n", markdown=True)
    assert r.data["date"] == "2026-11-03"


# --- 8. sources that carry their markup: MIME, LaTeX, a database prompt's tables --------------------

_MIME = ("From: Oren Vale <oren@tarnwick.example>\r\nTo: Jo Park <jo@fund.example>\r\n"
         "Subject: =?UTF-8?Q?Tarnwick_=E2=80=94_summary?=\r\nDate: Tue, 1 Dec 2026 10:00:00 +0000\r\n"
         "MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n"
         "--b1\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
         "Hi Jo,\r\n\r\nTarnwick makes moisture sensors for grain silos =E2=80=94 a probe per bin.\r\n\r\n"
         "- ARR is $3.4M, up 6=\r\n1% year on year.\r\n- 812 farms use Tarnwick every week.\r\n\r\n"
         "We are raising a $9M Series A for 20 months of runway.\r\n\r\nOren\r\n\r\n"
         "--b1\r\nContent-Type: text/html; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
         "<p>Hi Jo,</p><p>ARR is $3.4M, up 61% year on year.</p>\r\n--b1--\r\n")


def test_an_emails_mime_source_is_read_as_its_message():
    r = pitch(_MIME, markdown=False)
    assert r.data["traction"]["arr"] == 3_400_000
    assert r.data["traction"]["growth"] == 0.61  # a soft line break inside the figure joined
    assert r.data["traction"]["users"] == 812
    assert r.data["ask"]["amount"] == 9_000_000
    assert "=E2" not in parse(_MIME, "m").text and "<p>" not in parse(_MIME, "m").text


_TEX = r"""\documentclass{article}
\title{Brindlefen Robotics\\\large One-page summary}
\date{October 2026}
\begin{document}
\maketitle
\section{Traction}
\begin{tabular}{lrr}
\toprule
Metric & FY2025 & FY2026 \\
\midrule
ARR & \$2.2M & \$3.9M \\
Paying sites & 120 & 205 \\
\bottomrule
\end{tabular}

ARR grew 77\% year on year.
% ARR: \$4.4M (an old draft)
\section{The round}
We are raising \$6M: 50\% hardware, 30\% sales, 20\% support.
\end{document}
"""


def test_a_latex_source_is_read_as_the_page_it_typesets():
    r = pitch(_TEX, markdown=False)
    assert r.data["company"]["name"] == "Brindlefen Robotics"
    assert r.data["traction"]["arr"] == 3_900_000  # the FY2026 column, not a comment's draft
    assert r.data["traction"]["users"] == 205
    assert r.data["traction"]["growth"] == 0.77
    assert [x["share"] for x in r.data["ask"]["use_of_funds"]] == [0.5, 0.3, 0.2]
    assert "4.4" not in parse(_TEX, "t").text


_PSQL = ("Numbers for the deck, straight from the warehouse:\n\n"
         "acme=> select month, arr_usd, paying_shops from kpi where month >= '2026-07' order by month;\n"
         "  month  | arr_usd | paying_shops\n---------+---------+--------------\n"
         " 2026-07 | 1510000 |          301\n 2026-08 | 1640000 |          322\n 2026-09 | 1790000 |          348\n"
         "(3 rows)\n\n"
         "acme=> select cohort, shops, arr_usd from cohorts;\n"
         " cohort | shops | arr_usd\n--------+-------+---------\n pilot  |    40 |       0\n(1 row)\n\n"
         "Kettleby runs stock counting for independent grocers; founded in 2020; we are raising $5M.\n")


def test_a_database_prompts_tables_are_tables_and_its_queries_no_figures():
    doc = parse(_PSQL, "mail")
    assert [t.header for t in doc.tables] == [["month", "arr usd", "paying shops"], ["cohort", "shops", "arr usd"]]
    r = pitch(_PSQL, markdown=False)
    assert r.data["traction"]["arr"] == 1_790_000  # the latest month's row
    assert r.data["traction"]["users"] == 348


# --- 9. a figure asked about; the latest year of a Q&A's answers -----------------------------------

def test_a_figure_in_a_question_is_no_answer():
    r = report("投资者提问：请问公司今年营收是不是只有3亿多？\n\n董秘回复：感谢关注，公司将按时披露定期报告。\n")
    assert r.data.get("figures", {}).get("revenue") is None
    r = report("投资者提问：请问公司今年营收是不是只有3亿多？\n\n董秘回复：公司2026年前三季度实现营业收入4.12亿元，同比增长11.5%。\n")
    assert r.data["figures"]["revenue"] == 412_000_000


# --- 10. a work-log export: the revenue a later entry settles, the latest entry's day ----------------

def test_a_logs_settled_revenue_splits_into_its_parts_and_its_latest_entry_dates_it():
    text = ("工作日志导出 — 某某机电有限公司 市场部\n导出人：李明　导出时间：2026-12-01 09:00\n\n"
            "【日报】王芳　2026-11-25 18:30\n今日完成：\n1. 11月收入预估 1,300万元。\n\n"
            "【周报】王芳　2026-11-29 20:00\n本周完成：\n"
            "1. 11月营业收入经财务核定为1,250万元，同比增长9.6%。\n"
            "2. 11月收入构成：伺服电机750万元，控制器375万元，售后服务125万元。\n")
    r = report(text)
    assert r.data["figures"]["revenue"] == 12_500_000
    assert [x["share"] for x in r.data["mix"]] == [0.6, 0.3, 0.1]
    assert r.data["date"] == "2026-11-29"


# --- 11. a homepage's testimonials are the customers' figures ----------------------------------------

def test_a_testimonials_figures_are_the_customers_not_the_companys():
    text = ("# Plan every shelf.\n\nCorvale is stock software for independent garden centres.\n\n"
            "## What customers say\n\n"
            "> \"Since we switched, our sales grew 40% and reached $3.2M this year.\"\n"
            "> — Ana Ruiz, owner, Fernleaf Garden Centre\n\n"
            "## About us\n\nFounded in 2019. ARR is $1.4M, up 25% year on year.\n")
    r = pitch(text)
    assert r.data["traction"]["arr"] == 1_400_000
    assert r.data["traction"]["growth"] == 0.25
    doc = parse(text, "page", markdown=True)
    assert doc.reposted and "$3.2M" in doc.text[doc.reposted[0][0]:doc.reposted[0][1]]


# --- 12. a wiki export's callout fences; a figure's target in brackets beside it ----------------------

def test_callout_fences_are_markup_and_a_bracketed_target_leaves_the_figure_its_own():
    text = ("# 10月经营复盘 — 某某家居有限公司\n\n:::tip\n本文档数据截至2026年10月31日。\n:::\n\n## 一、核心数据\n\n"
            "- 10月营业收入 3,200万元，同比增长 15.0%（目标 3,500万元，完成率91.4%）\n"
            "- 累计服务门店客户 860家（目标 900家）\n"
            "- 1-10月累计营业收入 2.95亿元\n")
    r = report(text, markdown=True)
    assert r.data["figures"]["revenue"] == 32_000_000  # the month's, not the longer period's
    assert r.data["figures"]["customers"] == 860
    assert ":::" not in parse(text, "x", markdown=True, lang="zh").text


# --- 13. a ranking pasted with bars; bullets inside a Chinese line ------------------------------------

def test_bar_rows_are_a_table_and_inline_bullets_an_enumeration():
    text = ("2026某行业五十强榜单（节选）\n发布日期：2026年11月20日\n\n"
            "排名｜企业名称｜所在地｜2025年营业收入（亿元）\n1｜甲乙集团有限公司｜北京｜40.10\n……\n"
            "12｜丙丁科技有限公司｜杭州｜6.40\n13｜戊己物流有限公司｜苏州｜6.15\n\n"
            "入选企业简介：丙丁科技有限公司\n丙丁科技有限公司2025年实现营业收入6.40亿元，同比增长12.0%，服务客户410家。\n"
            "业务构成：• 软件许可3.20亿元 • 实施服务1.92亿元 • 运维服务1.28亿元\n")
    doc = parse(text, "rank", lang="zh")
    assert doc.tables and doc.tables[0].header == ["排名", "企业名称", "所在地", "2025年营业收入（亿元）"]
    assert len(doc.tables[0].rows) == 3  # the "……" line stands for rows left out
    r = report(text)
    assert r.data["figures"]["revenue"] == 640_000_000
    assert [x["name"] for x in r.data["mix"]] == ["软件许可", "实施服务", "运维服务"]
    assert [x["share"] for x in r.data["mix"]] == [0.5, 0.3, 0.2]


# --- 14. a partner's section holds the partner's figures ---------------------------------------------

def test_figures_under_a_partner_heading_are_the_partners():
    text = ("# Press kit: Dunmoor Power\n\n## Key facts\n\n- ARR: $4.2 million\n- Growth: 61% year over year\n\n"
            "## Launch partner\n\nHighfield Rural Electric, which serves 52,000 members, spent $2.8 million on diesel "
            "in 2025; its pilot with Dunmoor began in June 2026.\n")
    r = pitch(text)
    assert r.data["traction"]["arr"] == 4_200_000
    assert r.data["traction"].get("users") is None  # not the partner's 52,000 members
    assert r.data["traction"].get("since") is None  # not the partner's pilot


def test_two_pasted_csv_tables_stay_two_and_a_pct_column_is_percent():
    text = ("## The round\n\n```\nitem,value\nraise_000,6000\nrunway_months,20\n```\n\n"
            "```\nuse_of_funds,share_pct\nhardware,50\nsales,30\nsupport,20\n```\n")
    r = pitch(text)
    assert [(x["label"], x["share"]) for x in r.data["ask"]["use_of_funds"]] == [
        ("hardware", 0.5), ("sales", 0.3), ("support", 0.2)]
