"""English readings added after fill-eval13's blind part (issue 20): short made-up documents about
fictitious companies, each of a kind people hand the filler (an OCR'd fact sheet, a shared
due-diligence checklist, a board pack's restated KPI table, a flyer, a cap-table e-mail, a
customer's reference letter, a startup-database profile, a Form D notice) and what a careful
reader fills from them."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.scanned import repair
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = False):
    return fill(_inputs("funding-pitch"), parse(text, "memo", markdown=markdown))


_SCANNED = (
    "BRACKENWOOD TILES  ·  ONE-PAGER  ·  FOR INVESTORS                Sep 2O26\n\n"
    "Brackenwood Tiles makes recycled-glass floor tiles for hospi-\n"
    "tals and schools.\n\n"
    "Founded: 2O19, Leeds\n\n"
    "NUMBERS\n"
    "  Annual recurring rev-\n"
    "  enue: $2.4M (Aug 2026)\n"
    "  Customers: 310 con-\n"
    "  tractors\n\n"
    "THE ROUND\n"
    "  Raising $5M; 18 months of run-\n"
    "  way. Funds: kilns 60%, sales 40%.\n"
)


def test_scanned_text_rejoins_broken_words_and_reads_misread_zeros():
    fixed = repair(_SCANNED)
    assert "for hospitals and schools" in fixed.replace("\n", " ")
    assert "Annual recurring revenue: $2.4M" in fixed
    assert "Founded: 2019" in fixed and "Sep 2026" in fixed
    # a compound the text also writes with its hyphen keeps it; a word in capitals keeps its O
    assert "long-term" in repair("a long-\nterm plan; long-term contracts")
    assert "self-service" in repair("a self-\nservice kiosk")
    assert repair("CO2 and H2O, 2 OEMs") == "CO2 and H2O, 2 OEMs"


def test_an_ocr_fact_sheet_gives_its_company_founding_year_and_arr():
    r = _fill(_SCANNED)
    assert r.data["company"]["name"] == "Brackenwood Tiles"  # not "Funds", a label over shares
    assert r.data["company"]["founded"] == "2019-01-01"
    assert r.data["traction"]["arr"] == 2400000
    assert r.data["ask"]["amount"] == 5000000
    assert r.data["ask"]["runway_months"] == 18


_CHECKLIST = (
    "# Diligence tracker — Saltgrass Kitchens (Seed)\n\n"
    "Shared between Oriel Capital and Saltgrass Kitchens.\n\n"
    "- [x] Overview\n"
    "  - Saltgrass Kitchens rents out commissary kitchens to food trucks.\n"
    "  - Incorporated 4 March 2021.\n"
    "- [x] Revenue\n"
    "  - Answer (2 Sep): $900K ARR at end of August, up 70% YoY.\n"
    "  - Update (1 Dec): $1.1M ARR at end of November, up 85% YoY.\n"
    "- [x] Customers — 212 food trucks on monthly plans.\n"
    "- [x] Pricing — Saltgrass Station: $1,200 per truck per month; Cold Locker add-on: $150 per truck per month.\n"
    "- [ ] Audited accounts — pending.\n"
)


def test_a_checklist_s_boxes_are_no_text_and_its_update_replaces_the_answer():
    r = _fill(_CHECKLIST, markdown=True)
    assert r.data["company"]["name"] == "Saltgrass Kitchens"
    assert "[x]" not in (r.data["company"].get("description") or "")
    assert r.data["traction"]["arr"] == 1100000  # the update, not the September answer
    assert r.data["traction"]["growth"] == 0.85
    # "on monthly plans" is the price plan they are on, no plan for the future
    assert r.data["traction"]["users"] == 212


def test_a_dash_label_over_items_with_colons_lists_each_item():
    r = _fill(_CHECKLIST, markdown=True)
    names = [p["name"] for p in r.data["products"]]
    prices = [p["price"] for p in r.data["products"]]
    assert names[:2] == ["Saltgrass Station", "Cold Locker"]
    assert prices[:2] == [1200, 150]


_RESTATED = (
    "Wrenfield Analytics, Inc. — Board pack, 10 December 2026\n"
    "Appendix A: KPIs\n\n"
    "Wrenfield Analytics forecasts spare-parts demand for regional airlines.\n\n"
    "Metric; FY2026 (to 30 Nov); FY2025; FY2026 budget\n"
    "ARR; $4.2M¹; $3.0M; $4.6M\n"
    "Airline customers (end of period); 38; 27; 40\n\n"
    "¹ Restated. The October pack showed $4.5M; a one-off implementation fee was moved out of ARR. "
    "The $4.2M is the figure of record.\n"
)


def test_a_restated_figure_s_footnote_keeps_the_table_figure():
    r = _fill(_RESTATED)
    assert r.data["traction"]["arr"] == 4200000  # not the October pack's $4.5M


def test_a_restated_footnote_without_the_figure_points_at_its_mark():
    text = _RESTATED.replace(" The $4.2M is the figure of record.", "")
    assert _fill(text).data["traction"]["arr"] == 4200000


_FLYER = (
    "KESTREL\n"
    "Parking sensors that pay for themselves.\n\n"
    "Visit us at Stand 88 · SmartCity Expo 2026 · Barcelona · Nov 3–5\n\n"
    "📡 Kestrel uses magnetic sensors to show free kerbside spaces in real time.\n\n"
    "🏙 54 cities live across Spain and Portugal\n\n"
    "PRICING · Kestrel Node — $39 per sensor per year · Kestrel Map — $900 per city per month · "
    "Expo offer: 15% off\n"
)


def test_a_flyer_s_name_slogan_and_priced_items():
    r = _fill(_FLYER)
    assert r.data["company"]["name"] == "Kestrel"
    assert r.data["company"]["tagline"].startswith("Parking sensors that pay for themselves")
    products = r.data["products"]
    assert [p["name"] for p in products] == ["Kestrel Node", "Kestrel Map"]
    assert [p["price"] for p in products] == [39, 900]


def test_an_e_mail_signature_is_no_company_and_a_wrapped_count_keeps_its_noun():
    text = ("From: Mara Quint <mara@tollgate.example>\n"
            "Subject: Cap table for the data room\n\n"
            "Hi all, below is the cap table as of 30 November 2026, for the data room of our round.\n\n"
            "Some context: Tollgate Freight builds booking software for regional trucking firms.\n"
            "Quick numbers for new readers: ARR was $3.4M at the end of November, across 96\n"
            "trucking customers. We are raising $8M now.\n\n"
            "Mara Quint, CFO\n\n"
            "Holder; Class; Shares\n"
            "Founders; Common; 8000000\n")
    r = _fill(text)
    assert r.data["company"]["name"] == "Tollgate Freight"
    assert r.data["traction"]["users"] == 96


def test_a_reference_letter_s_company_serves_its_customers():
    text = ("Harlow Valley Schools\n\n"
            "Office of the Superintendent · 14 Mill Road, Harlow, OR\n\n"
            "3 November 2026\n\n"
            "Letter of reference\n\n"
            "Chalkline makes attendance software for school districts. We were Chalkline's first customer. "
            "Chalkline now serves 41 school districts, with ARR of $2.2 million.\n")
    r = _fill(text)
    assert r.data["company"]["name"] == "Chalkline"
    assert r.data["traction"]["users"] == 41
    assert r.data["company"].get("tagline") is None  # a letterhead's address is no motto


def test_a_funding_history_s_rounds_are_no_ask():
    text = ("Ferrowick\n\n"
            "Company profile · StartupLedger · Last updated 1 December 2026\n\n"
            "Ferrowick makes corrosion sensors for bridges.\n\n"
            "- Founded: 2020\n"
            "- Funding status: Actively raising — Series A, $12M\n\n"
            "Funding rounds\n\n"
            "Date; Round; Amount; Lead\n"
            "3 May 2024; Seed; $4M; Brookline Ventures\n"
            "9 June 2022; Pre-seed; $1M; Angels\n")
    r = _fill(text)
    assert r.data["ask"]["amount"] == 12000000
    assert r.data["company"].get("tagline") is None


def test_a_form_s_year_of_incorporation_and_a_part_of_the_count():
    text = ("Notice of Exempt Offering\n\n"
            "- Name of Issuer: Pennant Grid, Inc.\n"
            "- Year of Incorporation: Within Last Five Years — 2022\n"
            "- First site energized March 2023\n\n"
            "Customers\n\n"
            "Pennant Grid has 120 substations under contract. Norvale Power alone has 30 of our substations.\n")
    r = _fill(text)
    assert r.data["company"]["founded"] == "2022-01-01"
    assert r.data["traction"]["since"] == "2023-03-01"
    assert r.data["traction"].get("users") != 30


_IMPACT = (
    "Millbrook — 2026 Annual Report\n\n"
    "Prepared for our investors, 1 December 2026.\n\n"
    "Who we are\n\n"
    "Millbrook leases electric tuk-tuks to delivery riders on a weekly plan. We were founded in Kampala "
    "in 2019 and leased our first vehicle in May 2020.\n\n"
    "Metrics\n\n"
    "Metric; FY2025; FY2026; Change\n"
    "Riders leasing a Millbrook tuk-tuk; 2,100; 3,300; 57%\n"
    "Tonnes of CO2 avoided; 4,000; 6,500; 63%\n"
    "ARR; $1.5M; $2.4M; 60%\n\n"
    "Financials\n\n"
    "Our weekly plan, Millbrook Ride, costs riders $12 a week. We are raising $6M for 24 months of runway.\n"
)


def test_a_founding_place_before_the_year_and_the_first_lease_after_it():
    r = _fill(_IMPACT)
    assert r.data["company"]["founded"] == "2019-01-01"  # "founded in Kampala in 2019"
    assert r.data["traction"]["since"] == "2020-05-01"


def test_a_metrics_table_by_year_gives_users_growth_and_no_quarters():
    r = _fill(_IMPACT)
    # the riders row, not the tonnes on the next line ("3,300" / "Tonnes" is no unit of it)
    assert r.data["traction"]["users"] == 3300
    assert r.data["traction"]["arr"] == 2400000
    assert r.data["traction"]["growth"] == 0.6  # the ARR row's Change, not the riders'
    assert not r.data["traction"].get("quarters")  # years, no quarters


def test_a_price_with_its_payer_between():
    r = _fill(_IMPACT)
    assert [(p["name"], p["price"]) for p in r.data["products"]] == [("Millbrook Ride", 12)]


def test_an_as_of_column_dates_the_figures_and_a_q_and_a_gives_the_start():
    text = ("Data room — Osprey Lending (Series A)\n\n"
            "Osprey lends working capital to independent pharmacies.\n\n"
            "Key metrics\n\n"
            "Metric; Value; As of\n"
            "ARR; $3.1M; 30 Sep 2026\n"
            "Loans outstanding; 420; 30 Sep 2026\n\n"
            "Q&A\n\n"
            "Q: When did your first pharmacy go live? A: June 2022.\n")
    r = _fill(text)
    assert r.data["traction"]["since"] == "2022-06-01"  # not the As-of column's 30 Sep 2026
    without_q = _fill(text.split("Q&A")[0])
    assert without_q.data["traction"].get("since") is None


def test_the_description_is_the_company_s_line_of_business_and_a_role_is_no_aside():
    text = ("Corvid Rail\n\n"
            "Company profile · TrackBase · Last updated 4 December 2026\n\n"
            "Corvid Rail inspects freight tracks with drones for short-line railroads.\n\n"
            "Overview\n\n"
            "- Founded: 2021\n"
            "- CEO: Ada Brenner\n"
            "- Board: Milo Frank — Director (investor designee, Tallis Ventures); Ada Brenner — Director\n")
    r = _fill(text)
    assert r.data["company"]["description"] == "Corvid Rail inspects freight tracks with drones for short-line railroads"
    assert r.data["company"].get("tagline") is None  # not "Investor designee, Tallis Ventures"


def test_a_chat_s_careful_use_this_figure_corrects_the_figure_said_again_bare():
    text = ("Chat export: #deck-prep\n\n"
            "[11/02/2026 9:02 AM] Lena Ortiz: numbers for the deck. Sorrel Labs: lab scheduling for biotech startups\n"
            "[11/02/2026 9:03 AM] Lena Ortiz: ARR $4.2M, growth 22% QoQ\n"
            "[11/02/2026 9:40 AM] Sam Reyes: careful, 4.2 includes the Basel pilot which isn't signed. Use $3.9M\n"
            "[11/02/2026 9:41 AM] Lena Ortiz: ok, ARR $3.9M then\n")
    r = _fill(text)
    assert r.data["traction"]["arr"] == 3900000
    assert r.data["traction"]["growth"] == 0.22


def test_call_notes_first_order_and_abbreviated_market():
    text = ("CALL NOTES - Larchmont Capital / Fennick Feeds\n"
            "2-Dec-2026, notes by R. Ames\n\n"
            "- Fennick Feeds: insect-protein pellets for fish farms\n"
            "- inc. 2022 (Mar), first farm order Sep 2023\n"
            "- mkt per founder: $4B aquafeed protein; SAM (salmon farms) $900M\n"
            "- expects first retail order in Q2 2027\n")
    r = _fill(text)
    assert r.data["traction"]["since"] == "2023-09-01"
    assert r.data["market"]["tam"] == 4000
