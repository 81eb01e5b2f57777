"""The model fill's guard (fill/guard.py) and the readings added for fill-eval2's misses:
figures in words, memos without headings, the company a memo is about, lists in prose."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.extract import passage
from o3local.tasks.fill.fields import walk
from o3local.tasks.fill.guard import model_problems
from o3local.tasks.fill.spelled import spelled_dates, spelled_mentions
from tests.tasks.fill_docs import inputs as _inputs


def _field(template: str, pointer: str):
    return next(f for f in walk(_inputs(template)) if f.pointer == pointer)


LOOMWISE = ("# Loomwise\n\nLoomwise (AI pattern design for small textile mills) closed October at $840k "
            "ARR, up 6% on September and 19% on the quarter. 1,120 designers now use it weekly. "
            "Meicai grew 12% last year.\n")


def test_the_guard_refuses_an_invented_china_headline():
    # the headline the model wrote last round for a memo that never names China
    doc = parse(LOOMWISE, markdown=True)
    f = _field("funding-pitch", "/china/headline")
    assert model_problems(doc.text, doc.lang, f, "China's Loomwise: 6% Up", passage(doc, f))


def test_the_guard_checks_who_and_which_way():
    doc = parse(LOOMWISE, markdown=True)
    f = _field("funding-pitch", "/problem/headline")
    p = passage(doc, f)
    # 19% is Loomwise's, not Meicai's; 6% was a rise
    assert model_problems(doc.text, doc.lang, f, "Meicai ARR up 19%", p)
    assert model_problems(doc.text, doc.lang, f, "Loomwise ARR down 6%", p)
    # the same facts in the same roles pass
    assert model_problems(doc.text, doc.lang, f, "Loomwise grew 19% on the quarter", p) == []
    assert model_problems(doc.text, doc.lang, f, "Pattern design for small textile mills", p) == []


def test_figures_and_dates_in_words():
    got = {m.raw: (m.value, m.percent, m.currency) for m in spelled_mentions(
        "We are raising four and a half million dollars, a runway of eighteen months; "
        "ninety-three percent renewed; one tap.", "en", [])}
    assert got == {"four and a half million": (4500000, False, "USD"), "eighteen": (18, False, ""),
                   "ninety-three percent": (93, True, "")}
    zh = {m.raw: m.value for m in spelled_mentions("同比增长百分之十五点三，客户一千二百余家，一季度，第一", "zh", [])}
    assert zh == {"百分之十五点三": 15.3, "一千二百余家": 1200}
    assert [d.iso() for d in spelled_dates("二〇二六年一月十五日", "zh")] == ["2026-01-15"]
    assert [d.iso() for d in spelled_dates("founded on the first of February 2023", "en")] == ["2023-02-01"]


MEMO_IN_WORDS = """Marigold Learning

Marigold Learning makes a reading tutor for children. The company was founded on the first of February 2023 in Dublin.

The total market for early literacy software is about twenty billion dollars. The part we can reach is roughly three billion dollars, and we believe one hundred and fifty million dollars is within reach over five years. The category is growing by about eight percent a year.

A little over twenty-six thousand students use Marigold today. Annual recurring revenue is 1.3 million dollars, it has grown by twelve percent a quarter, and ninety-three percent of schools renewed their licence.

We are raising four and a half million dollars, which gives us a runway of two years.
"""


def test_a_memo_without_headings_with_figures_in_words():
    d = fill(_inputs("funding-pitch"), parse(MEMO_IN_WORDS, markdown=True)).data
    assert d["company"]["name"] == "Marigold Learning" and d["company"]["founded"] == "2023-02-01"
    assert d["market"] == {"tam": 20000, "sam": 3000, "som": 150, "cagr": 0.08}
    t = d["traction"]
    assert (t["users"], t["arr"], t["growth"], t["retention"]) == (26000, 1300000, 0.12, 0.93)
    assert (d["ask"]["amount"], d["ask"]["runway_months"]) == (4500000, 24)


EMAIL = """From: Marta Olsen <marta@kestrel.example>
Subject: Kestrel Robotics - numbers for Thursday

