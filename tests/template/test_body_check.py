"""``validate`` checks the template body: parsed and evaluated against the
sample data or the inputs schema, every problem at once (issue 18 item 3)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from o3local.cli import main
from o3local.template.bodycheck import example_from_schema
from o3local.template.validate import validate

from .conftest import base_manifest, write_package

INPUTS = {
    "type": "object",
    "required": ["items"],
    "properties": {
        "items": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "quantity": {"type": "integer"}, "price": {"type": "number"}}}},
        "issued": {"type": "string", "format": "date"},
    },
}

THREE_TYPOS = """<document kind="presentation">
<page>
  {% for it in items %}
  <text w="2in" h="1in">{{ it.name }}: {{ it.quantty * it.price }}</text>
  {% endfro %}
  <img src="logo.png" w="1in" h="1in"/>
</page>
</document>
"""


def manifest(**extra):
    m = base_manifest()
    m["inputs"] = INPUTS
    m.pop("ai_slots")
    m["ai_capabilities"] = ["slide-generation"]
    return m | extra


def test_three_typos_are_reported_together_with_hints(tmp_path):
    root = write_package(tmp_path / "p", manifest(), files={"deck.o3x": THREE_TYPOS})
    report = validate(root)
    assert not report.ok
    body = [p for p in report.problems if p.where.file and p.where.file.endswith("deck.o3x")]
    got = {(p.code, p.where.line, p.where.column, p.hint) for p in body}
    assert got == {
        ("template.missing", 4, 43, "did you mean 'quantity'?"),
        ("template.syntax", 5, 3, "did you mean {% endfor %}?"),
        ("template.syntax", 6, 3, "did you mean <image>?"),
    }, got
    assert all("did you mean" not in p.message for p in body)  # the hint is its own field


def test_cli_prints_each_body_problem_with_file_line_column(tmp_path):
    root = write_package(tmp_path / "p", manifest(), files={"deck.o3x": THREE_TYPOS})
    result = CliRunner().invoke(main, ["validate", str(root)])
    assert result.exit_code == 1
    out = result.output
    assert "invalid (3 errors)" in out
    assert "deck.o3x:4:43" in out and "deck.o3x:5:3" in out and "deck.o3x:6:3" in out
    assert "unknown tag {% endfro %}" in out and "<img> is not allowed inside <page>" in out
    doc = json.loads(CliRunner().invoke(main, ["validate", "--json", str(root)]).output)
    hints = [p.get("hint") for p in doc["reports"][0]["problems"]]
    assert "did you mean 'quantity'?" in hints


def test_sample_data_is_used_when_present(tmp_path):
    tpl = ('<document><page><text w="1in" h="1in">{{ total | number(2) }} {{ items[5].name }}</text>'
           "</page></document>")
    sample = {"items": [{"name": "a", "quantity": 1, "price": 2}], "total": 2}
    inputs = INPUTS | {"properties": INPUTS["properties"] | {"total": {"type": "number"}}}
    root = write_package(tmp_path / "p", manifest(inputs=inputs),
                         files={"deck.o3x": tpl, "samples/data.json": json.dumps(sample)})
    (problem,) = [p for p in validate(root).problems if p.code.startswith("template.")]
    assert problem.code == "template.missing"
    assert "index 5 is past the end (1 items)" in problem.message
    assert (problem.where.line, problem.where.column) == (1, 66)


def test_valid_body_stays_valid_and_schema_paths_are_checked(tmp_path):
    ok = ('<document><page>{% for it in items %}<text w="1in" h="1in">{{ it.quantity * it.price | number(2) }}'
          '{{ issued | date("YYYY") }}</text>{% endfor %}</page></document>')
    assert validate(write_package(tmp_path / "a", manifest(), files={"deck.o3x": ok})).ok
    bad = ok.replace("issued", "isued")
    report = validate(write_package(tmp_path / "b", manifest(), files={"deck.o3x": bad}))
    (problem,) = report.errors
    assert problem.code == "template.missing" and problem.hint == "did you mean 'issued'?"


def test_errors_in_attributes_filters_and_conditions_all_reported(tmp_path):
    tpl = """<document><page>
<text w="{{ wide }}" h="1in" colr="#000">{{ items | frist }}</text>
{% if items | length > "x" %}<rect w="1in" h="1in"/>{% endif %}
<text w="1in" h="1in">{{ items[0].price + "a" }} {{ 1 / 0 }}</text>
</page></document>"""
    report = validate(write_package(tmp_path / "p", manifest(), files={"deck.o3x": tpl}))
    got = sorted((p.where.line, p.code) for p in report.errors)
    assert got == [(2, "template.attribute"), (2, "template.filter"), (2, "template.missing"),
                   (3, "template.type"), (4, "template.type"), (4, "template.type")], got


def test_example_from_schema_fills_every_described_key():
    assert example_from_schema(INPUTS) == {
        "items": [{"name": "text", "quantity": 1, "price": 1}], "issued": "2026-05-10"}
    assert example_from_schema({"$defs": {"d": {"enum": ["x"]}}, "type": "object",
                                "properties": {"a": {"$ref": "#/$defs/d"}}}) == {"a": "x"}
