"""Long, sectioned reports: the summary covers the whole report, not page 1.

The report below is fictitious (Pellmar Water Utility, a made-up company).
Each section has its own subject words, so which section a summary sentence
came from can be read off the sentence.
"""

from __future__ import annotations

import subprocess
import sys

from o3local.tasks.summarize import extractive, summarize
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