Hi Priya,

Quick recap: Kestrel Robotics builds weeding robots for organic farms. We started the company on 2 February 2021.

WHAT WE DO

Our robot removes weeds with a small hoe.

THE ROUND

We are raising $4.2M. That gives us 22 months. Roughly 45% goes to manufacturing, 35% to sales in California and 20% to software.

Best,
Marta
"""


def test_an_email_memo_with_capital_headings_and_a_list_in_prose():
    d = fill(_inputs("funding-pitch"), parse(EMAIL, markdown=True)).data
    assert d["company"]["name"] == "Kestrel Robotics"  # not "We", not the heading
    assert d["ask"]["amount"] == 4200000 and d["ask"]["runway_months"] == 22
    assert d["ask"]["use_of_funds"] == [{"label": "Manufacturing", "share": 0.45},
                                        {"label": "Sales in California", "share": 0.35},
                                        {"label": "Software", "share": 0.2}]


REPORT = """启明教育科技

- 2025年第二季度经营汇报

一、经营情况

上半年公司实现营业收入4,520万元，同比增长6.3%，环比增长2.1%。截至6月底累计服务客户1,530家，本月新签客户47家。其中，门票收入2,130万元，酒店及餐饮收入1,870万元，文创商品及其他收入520万元。

二、下季度计划

全年营业收入目标为1.2亿元。
"""


def test_a_report_total_customers_year_on_year_and_shares_of_a_total():
    d = fill(_inputs("report-zh"), parse(REPORT, markdown=True)).data
    assert d["title"] == "启明教育科技2025年第二季度经营汇报"
    assert d["figures"] == {"revenue": 45200000, "growth": 0.063, "customers": 1530}
    assert [(x["name"], round(x["share"], 4)) for x in d["mix"]] == [
        ("门票", 0.4712), ("酒店及餐饮", 0.4137), ("文创商品及其他", 0.115)]


PRODUCTS = """# Pebblestone

Home dialysis, watched remotely.

## Products

Pebble Hub is the bedside connector, sold to clinics at $2,400 per patient per year with a 58% gross margin. Pebble Watch is the remote nursing service at $9,600 per patient per year with a 41% gross margin.

## More products

We sell two more today:

- Tower Pack 48 - a 48 V, 10 kWh backup pack. List price $3,900 per pack, gross margin 31%.
- GridSense - the monitoring subscription, $180 per pack per year, gross margin 74%.
"""


def test_products_written_as_sentences_or_under_a_lead_in_line():
    d = fill(_inputs("funding-pitch"), parse(PRODUCTS, markdown=True)).data
    got = [(p["name"], p["summary"], p["price"], p["margin"]) for p in d["products"]]
    assert got == [("Pebble Hub", "The bedside connector", 2400, 0.58),
                   ("Pebble Watch", "The remote nursing service", 9600, 0.41),
                   ("Tower Pack 48", "A 48 V, 10 kWh backup pack", 3900, 0.31),
                   ("GridSense", "The monitoring subscription", 180, 0.74)]


NO_HEADINGS = """Northloop Freight is a freight-matching service for regional trucking firms. We were incorporated on 3 October 2022.

Regional carriers drive about a third of their miles empty, because the loads that would fill a return trip are posted on boards they do not watch.

Northloop reads a carrier's planned routes and offers matching return loads before the truck leaves. Dispatchers accept a load with one tap.

