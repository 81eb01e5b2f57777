"""The bundled flow sample (monthly-report-zh): what its reader sees on its pages."""

from __future__ import annotations

import o3local


def _texts(page):
    from o3local.export.items import walk

    for item, _where in walk(page["items"], "page"):
        if item["type"] == "text":
            yield "".join(r["text"] for p in item["paragraphs"] for r in p["runs"])


def test_monthly_report_flows_over_pages_with_numbered_footers_and_a_split_table(cli, tmp_path):
    result = o3local.render("monthly-report-zh", sample=True, fmt="svg")
    dl = result.display_list
    pages = dl["pages"]
    assert result.page_count == len(pages) >= 5 and dl["diagnostics"] == []
    for n, page in enumerate(pages, 1):
        assert f"第 {n} 页\xa0共 {len(pages)} 页" in list(_texts(page))
    parts = [(i, it) for i, page in enumerate(pages) for it in page["items"]
             if it["type"] == "group" and any(r["cells"][0]["text"] == "合同编号"
                                               for r in it["meta"].get("rows", []))]
    assert len({i for i, _ in parts}) >= 3  # the contract table runs over three pages
    ids = []
    for k, (_, part) in enumerate(parts):
        rows = part["meta"]["rows"]
        assert rows[0]["header"] and part["meta"]["continued"] is (k > 0)
        ids += [r["cells"][0]["text"] for r in rows[1:]]
    orders = len(ids)
    assert ids == [f"HT-2611-{i:03d}" for i in range(1, orders + 1)]
    last_page = parts[-1][0]
    after = [t for t in _texts(pages[last_page]) if t.startswith("说明：金额为含税合同金额")]
    assert after, "the note after the table is not on the table's last page"
    charts = [it for page in pages for it in page["items"] if it["type"] == "group" and "chart_type" in it["meta"]]
    assert len(charts) == 1 and len(charts[0]["meta"]["categories"]) == 12
    all_text = [t for page in pages for t in _texts(page)]
    assert all_text.count("•") >= 4 and "(1)" in all_text and "5." in all_text  # bullets, nested and numbered
    # the table of contents on page 1 gives each section's page
    first = [it for it in pages[0]["items"] if it["type"] == "text"]

    def text(it):
        return "".join(r["text"] for p in it["paragraphs"] for r in p["runs"])

    toc = {text(it): int(text(n)) for it in first for n in first
           if n["y"] == it["y"] and text(n).isdigit() and text(it)[:1] in "一二三四五六附"}
    assert len(toc) == 7
    for heading, number in toc.items():
        assert heading in list(_texts(pages[number - 1])), heading
        assert all(heading not in list(_texts(p)) for p in pages[1:number - 1]), heading
    # the CLI renders it by folder name, one PNG per page
    out = tmp_path / "r"
    assert cli("monthly-report-zh", "--sample", "-o", out / "r.png").exit_code == 0
    assert sorted(p.name for p in (out / "r").glob("*.png")) == [f"r-{n:02d}.png" for n in range(1, len(pages) + 1)]
