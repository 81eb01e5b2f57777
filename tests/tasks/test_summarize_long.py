"""Long, sectioned reports: the summary covers the whole report, not page 1.

The report below is fictitious (Pellmar Water Utility, a made-up company).
Each section has its own subject words, so which section a summary sentence
came from can be read off the sentence.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from o3local.tasks.summarize import extractive, headline, summarize
from o3local.tasks.summarize.sections import is_sectioned, split_sections
from o3local.tasks.summarize.segment import split_sentences

_SECTIONS = {
    "Finances": [
        "Pellmar Water Utility ended the year with revenue of 84 million euros.",
        "Tariff income covered operating costs for the third year running.",
        "The finance team refinanced two loans at lower interest rates.",
        "Cash reserves stood at 12 million euros in December.",
        "Billing errors fell after the new invoicing system went live.",
        "Auditors signed the accounts without qualification.",
    ],
    "Leakage": [
        "Leakage from the pipe network fell to 18 percent of water supplied.",
        "Acoustic loggers found 412 hidden leaks under the old town.",
        "Crews repaired most leaks within two days of detection.",
        "Pressure management in the hill districts cut burst mains by a third.",
        "The leakage target for next year is 15 percent.",
        "District meters now cover every supply zone of the network.",
    ],
    "Reservoirs": [
        "The Kessel reservoir was refilled after the summer drought.",
        "Storage across the three reservoirs reached 91 percent in November.",
        "Engineers strengthened the spillway of the Kessel dam.",
        "Algae blooms closed the Ostry intake for eleven days in August.",
        "A floating barrier now keeps debris away from the reservoir intakes.",
        "Reservoir inspections found no cracks in the dam walls.",
    ],
    "Customers": [
        "Customer complaints about water pressure dropped by a quarter.",
        "The call centre answered nine in ten calls within a minute.",
        "Customers can now report leaks through a mobile app.",
        "Smart meters were fitted in 6,000 homes in the eastern suburbs.",
        "A social tariff helped 2,300 households with low incomes pay their bills.",
        "Customer satisfaction rose to its highest level in a decade.",
    ],
    "Workforce": [
        "The utility hired 48 apprentices for its pipe-laying crews.",
        "Lost-time injuries among field staff fell to four in the year.",
        "Every field technician completed confined-space training.",
        "Staff turnover remained below six percent.",
        "A new depot in Varna shortened travel times for repair crews.",
        "Wage talks with the union ended in a two-year agreement.",
    ],
    "Sewage treatment": [
        "The Dolna sewage treatment works was rebuilt to serve 90,000 people.",
        "Storm overflows into the river fell from 61 to 23 events.",
        "Sludge from the treatment works now feeds a biogas engine.",
        "The biogas engine supplies a third of the works' electricity.",
        "River samples below the treatment works met the bathing-water standard.",
        "A second sewage treatment works at Lipa will be tendered next spring.",
    ],
}
SUBJECT = {"Finances": "financ", "Leakage": "leak", "Reservoirs": "reservoir",
           "Customers": "customer", "Workforce": "staff", "Sewage treatment": "treatment works"}
REPORT = "Pellmar Water Utility annual report\n\n" + "\n\n".join(
    f"{title}\n\n" + " ".join(body[:3]) + "\n\n" + " ".join(body[3:])
    for title, body in _SECTIONS.items())


def _section_of(sentence: str) -> str:
    if sentence in ("Pellmar Water Utility annual report", *_SECTIONS):
        return "a heading"
    for title, body in _SECTIONS.items():
        if sentence in body:
            return title
    raise AssertionError(f"not a sentence of the report: {sentence!r}")


def test_report_sections_are_found_under_their_headings():
    parts = split_sections(split_sentences(REPORT, "en"), "en")
    assert [p.heading for p in parts] == list(_SECTIONS)
    assert is_sectioned(parts)
    assert [s.text for s in parts[-1].sentences] == _SECTIONS["Sewage treatment"]


def test_summary_of_a_long_report_covers_late_sections():
    s = summarize(REPORT, lang="en", max_chars=600, method="extractive")
    used = [_section_of(x) for x in s.sentences]
    # the whole-document ranking (position prior across the report) stops at
    # the third section and spends the budget on headings
    old = extractive.select(extractive.rank(split_sentences(REPORT, "en"), "en", 0.8), "en", 600)
    assert {_section_of(x) for x in old} <= {"a heading", "Finances", "Leakage", "Reservoirs"}
    assert set(used) == set(_SECTIONS), used
    assert used.count("Finances") <= 2
    # in document order, each section's own lead first, and within the budget
    assert s.sentences == sorted(s.sentences, key=REPORT.index)
    assert len(s.text) <= 600
    assert "annual report" not in s.text and "Finances" not in s.sentences


def test_a_budget_for_every_section_gives_every_section_its_lead():
    s = summarize(REPORT, lang="en", max_chars=1200, method="extractive")
    used = [_section_of(x) for x in s.sentences]
    assert set(used) == set(_SECTIONS)
    for title, body in _SECTIONS.items():
        assert body[0] in s.sentences, title


def test_bullets_of_a_chinese_report_come_from_every_section():
    zh = "年度报告\n\n" + "\n\n".join(
        f"{title}\n\n" + "".join(f"{title}方面，第{i}项工作按计划完成，涉及{i * 3}个项目。"
                                 for i in range(1, 7))
        for title in ("财务状况", "生产运营", "市场开拓", "人力资源", "安全环保"))
    s = summarize(zh, max_chars=200, style="bullets", method="extractive")
    assert s.lang == "zh"
    assert {line[2:6] for line in s.text.splitlines()} == {
        "财务状况", "生产运营", "市场开拓", "人力资源", "安全环保"}


def test_short_news_without_headings_keeps_the_whole_text_ranking():
    news = " ".join(_SECTIONS["Leakage"] + _SECTIONS["Reservoirs"])
    assert not is_sectioned(split_sections(split_sentences(news, "en"), "en"))
    s = summarize(news, lang="en", max_chars=200, method="extractive")
    assert s.sentences[0] == _SECTIONS["Leakage"][0]


def test_cli_prints_progress_on_stderr_for_a_long_report(tmp_path):
    import docx

    doc = docx.Document()
    for title, body in _SECTIONS.items():
        doc.add_heading(title, level=1)
        for _ in range(20):  # a long report: hundreds of sentences
            doc.add_paragraph(" ".join(body))
    path = tmp_path / "report.docx"
    doc.save(str(path))
    out = subprocess.run([sys.executable, "-m", "o3local.cli", "summarize", str(path),
                          "--method", "extractive"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "sentences in 6 sections" in out.stderr
    assert "Sewage treatment" not in out.stdout  # headings are not summary sentences
    assert any(w in out.stdout for w in ("treatment works", "staff", "apprentices", "Customer"))


# --------------------------------------------------------------------------
# headlines: bylines and datelines out, whole clauses in

@pytest.mark.parametrize("text,lang,banned", [
    ("新浪体育讯　北京时间3月5日，火箭队在主场以110比98战胜湖人队，取得五连胜。"
     "火箭队中锋贡献了30分和15个篮板。湖人队此役三分球命中率不足两成。", "zh", "新浪体育讯"),
    ("新华社北京3月5日电（记者 王明）第十四届全国人民代表大会第一次会议今天在北京开幕。"
     "会议听取了政府工作报告。代表们将审议多项法律草案。", "zh", "记者"),
    ("(CNN) -- A powerful storm flooded coastal towns in Maine on Monday. "
     "Thousands of homes lost power. Officials opened shelters in three counties.", "en", "CNN"),
    ("LONDON (Reuters) - British inflation rose to 3 percent in March, official data showed. "
     "Food and energy prices drove the increase. The central bank meets next week.", "en",
     "Reuters"),
    ("WASHINGTON — The Senate passed the highway bill by 68 votes to 30 on Tuesday. "
     "The bill funds road repairs for five years. The House votes next month.", "en",
     "WASHINGTON"),
])
def test_headlines_and_summaries_leave_out_bylines_and_datelines(text, lang, banned):
    line = summarize(text, lang=lang, style="headline", method="extractive").text
    assert banned not in line and line, line
    para = summarize(text, lang=lang, max_chars=300, method="extractive").text
    assert banned not in para, para


def test_words_that_end_like_a_dateline_are_kept():
    for text in ("电动车新国标今天起实施，旧车可以继续上路。", "通讯，是这次抢险最难的环节。",
                 "US - China talks resume in Geneva today.",
                 "Smith - who joined in 2010 - left the club on Friday."):
        lang = "en" if text.isascii() else "zh"
        assert summarize(text, lang=lang, max_chars=200, method="extractive").text == text


def test_chinese_headline_is_a_whole_clause_not_a_fragment():
    news = ("一名男子在网上冒充客服骗取多名老人的养老钱，涉案金额达30多万元。"
            "近日被当地警方抓获。警方提醒市民，不要向陌生人转账。")
    line = summarize(news, style="headline", method="extractive").text
    assert line.startswith("一名男子在网上冒充客服骗取多名老人的养老钱"), line
    # the subject-less sentence is never a headline while a whole one is ranked near it
    assert headline.compress("近日被当地警方抓获。", "zh", 40, whole=True) is None
    assert headline.compress("但他们拒绝了这个方案。", "zh", 40, whole=True) is None
    assert headline.compress("该方案获得通过。", "zh", 40, whole=True) == "该方案获得通过"
    # a line that stops at "表示" (what was said was cut) is not a headline
    quote = ("市教育局新闻发言人在昨天下午举行的新闻发布会上表示，全市中小学将从下学期起全面推行课后服务，"
             "每天延长一个半小时。全市共有中小学412所。课后服务由学校统一安排。")
    line = summarize(quote, style="headline", method="extractive", max_chars=30).text
    assert not line.endswith("表示"), line


def test_english_headline_does_not_open_by_pointing_back():
    news = ("The mayor of Duluth announced a plan to rebuild the harbour bridge by 2028. "
            "But the plan needs federal money. It would cost 140 million dollars.")
    line = summarize(news, lang="en", style="headline", method="extractive").text
    assert line.startswith("The mayor of Duluth"), line


# --------------------------------------------------------------------------
# tight character budgets

NEWS = ("Leon Yeaman, 55, was killed by a single punch during a row over noise in north Brisbane "
        "on Thursday night, police said. His neighbour Phillip Pama, 28, was charged with "
        "manslaughter and granted conditional bail. Pama (pictured) has no history of violence, "
        "his lawyer told the court. He is due back in court on May 18.")


def test_a_tight_budget_drops_asides_and_uses_the_room():
    s = summarize(NEWS, lang="en", max_chars=160, method="extractive")
    assert 140 <= len(s.text) <= 160, s.text  # three facts fit, not two sentences with asides
    for aside in (", 28,", ", 55,", "(pictured)", "police said", "his lawyer told the court"):
        assert aside not in s.text, s.text
    # a roomy budget keeps the sentences as written
    roomy = summarize(NEWS, lang="en", max_chars=2000, method="extractive")
    assert roomy.sentences[0].startswith("Leon Yeaman, 55, was killed")


def test_the_room_left_takes_the_start_of_the_next_sentence():
    text = ("The council approved a new library for the east side of the city on Tuesday. "
            "Construction of the three-storey building will start in the spring of next year "
            "and is expected to take about eighteen months to complete. "
            "The library will hold 80,000 books and a children's reading room.")
    s = summarize(text, lang="en", max_chars=120, method="extractive")
    assert s.text.startswith("The council approved a new library for the east side of the city "
                             "on Tuesday. ")
    assert s.text.endswith("…") and len(s.text) >= 100, s.text
    last = s.text[:-1].split()[-1]
    assert last not in ("a", "the", "and", "of", "will", "to"), s.text  # ends on a content word


def test_markdown_report_with_text_right_under_its_headings(tmp_path):
    md = "# Pellmar Water Utility annual report\n" + "".join(
        f"## {title}\n" + "\n".join(body) + "\n" for title, body in _SECTIONS.items())
    path = tmp_path / "report.md"
    path.write_text(md, encoding="utf-8")
    from o3local.tasks.summarize.readers import read_document

    s = summarize(read_document(path), lang="en", max_chars=600, method="extractive")
    used = {_section_of(x) for x in s.sentences}
    assert used == set(_SECTIONS), used  # "Leakage Leakage from the pipe…" would hide the section


def test_a_short_chinese_report_gives_each_section_a_sentence_and_no_headings():
    heads = ("经营概况", "景区运营", "酒店业务", "人力资源", "风险与展望")
    zh = "云帆文旅2026年上半年经营报告\n\n" + "\n\n".join([
        "经营概况\n\n上半年公司实现营业收入3.2亿元，同比增长18%。净利润为4100万元，较去年同期增加900万元。"
        "主要增长来自景区门票和酒店业务。",
        "景区运营\n\n黄山脚下的两处景区共接待游客86万人次。夏季夜游项目上线后，晚间客流增加了三成。"
        "景区新增了无障碍通道和母婴室。",
        "酒店业务\n\n旗下五家酒店平均入住率为71%。西湖店完成翻新，客房单价提高了12%。会议接待收入占酒店收入的两成。",
        "人力资源\n\n公司员工总数为1260人，上半年新招聘导游和讲解员85名。全体一线员工完成了安全培训。",
        "风险与展望\n\n极端天气可能影响下半年客流。公司计划在四季度开放第三处景区，并继续控制营销费用。"])
    s = summarize(zh, max_chars=150, method="extractive")
    assert len(s.text) <= 150
    assert not set(s.sentences) & set(heads)
    for word in ("营业收入", "游客", "入住率", "员工", "天气"):  # one fact from each section
        assert word in s.text, (word, s.text)
    assert summarize(zh, style="headline", method="extractive").text == "云帆文旅2026年上半年经营报告"


def test_numbered_headings_are_headings():
    numbered = "\n\n".join(
        f"{i}. {title}\n\n" + " ".join(body)
        for i, (title, body) in enumerate(_SECTIONS.items(), 1))
    parts = split_sections(split_sentences(numbered, "en"), "en")
    assert [p.heading for p in parts] == [f"{i}. {t}" for i, t in enumerate(_SECTIONS, 1)]
    s = summarize(numbered, lang="en", max_chars=600, method="extractive")
    assert {_section_of(x) for x in s.sentences} == set(_SECTIONS)


def test_paragraphs_typed_without_final_marks_are_text_not_headings():
    """A .docx of one sentence per paragraph (or slide bullets) has no headings: before,
    its unpunctuated lines were taken for headings and dropped, and a 300-character
    text summarized in 600 characters lost its first sentence."""
    lines = ["The city council approved a new budget for public transport on Monday",
             "The plan adds forty electric buses and extends two tram lines to the northern districts",
             "Ticket prices will stay the same for the next two years",
             "Critics said the council ignored cycling infrastructure",
             "The first new buses are expected to run in the spring."]
    s = summarize("\n\n".join(lines), lang="en", max_chars=600, method="extractive")
    assert s.sentences == lines
