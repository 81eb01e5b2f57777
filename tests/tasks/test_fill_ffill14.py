"""English readings of h/ffill14 (issue 20, fill rate), each tested on short made-up documents
about fictitious companies: a KPI table whose customers row is the only count of who uses the
product, read in the table's current column."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from tests.tasks.fill_docs import inputs as _inputs


def _fill(text: str, markdown: bool = True):
    return fill(_inputs("funding-pitch"), parse(text, "memo", markdown=markdown))


def _users(text: str, markdown: bool = True):
    return _fill(text, markdown).data.get("traction", {}).get("users")


# --- 1. a KPI table's customers row ----------------------------------------------------------

def test_customers_row_in_the_latest_year_column():
    text = ("# Pallisade Health: investor summary\n\n"
            "Pallisade schedules night nurses for private clinics.\n\n"
            "| Metric | FY2025 | FY2026 |\n|---|---|---|\n"
            "| ARR | $1.4M | $2.3M |\n| Clinics live | 88 | 131 |\n| Net retention | 108% | 114% |\n")
    assert _users(text) == 131


def test_customers_row_in_the_actual_column_not_the_plan():
    text = ("# Ostrander Cold Chain: board pack\n\n"
            "| KPI | Plan | Actual |\n|---|---|---|\n"
            "| ARR | $3.0M | $2.8M |\n| Warehouses under contract | 90 | 84 |\n| Gross margin | 40% | 42% |\n")
    assert _users(text) == 84


def test_customers_row_with_the_current_column_first_and_someone_elses_staff():
    # the advisor's former employer's 1,400 employees are no users of the company
    text = ("# Birchmoor Legal: update\n\n"
            "Our new advisor ran a firm with 1,400 employees before she joined us.\n\n"
            "| | This year | Last year |\n|---|---|---|\n"
            "| Revenue | $900K | $610K |\n| Paying customers (law firms) | 64 | 41 |\n")
    assert _users(text) == 64


def test_customers_row_of_quarters_in_a_text_table():
    text = ("HARROWGATE FERRIES - Q3 UPDATE\n\n"
            "Metric      Q2 2026   Q3 2026\n"
            "ARR         $2.1M     $2.6M\n"
            "Marinas     38        45\n")
    r = _fill(text, markdown=False)
    if r.data["traction"].get("arr") == 2600000:  # the reader saw the table
        assert r.data["traction"].get("users") == 45


def test_no_column_says_which_is_now():
    # two regions, side by side: neither column is the company's current count
    text = ("# Quenby Salons\n\n| | North | South |\n|---|---|---|\n"
            "| Salons | 40 | 65 |\n| ARR | $0.4M | $0.7M |\n")
    assert _users(text) is None


def test_new_or_lost_customers_are_not_all_of_them():
    text = ("# Tollgate Vets\n\n| | FY2025 | FY2026 |\n|---|---|---|\n"
            "| ARR | $1.0M | $1.6M |\n| New clinics | 20 | 35 |\n| Clinics lost | 2 | 3 |\n")
    assert _users(text) is None


def test_a_people_row_leaves_the_customers_row_alone():
    # the teachers may be the users: no guess between them and the schools
    text = ("# Lanternfield Maths\n\n| | FY2025 | FY2026 |\n|---|---|---|\n"
            "| Schools | 120 | 210 |\n| Teachers | 900 | 1,700 |\n")
    assert _users(text) != 210


# --- 2. counts of people that are nobody's users -----------------------------------------------

def test_another_companys_employees_leave_the_customers_count():
    text = ("# Wickham Dental Cloud\n\n"
            "Customers: 85 dental practices in England and Wales.\n\n"
            "Our chair, Ruth Keane, ran a bank with 12,000 employees.\n")
    assert _users(text) == 85


def test_a_range_or_a_cap_of_people_is_no_count_of_users():
    text = ("# Flexwell Studios\n\n"
            "Most yoga studios have 3 to 12 instructors. 240 studios pay for Flexwell every month.\n\n"
            "- Flexwell Solo: $49 per studio per month (up to 5 instructors)\n")
    assert _users(text) == 240


def test_a_date_before_a_count_of_people_is_no_count():
    text = ("Fenwick Trade Tools\n\nFounded: May 2019, Cardiff\nFirst paying site: June 2020\n"
            "Customers: 310 electricians in Wales\n")
    assert _users(text, markdown=False) == 310


def test_a_partners_members_are_not_the_company_s_users():
    text = ("# Harrowfield Grain\n\nHarrowfield dries grain for 44 farms on contract.\n\n"
            "## Launch partner\n\nNorthvale Co-op, which serves 30,000 members, signed in May.\n")
    assert _users(text) == 44


def test_a_workforce_that_uses_the_product_still_blocks_the_guess():
    # "1,900 employees log in": people who use it, maybe the users -- no guess from the stores
    text = ("# Shiftmoor\n\n| | FY2025 | FY2026 |\n|---|---|---|\n| Stores live | 30 | 52 |\n\n"
            "1,900 store employees log in to Shiftmoor every week.\n")
    assert _users(text) != 52


# --- 3. a slogan set apart: named by the text, or under a signature ---------------------------

def _tagline(text: str, markdown: bool = True):
    return _fill(text, markdown).data.get("company", {}).get("tagline")


def test_the_line_the_text_names_as_its_motto():
    text = ("# Greenwick Produce: note for investors\n\n"
            "Greenwick runs cold stores for market gardens around Norwich.\n\n"
            "Our motto, printed on every crate: Grown here, eaten here.\n\n"
            "## Traction\n\nARR is $640K.\n")
    assert _tagline(text) == "Grown here, eaten here."


def test_the_short_line_under_a_founders_signature():
    text = ("Subject: Tallowmere - November numbers\n\nHi Sam,\n\n"
            "Tallowmere keeps bakery shelves stocked by predicting what sells out. ARR is $1.1M.\n\n"
            "Thanks,\nPriya Raman\nFounder & CEO, Tallowmere\nBakeries that never run out.\n")
    assert _tagline(text, markdown=False) == "Bakeries that never run out."


def test_a_legal_name_or_a_long_sentence_under_a_signature_is_no_slogan():
    for last in ("Tallowmere Ltd.",
                 "We will send the deck next week once the audit is finished and the board signs off."):
        text = ("Subject: Tallowmere - November numbers\n\nHi Sam,\n\n"
                "ARR is $1.1M, up 40% on last year.\n\n"
                f"Best,\nPriya Raman\nCEO, Tallowmere\n{last}\n")
        assert _tagline(text, markdown=False) != last.rstrip(".")
        assert _tagline(text, markdown=False) != last


def test_a_line_someone_else_tests_is_not_named_ours():
    text = ("# Greenwick Produce\n\nARR is $640K.\n\n"
            "The tagline a rival uses: Fresh every day.\n")
    assert _tagline(text) != "Fresh every day."


# --- 4. priced items listed together -----------------------------------------------------------

def _products(text: str, markdown: bool = True):
    return [(p.get("name"), p.get("price")) for p in _fill(text, markdown).data.get("products") or []]


def test_wiki_links_are_the_names_they_show():
    text = ("---\ntitle: Kelpline\n---\n# Kelpline\n\nKelpline makes seaweed feed additives for dairy farms.\n\n"
            "- Products: [[Kelpline Feed]] ($22 per tonne), [[Kelpline Boost]] ($35 per tonne)\n"
            "- ARR: $1.3M\n")
    assert _products(text) == [("Kelpline Feed", 22), ("Kelpline Boost", 35)]


def test_two_items_priced_in_one_labelled_line():
    text = ("# Harbourlight: note for the partners\n\nHarbourlight runs berth booking and billing for the "
            "marinas of the south coast, and it lets boat owners book a night from their phone.\n\n"
            "- Pricing: Harbourlight Dock at $240 per marina per month and Harbourlight Fuel at $60 per "
            "marina per month.\n- ARR: $2.2M\n")
    assert _products(text) == [("Harbourlight Dock", 240), ("Harbourlight Fuel", 60)]


def test_the_second_item_priced_with_its_verb_left_out():
    text = ("# Ternwick\n\nTernwick finds faults in rooftop solar.\n\n## Products\n\n"
            "Ternwick Scan is sold for US$900 per site per year; Ternwick Alerts for US$300 per site per year.\n")
    r = _fill(text)
    assert [(p["name"], p["price"]) for p in r.data["products"]] == [("Ternwick Scan", 900), ("Ternwick Alerts", 300)]
    assert all("US" not in (p.get("summary") or "") for p in r.data["products"])


def test_one_price_for_two_names_is_not_split():
    text = ("# Ternwick\n\nTernwick finds faults in rooftop solar.\n\n"
            "- Products: Ternwick Scan and Ternwick Alerts ($900 per site per year together)\n")
    assert ("Ternwick Alerts", 900) not in _products(text)


def test_the_payers_price_for_a_named_item():
    text = ("# Quarrymoor Tutoring\n\nQuarrymoor runs small-group maths tutoring inside state schools, "
            "taught by trained graduates.\n\n"
            "Schools pay $180 per pupil per term for Quarrymoor Catch Up. ARR is $2.4M.\n")
    assert _products(text) == [("Quarrymoor Catch Up", 180)]


def test_an_item_named_in_apposition_to_its_lease():
    text = ("# Sillhaven Robotics\n\nSillhaven builds robots that clean greenhouse roofs for growers "
            "in the Netherlands and in England.\n\n"
            "Each robot is leased with servicing included; the standard lease, Sillhaven G3, is $900 per robot "
            "per month.\n")
    assert _products(text) == [("Sillhaven G3", 900)]


def test_who_pays_for_the_round_is_no_item():
    text = ("# Sillhaven Robotics\n\nSillhaven builds robots that clean greenhouse roofs for growers "
            "in the Netherlands and in England.\n\n"
            "Investors pay $4 per share for the Series A Preferred.\n")
    assert ("Series A Preferred", 4) not in _products(text)
