"""Filling a whole template from the user's own document (issue 20 item 1).

The fixtures are a one-page English investor memo and a Chinese quarterly
report, both about fictitious companies, written for these tests.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from o3local import hook
from o3local.tasks.fill import fill, parse
from o3local.tasks.fill.fields import walk
from o3local.tasks.summarize.faithfulness import unsupported_facts
from tests.tasks.fill_docs import inputs as _inputs

HERE = Path(__file__).parent / "fill_data"
MEMO = HERE / "northwind-memo.md"
REPORT = HERE / "yunfan-report.md"
def _strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, list):
        for x in v:
            yield from _strings(x)
    elif isinstance(v, dict):
        for x in v.values():
            yield from _strings(x)


def test_funding_pitch_from_a_one_page_memo():
    r = fill(_inputs("funding-pitch"), MEMO)
    d = r.data
    assert r.fill_rate == 1.0, [(f.pointer, f.source, f.notes) for f in r.fields]
    assert d["company"]["name"] == "Northwind Clinic Robotics"
    assert d["company"]["founded"] == "2022-03-01"  # "March 2022": the day is assumed, and said
    founded = next(f for f in r.fields if f.pointer == "/company/founded")
    assert "without a day" in founded.notes[0]
    # "$21.6 billion" in a field counted in millions of dollars; 11.2% as a fraction
    assert d["market"] == {"tam": 21600, "sam": 3400, "som": 180, "cagr": 0.112}
    assert [p["name"] for p in d["products"]] == ["Ward Mini", "Ward Pro", "Care Cloud"]
    assert d["products"][0] == {"name": "Ward Mini", "summary": "A bedside dispenser for one ward.",
                                "price": 14900, "margin": 0.61,
                                "features": ["Pill counting", "Barcode checks", "Ward dashboard"]}
    t = d["traction"]
    assert (t["users"], t["arr"], t["growth"], t["retention"], t["since"]) == (
        7350, 3900000, 0.096, 0.975, "2024-06-01")
    assert [q["arr"] for q in t["quarters"]] == [2450, 2980, 3410, 3900]
    assert d["china"]["launch"] == "2026-09-15"
    assert d["china"]["partners"] == ["Suzhou Medical Devices Co", "Chengdu West Hospital Group"]
    assert d["ask"]["amount"] == 6000000 and d["ask"]["runway_months"] == 20
    assert [u["share"] for u in d["ask"]["use_of_funds"]] == [0.5, 0.3, 0.2]
    assert "Problem" not in d["problem"]["headline"] and d["problem"]["points"][0].startswith(
        "Ward nurses spend 9 hours")
    text = MEMO.read_text()
    for s in _strings(d):  # every text field is backed by the memo
        assert unsupported_facts(s, text, "en") == [], s


def test_report_zh_from_a_chinese_report():
    r = fill(_inputs("report-zh"), REPORT)
    d = r.data
    assert r.fill_rate == 1.0 and r.lang == "zh"
    assert d["title"] == "云帆医疗科技2026年第二季度经营报告"
    assert d["period"] == "2026年4月—6月" and d["date"] == "2026-07-20"
    assert d["figures"] == {"revenue": 42860000, "growth": 0.235, "customers": 1264}
    # a section of only a table keeps its heading, its rows as lines
    assert [s["heading"] for s in d["sections"]] == ["主要指标", "一、总体情况", "二、主要工作",
                                                     "三、风险与下季度计划", "收入结构"]
    assert d["sections"][-1]["paragraphs"][0] == "远程影像诊断：占比 52%"
    assert d["mix"][0] == {"name": "远程影像诊断", "share": 0.52} and len(d["mix"]) == 4


def test_a_gbk_text_report_fills_too(tmp_path):
    plain = re.sub(r"^#+ ", "", REPORT.read_text(), flags=re.M)
    (tmp_path / "report.txt").write_bytes(plain.encode("gbk"))
    d = fill(_inputs("report-zh"), tmp_path / "report.txt").data
    assert d["figures"] == {"revenue": 42860000, "growth": 0.235, "customers": 1264}
    assert d["title"] == "云帆医疗科技2026年第二季度经营报告"


def test_a_number_with_the_wrong_role_or_direction_is_refused():
    from o3local.tasks.fill import check

    doc = parse("# Acme\n\nRevenue grew 12% this year. Churn fell 3%.\n\nWe have 40 staff.\n")
    growth = next(f for f in walk({"type": "object", "properties": {
        "growth": {"type": "number"}, "users": {"type": "integer"}}}) if f.key == "growth")
    assert check(doc, growth, 0.12, "model") == []
    assert check(doc, growth, 0.4, "model")  # 40 is staff, not growth
    # the guard on prose: a rise reported as a fall, a percent reported as millions
    assert "direction" in unsupported_facts("Revenue fell 12%.", doc.text, "en")[0]
    assert "quantity" in unsupported_facts("Revenue was 12 million.", doc.text, "en")[0]
    assert unsupported_facts("营业收入同比下降23.5%。", REPORT.read_text(), "zh")


def test_a_field_the_document_does_not_have_is_a_reported_placeholder():
    inputs = {"type": "object", "required": ["ask"], "properties": {"ask": {
        "type": "object", "required": ["amount", "headline"], "properties": {
            "amount": {"type": "number"}, "headline": {"type": "string", "default": "Join us"}}}}}
    r = fill(inputs, parse("# Acme\n\nWe build robots for farms.\n"))
    by = {f.pointer: f for f in r.fields}
    assert r.data["ask"]["amount"] == 0 and by["/ask/amount"].source == "placeholder"
    # an unrelated line of the document is not a headline for the ask
    assert r.data["ask"]["headline"] == "Join us" and by["/ask/headline"].source == "default"
    assert r.fill_rate < 1


def _cli(*args: str) -> subprocess.CompletedProcess:
    code = ("import sys; from o3local.cli import main\n"
            "try:\n    main()\nfinally:\n"
            "    assert 'onnxruntime' not in sys.modules, 'onnxruntime imported'\n")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=120)


def test_cli_fill_only_then_render_the_reviewed_data(tmp_path):
    out = tmp_path / "data.json"
    r = _cli("render", "funding-pitch", "--from", str(MEMO), "--fill-only", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "/market/tam: extractive" in r.stderr and "27 extractive" in r.stderr
    data = json.loads(out.read_text())
    assert data["market"]["tam"] == 21600
    r = _cli("render", "funding-pitch", "--from", str(MEMO), "--context", "name=Mara Quinn",
             "-o", str(tmp_path / "deck.pdf"), "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["pages"] == 10 and doc["fill"]["fill_rate"] == 1.0
    r = _cli("render", "funding-pitch", "--from", str(MEMO), "--data", str(out), "-o",
             str(tmp_path / "x.pdf"))
    assert r.returncode == 2 and "not both" in r.stderr
    r = _cli("render", "report-zh", "--from", str(tmp_path / "missing.md"), "-o",
             str(tmp_path / "r.pdf"))
    assert r.returncode == 1 and "Traceback" not in r.stderr


def test_hook_fill_is_an_operation():
    env = hook.call("fill", {"template": "report-zh", "source": str(REPORT)})
    assert env["ok"], env
    assert env["result"]["data"]["figures"]["customers"] == 1264
    assert {f["source"] for f in env["result"]["fields"]} == {"extractive"}
    bad = hook.call("fill", {"template": "report-zh", "source": ""})
    assert not bad["ok"] and bad["error"]["code"] == "usage.argument"


@pytest.mark.parametrize("suffix", [".docx", ".pptx"])
def test_office_documents_fill(tmp_path, suffix):
    text = MEMO.read_text()
    market = text[text.index("## Market"):text.index("## Products")].splitlines()[2]
    if suffix == ".docx":
        import docx

        d = docx.Document()
        d.add_heading("Northwind Clinic Robotics", 1)
        d.add_heading("Market", 2)
        d.add_paragraph(market)
        d.save(tmp_path / "m.docx")
    else:
        import pptx

        p = pptx.Presentation()
        s = p.slides.add_slide(p.slide_layouts[1])
        s.shapes.title.text = "Market"
        s.placeholders[1].text_frame.text = "Where we sell"
        s.notes_slide.notes_text_frame.text = market
        p.save(tmp_path / "m.pptx")
    d = fill(_inputs("funding-pitch"), tmp_path / f"m{suffix}").data
    assert d["market"] == {"tam": 21600, "sam": 3400, "som": 180, "cagr": 0.112}


def _model_store() -> str | None:
    import os

    root = os.environ.get("O3_TEST_MODELS_DIR")
    if root and (Path(root) / "manifests" / "smollm2-135m-instruct.json").exists():
        return root
    if os.environ.get("CI") == "true":
        pytest.fail("the CI model store has no SmolLM2")
    return None


def test_model_writer_answers_fit_the_grammar_and_pass_the_guard(monkeypatch):
    root = _model_store()
    if root is None:
        pytest.skip("no model built in $O3_TEST_MODELS_DIR")
    monkeypatch.setenv("O3_MODELS_DIR", root)
    inputs = {"type": "object", "properties": {"solution": {"type": "object", "properties": {
        "headline": {"type": "string", "maxLength": 40},
        "points": {"type": "array", "maxItems": 2, "items": {"type": "string", "maxLength": 90}}}},
        "market": {"type": "object", "properties": {"tam": {"type": "number"}},
                   "description": "millions of US dollars"}}}
    r = fill(inputs, MEMO, {"audience": "investors"}, method="model", model="smollm2-135m-instruct")
    by = {f.pointer: f for f in r.fields}
    assert r.method == "model" and r.model == "smollm2-135m-instruct"
    assert by["/market/tam"].source == "extractive" and r.data["market"]["tam"] == 21600
    for ptr in ("/solution/headline", "/solution/points"):
        assert by[ptr].source in ("model", "extractive"), by[ptr]
    assert len(r.data["solution"]["headline"]) <= 40 and len(r.data["solution"]["points"]) <= 2
    for s in _strings(r.data):
        assert unsupported_facts(s, MEMO.read_text(), "en") == [], s


def test_model_writer_is_never_given_a_language_it_does_not_write():
    from o3local.errors import TaskError

    with pytest.raises(TaskError) as info:
        fill(_inputs("report-zh"), REPORT, method="model", model="smollm2-135m-instruct")
    assert info.value.code == "task.model_language"


def test_product_bullets_fill_price_unit_but_no_entry_flag_from_their_words(tmp_path):
    # the bullets' first clause is the summary, never the price unit or the entry-product flag
    # (a flag filled with "A 48 V ... pack" broke the render); the unit is the "per ..." words
    # after the price
    memo = tmp_path / "memo.md"
    memo.write_text(
        "# Voltcell\n\n## Products\n\n"
        "- **Tower Pack 48** - a 48 V, 10 kWh backup pack for a single tower shelter. "
        "List price $3,900 per pack, gross margin 31%.\n"
        "- **GridSense** - the monitoring subscription for all packs at a site, "
        "$180 per pack per year, gross margin 74%.\n", "utf-8")
    products = fill(_inputs("funding-pitch"), memo).data["products"]
    assert [p["name"] for p in products] == ["Tower Pack 48", "GridSense"]
    assert products[0]["summary"] == "A 48 V, 10 kWh backup pack for a single tower shelter"
    assert [p.get("price_unit") for p in products] == ["per pack", "per pack per year"]
    assert all("entry" not in p for p in products)


def test_product_table_price_unit_from_the_price_cell(tmp_path):
    memo = tmp_path / "memo.md"
    memo.write_text(
        "# Glacierpath\n\n## Products\n\n| Product | What it is | Price | Gross margin |\n|---|---|---|---|\n"
        "| Glacier Tag | Reusable sensor tag | $14 per trip | 48% |\n"
        "| Glacier Control | Monitoring software | $1,200 per site per month | 83% |\n"
        "| Glacier Claims | Evidence reports | $95 | 90% |\n", "utf-8")
    products = fill(_inputs("funding-pitch"), memo).data["products"]
    assert [(p["price"], p.get("price_unit")) for p in products] == [
        (14, "per trip"), (1200, "per site per month"), (95, None)]


def test_a_table_s_total_row_is_no_item(tmp_path):
    # "合计 | 5,000 | 100%" drew half the revenue pie as a "合计" wedge
    report = tmp_path / "report.md"
    report.write_text(
        "# 禾木家居2026年第一季度经营报告\n\n- 报告期：2026年1月—3月\n- 报告日期：2026年4月16日\n\n"
        "## 一、经营概况\n\n一季度，公司实现营业收入5,000万元，同比增长8.7%。\n\n"
        "## 二、收入构成\n\n| 产品线 | 收入（万元） | 占比 |\n|---|---|---|\n"
        "| 定制橱柜 | 2,380 | 47.6% |\n| 全屋定制 | 1,720 | 34.4% |\n| 软装饰品 | 900 | 18.0% |\n"
        "| **合计** | 5,000 | 100% |\n", "utf-8")
    r = fill(_inputs("report-zh"), report)
    assert r.data["mix"] == [{"name": "定制橱柜", "share": 0.476}, {"name": "全屋定制", "share": 0.344},
                             {"name": "软装饰品", "share": 0.18}]
    assert any("total" in n for f in r.fields if f.pointer == "/mix" for n in f.notes)


def test_a_chinese_report_without_headings_still_renders_its_text(tmp_path):
    """A 经营情况说明 written as plain paragraphs used to stop at 'sections should be non-empty':
    its text is now one section without a heading (report-zh 1.3.0 allows that)."""
    memo = tmp_path / "说明.md"
    memo.write_text("青禾茶饮2026年三季度经营情况说明\n\n"
                    "三季度公司实现营业收入3,260万元，同比增长8.2%。门店客流回升，外卖订单占比提高。\n\n"
                    "截至9月30日，公司合作加盟商共计126家，较二季度末增加9家。\n\n"
                    "青禾茶饮管理层\n2026年10月12日\n", encoding="utf-8")
    out = tmp_path / "data.json"
    r = _cli("render", "report-zh", "--from", str(memo), "--fill-only", "-o", str(out))
    assert r.returncode == 0, r.stderr
    sections = json.loads(out.read_text(encoding="utf-8"))["sections"]
    assert len(sections) == 1 and "heading" not in sections[0]
    assert sections[0]["paragraphs"][0].startswith("三季度公司实现营业收入3,260万元")
    assert not any("管理层" == p or "2026年10月12日" == p for p in sections[0]["paragraphs"])
    r = _cli("render", "report-zh", "--from", str(memo), "-o", str(tmp_path / "report.png"))
    assert r.returncode == 0, r.stderr
    # what the page says: the paragraphs, under no made-up heading
    from tests.render.test_honest_samples import render

    lines = "".join(render("report-zh", json.loads(out.read_text(encoding="utf-8")))[0])
    assert "合作加盟商共计126家" in lines and "三季度公司实现营业收入" in lines
