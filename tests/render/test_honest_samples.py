"""What a deck or report filled from a memo says must come from the memo: no fixed claim
("Price per seat and month", "Our entry product", 编制：管理层), no legend or box over
nothing ("Plan" without plan values, ¥0 for a revenue the memo does not give), and
percentages as written (131%, 12.5%: not 131.00%)."""

from __future__ import annotations

import copy
import json

import pytest

import o3local
from o3local.resources import asset


def sample(name: str) -> dict:
    return json.loads((asset("templates") / name / "samples" / "data.json").read_text("utf-8"))


def page_lines(result) -> list[str]:
    """The text lines of each page (table and chart labels too), joined per page."""
    from o3local.export.items import walk

    pages = []
    for page in json.loads(result.display_list_bytes)["pages"]:
        lines = []
        for item, _where in walk(page["items"], "page"):
            if item["type"] == "text":
                lines += ["".join(run["text"] for run in line["runs"]) for line in item["lines"]]
        pages.append(lines)
    return pages


def render(name: str, data: dict, context: dict | None = None) -> list[str]:
    return page_lines(o3local.render(name, data=data, context=context or {}, fmt="svg"))


def slide_of(pages: list[list[str]], first_line: str) -> list[str]:
    return next(p for p in pages if first_line in p)


@pytest.fixture(scope="module")
def pitch() -> dict:
    return sample("funding-pitch")


def test_price_card_says_what_the_data_gives(pitch):
    data = copy.deepcopy(pitch)
    for p in data["products"]:
        p.pop("price_unit", None)
        p.pop("entry", None)
    data["products"][1]["price_unit"] = "per trip"
    data["products"][2].pop("margin")
    pages = render("funding-pitch", data)
    first, second, third = (slide_of(pages, p["name"]) for p in data["products"])
    # no unit, no entry mark: the card says "Price" and the price, nothing it cannot know
    assert "Price" in first and "$29.00" in first
    assert not any("per seat" in line or "entry product" in line for page in pages for line in page)
    assert "Price per trip" in second
    assert not any("Gross margin" in line for line in third)
    assert "Gross margin 86%" in first


def test_sample_keeps_its_card(pitch):
    pages = render("funding-pitch", pitch)
    cards = [slide_of(pages, p["name"]) for p in pitch["products"]]
    assert all("Price per seat and month" in c for c in cards)
    assert ["Our entry product" in c for c in cards] == [True, False, False]


def test_no_plan_legend_without_plan_values(pitch):
    data = copy.deepcopy(pitch)
    for q in data["traction"]["quarters"]:
        q.pop("target")
    traction = slide_of(render("funding-pitch", data), "ARR per quarter (k$)")
    assert "ARR" in traction and "Plan" not in traction
    # a plan for some quarters only is no plan of 0 for the others: left out too
    data["traction"]["quarters"][0]["target"] = 400
    assert "Plan" not in slide_of(render("funding-pitch", data), "ARR per quarter (k$)")
    assert "Plan" in slide_of(render("funding-pitch", pitch), "ARR per quarter (k$)")


def test_percentages_as_written(pitch):
    data = copy.deepcopy(pitch)
    data["traction"].update(retention=1.31, growth=0.125)
    data["market"]["cagr"] = 0.11
    data["products"][0]["margin"] = 0.865
    pages = render("funding-pitch", data)
    lines = [line for page in pages for line in page]
    assert "Net revenue retention: 131%" in lines
    assert "Recent growth: 12.5%" in lines
    assert any(line.startswith("Growing 11% a year") for line in lines)
    assert "Gross margin 86.5%" in lines  # not rounded to a figure the memo does not give
    assert not any("131.00%" in line or "12.50%" in line for line in lines)
    # the sample's figures stay as they were
    lines = [line for page in render("funding-pitch", pitch) for line in page]
    assert "Net revenue retention: 94.25%" in lines and "Recent growth: 13.7%" in lines


def test_report_zh_states_only_what_it_is_given():
    data = sample("report-zh")
    data["figures"] = {"growth": 0.12, "customers": 46}
    (page,) = render("report-zh", data)
    text = "".join(page)
    header = next(line for line in page if line.startswith("报告期间"))
    assert "编制" not in header and "管理层" not in header  # no compiler the user did not name
    assert "营业收入（元）" not in page and "¥0" not in page  # no revenue box over nothing
    assert "12%" in page and "12.00%" not in text
    (page,) = render("report-zh", sample("report-zh"), {"department": "财务部", "name": "王晓明"})
    text = "".join(page)
    assert "编制：财务部王晓明" in text and "营业收入（元）" in page and "18.75%" in page


@pytest.mark.parametrize(("value", "expect"), [
    ("1.31", "131%|131 %|1.31"), ("0.125", "12.5%|12,5 %|0.13"), ("0.2", "20%|20 %|0.2"),
    ("-0.00001", "0%|0 %|0"), ("0.9425", "94.25%|94,3 %|0.94"),
])
def test_trim_keeps_at_most_places_and_drops_trailing_zeros(tmp_path, value, expect):
    folder = tmp_path / "tpl"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps({
        "id": "test-trim", "name": "t", "version": "1.0.0", "kind": "document", "entry": "b.o3x",
        "compatible_versions": [">=11"], "required_permissions": ["write:document"]}), "utf-8")
    (folder / "b.o3x").write_text(
        '<document kind="document" width="100mm" height="40mm"><page><text x="0" y="0" w="100mm" h="40mm">'
        '{{ v | percent(2, trim=true) }}|{{ v | percent(1, trim=true, locale="de-DE") }}|'
        '{{ v | number(2, trim=true) }}</text></page></document>', "utf-8")
    (page,) = page_lines(o3local.render(str(folder), data={"v": float(value)}, fmt="svg"))
    assert "".join(page).replace("\u00a0", " ") == expect


def test_no_slide_or_line_the_memo_does_not_give(pitch):
    data = copy.deepcopy(pitch)
    data["problem"] = {"headline": "", "points": []}  # what the filler leaves for a memo without one
    data["solution"] = {"headline": "", "points": []}
    pages = render("funding-pitch", data, {"name": "Ines Ramos"})
    lines = [line for page in pages for line in page]
    assert "The problem" not in lines and "Our solution" not in lines
    assert len(pages) == 8
    assert "Ines Ramos" in lines  # no title the user did not give ("Founder")
    footer = next(line for line in lines if line.startswith("Ines Ramos ·"))
    assert "contact us" not in footer and footer == "Ines Ramos · founded 2023"
    pages = render("funding-pitch", pitch, json.loads(
        (asset("templates") / "funding-pitch" / "samples" / "context.json").read_text("utf-8")))
    lines = [line for page in pages for line in page]
    assert len(pages) == 10 and "Ada Chen, CEO & co-founder" in lines


def test_china_slide_without_launch_or_partners(pitch):
    # "We are not entering China.": a headline and a note, no launch date, no partners; before,
    # the data failed validation (launch and partners were required) and no deck was made
    data = copy.deepcopy(pitch)
    data["china"] = {"headline": "We are not entering China", "note": "We are not entering China."}
    slide = slide_of(render("funding-pitch", data), "We are not entering China")
    assert not any("Partners" in line or "Launch date" in line for line in slide)
    data["china"]["partners"] = []
    slide = slide_of(render("funding-pitch", data), "We are not entering China")
    assert not any("Partners" in line for line in slide)  # no heading over an empty list
