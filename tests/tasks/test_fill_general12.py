"""General readings of h/fill12, each tested on new short documents about fictitious companies:
a reply e-mail over the earlier e-mail it quotes, and more."""

from __future__ import annotations

from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.document import quoted_spans
from tests.tasks.fill_docs import inputs as _inputs
from tests.tasks.fill_docs import pitch as _pitch

# --- 1. a reply e-mail over the e-mail it quotes: the reply's figures are the newer ones -------

_REPLY = ("Subject: Re: Fernquay update\n\n"
          "Hi everyone,\n\n"
          "Fernquay plans the routes of small ferry operators so they can run more crossings per day.\n\n"
          "ARR reached $940K in March. We are raising a seed round of $3.2M, which gives us "
          "a runway of 26 months.\n\n"
          "Best,\nTomas\n\n"
          "On 4 Feb 2027, Tomas Pirelli wrote:\n"
          "> Hi everyone, the January update.\n"
          "> ARR is $810K. We are thinking about a $2.4M seed, for about 20 months of runway.\n"
          "> We incorporated in Bergen in May 2021.\n")


def test_a_replys_figure_wins_over_the_quoted_older_one():
    r = _pitch(_REPLY, markdown=False)
    assert r.data["traction"]["arr"] == 940000
    assert r.data["ask"]["amount"] == 3200000
    assert r.data["ask"]["runway_months"] == 26


def test_a_quoted_figure_still_fills_what_the_reply_does_not_say():
    text = _REPLY.replace("We are raising a seed round of $3.2M, which gives us a runway of 26 months.",
                          "We are raising a seed round of $3.2M.")
    r = _pitch(text, markdown=False)
    assert r.data["ask"]["amount"] == 3200000
    assert r.data["ask"]["runway_months"] == 20  # only the quoted e-mail says it
    assert r.data["company"]["founded"] == "2021-05-01"


def test_the_quoted_part_of_an_email_is_found():
    text = "Thanks, see below.\n\n-----Original Message-----\nFrom: A\nARR $1M\n"
    (span,) = quoted_spans(text)
    assert text[span[0]:].startswith("-----Original")
    zh = "收到，已更新。\n\n发件人：王磊\n营业收入1.2亿元\n"
    (span,) = quoted_spans(zh)
    assert zh[span[0]:].startswith("发件人")
    lines = "New ARR $2M.\n> old ARR $1M\nMore new text.\n"
    (span,) = quoted_spans(lines)
    assert lines[span[0]:span[1]] == "> old ARR $1M\n"
    # a document that opens with its header ("From: ...") quotes nothing
    assert quoted_spans("发件人：王磊\n营业收入1.2亿元\n") == []
    assert quoted_spans("On 3 May, Ana wrote:\n\nARR $1M\n") == []


# --- 2. comma-separated tables pasted as text or in a code block -----------------------------

_CSV = ("# Tallowmere — board pack numbers\n\n"
        "Tallowmere runs the booking software of small climbing gyms.\n\n"
        "From our finance export:\n\n"
        "```csv\n"
        "quarter,arr_000,climbers\n"
        "Q1 2027,610,4100\n"
        "Q2 2027,745,4930\n"
        "```\n\n"
        "The round:\n\n"
        "```\n"
        "item,value\n"
        "raise_000,4200\n"
        "runway_months,21\n"
        "```\n")


def test_a_csv_table_in_a_code_block_is_read_as_a_table():
    doc = parse(_CSV, "memo", markdown=True)
    tables = doc.tables
    assert [t.header for t in tables] == [["quarter", "arr (thousands)", "climbers"], ["item", "value"]]
    assert tables[0].rows[1] == ["Q2 2027", "745", "4930"]
    r = fill(_inputs("funding-pitch"), doc)
    assert r.data["ask"]["amount"] == 4200000  # raise_000: in thousands
    assert r.data["ask"]["runway_months"] == 21
    quarters = r.data["traction"]["quarters"]
    assert [q["label"] for q in quarters] == ["Q1 2027", "Q2 2027"]
    assert [q["arr"] for q in quarters] == [610, 745]  # the template's quarters count in thousands


def test_a_csv_table_pasted_as_plain_text_is_read_too():
    text = ("Tallowmere runs the booking software of small climbing gyms.\n\n"
            "item,value\nraise_000,4200\nrunway_months,21\n")
    doc = parse(text, "memo", markdown=False)
    assert doc.tables and doc.tables[0].rows == [["raise (thousands)", "4200"], ["runway months", "21"]]
    r = fill(_inputs("funding-pitch"), doc)
    assert r.data["ask"]["amount"] == 4200000


def test_prose_with_commas_and_a_scale_of_zeros_is_no_table():
    doc = parse("We sell in Lyon, Nantes, and Lille.\nPrices, terms,and dates follow.\n\n"
                "All money in $000.\n", "memo", markdown=False)
    assert not doc.tables
    assert all(m.value != 0 for m in doc.mentions)  # "$000" is a scale, no figure


# --- 3. a bare figure is no fraction of a million ------------------------------------------

def test_a_bare_market_figure_is_not_read_as_a_fraction_of_a_million():
    text = ("Tallowmere runs the booking software of small climbing gyms.\n\n"
            "Market (USD millions): TAM 5,200 · SAM 940 · SOM 120.\n")
    r = _pitch(text, markdown=False)
    assert (r.data.get("market") or {}).get("tam") != 0.0052  # refused rather than $5,200
    r = _pitch(text.replace("TAM 5,200", "TAM $5.2B"), markdown=False)
    assert r.data["market"]["tam"] == 5200