We are now raising a Series A of $8 million, which funds 26 months of operations.
"""


def test_a_memo_without_headings_states_its_solution_after_its_problem():
    d = fill(_inputs("funding-pitch"), parse(NO_HEADINGS, markdown=True)).data
    assert d["company"]["name"] == "Northloop Freight"
    assert d["problem"]["headline"].startswith("Regional carriers drive about a third")
    assert d["solution"]["points"][0].startswith("Northloop reads a carrier's planned routes")


def test_a_target_is_not_the_result():
    memo = ("# Acme Robotics\n\nAcme Robotics builds robots.\n\nWe are seeking $2.5M in seed funding. "
            "Our ARR is $300k and we target $2M ARR by 2027.\n")
    d = fill(_inputs("funding-pitch"), parse(memo, markdown=True)).data
    assert d["ask"]["amount"] == 2500000 and d["traction"]["arr"] == 300000


def test_a_short_update_email_names_the_company_and_its_falls():
    memo = ("Subject: Re: Finch & Co update\n\nHi all,\n\nFinch & Co closed Q3 with ARR of $1.9 million, "
            "down 4% on the quarter after a large customer left. Monthly active users fell to 3,200. "
            "Net revenue retention dropped to 91%.\n\nWe went live on 5 May 2022 and are raising a $2 million "
            "bridge, which covers 14 months.\n\nThanks,\nAda\n")
    d = fill(_inputs("funding-pitch"), parse(memo, markdown=True)).data
    assert d["company"]["name"] == "Finch & Co"  # not "Finch & Co update"
    t = d["traction"]
    assert (t["users"], t["arr"], t["growth"], t["retention"], t["since"]) == (
        3200, 1900000, -0.04, 0.91, "2022-05-05")
    assert (d["ask"]["amount"], d["ask"]["runway_months"]) == (2000000, 14)


def test_a_china_launch_given_as_a_season_is_kept_as_written():
    memo = ("# Brightpath Health\n\nScheduling software for clinics.\n\n## Traction\n\nWe launched on "
            "1 June 2023.\n\n## China\n\nWe will enter China in early 2027 with Ping An Good Doctor as "
            "our partner.\n")
    d = fill(_inputs("funding-pitch"), parse(memo, markdown=True)).data
    # the company's own launch is not the China launch; the China one is no day: as written
    assert d["traction"]["since"] == "2023-06-01" and d["china"]["launch"] == "early 2027"
    assert d["china"]["partners"] == ["Ping An Good Doctor"]


def test_market_and_traction_phrasings_without_labels():
    def one(text: str) -> dict:
        return fill(_inputs("funding-pitch"), parse(f"# Gridlark\n\nGridlark builds tools.\n\n{text}\n",
                                                    markdown=True)).data

    d = one("Home energy audits are a $9 billion market in the US. We can address $1.2 billion today "
            "and expect revenue of $40 million in five years. The market is growing 6% annually.")
    assert d["market"] == {"tam": 9000, "sam": 1200, "som": 40, "cagr": 0.06}
    d = one("We have 2,400 monthly active users and $480k in annual recurring revenue, growing 8% "
            "month over month.")
    # "monthly" is no runway in months (and a runway the memo does not give is left out)
    assert (d["traction"]["users"], d["traction"]["arr"]) == (2400, 480000)
    assert "runway_months" not in d["ask"]
    d = one("We're looking for $1.5M to extend our runway to 18 months.")
    assert (d["ask"]["amount"], d["ask"]["runway_months"]) == (1500000, 18)


def test_a_report_target_sentence_and_a_year_report_period():
    text = ("# 示例公司2026年经营报告\n\n一、经营情况\n\n上半年实现收入6.3亿元，同比增长21%，其中二季度收入3.4亿元。"
            "服务企业客户1,520家。\n\n二、下半年计划\n\n力争全年收入达到13亿元，客户数突破2,000家。\n")
    d = fill(_inputs("report-zh"), parse(text, markdown=True)).data
    # 力争 governs the whole sentence: 2,000 is a target, not the customers
    assert d["figures"] == {"revenue": 630000000, "growth": 0.21, "customers": 1520}
    assert d["period"] == "2026年"


def test_the_company_launch_is_since_and_the_china_launch_is_china_s():
    def one(text: str) -> dict:
        return fill(_inputs("funding-pitch"), parse(f"# Gridlark\n\nGridlark builds tools.\n\n{text}\n",
                                                    markdown=True)).data

    d = one("Established 2020-02-14. We launched our product publicly on 3 May 2021.")
    assert (d["company"]["founded"], d["traction"]["since"]) == ("2020-02-14", "2021-05-03")
    d = one("Established 2020-02-14. Launching in China on 2027-04-01.")
    assert (d.get("traction", {}).get("since"), d["china"]["launch"]) == (None, "2027-04-01")
