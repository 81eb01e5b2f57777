"""Bad input to `o3-local render`: a clear error, the right exit code, no output file."""

from __future__ import annotations

import json

import pytest
from conftest import SAMPLES, listing

from o3local.errors import PermissionDenied, UsageError
from o3local.render import output_paths, render, resolve_template


@pytest.fixture
def out(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def test_unknown_sample_id_is_a_usage_error(cli, out):
    result = cli("no-such-deck", "-o", out / "x.png")
    assert result.exit_code == 2
    assert "not a bundled sample" in result.output and "funding-pitch" in result.output
    assert listing(out) == []


def test_no_template_and_no_sample(cli, out):
    result = cli("-o", out / "x.png")
    assert result.exit_code == 2 and "--sample" in result.output


@pytest.mark.parametrize("item", ["novalue", "1abc=x", "=x"])
def test_bad_context_item(cli, out, item):
    result = cli("--sample", "--context", item, "-o", out / "x.png")
    assert result.exit_code == 2
    assert item in result.output
    assert listing(out) == []


def test_json_syntax_error_names_line_and_column(cli, out, tmp_path):
    bad = tmp_path / "data.json"
    bad.write_text('{\n  "company": {"name": "X",}\n}\n', "utf-8")
    result = cli("funding-pitch", "--data", bad, "-o", out / "deck.png")
    assert result.exit_code == 1
    assert f"{bad}:2:27" in result.output
    assert listing(out) == []


def test_csv_ragged_row_names_the_row(cli, out, tmp_path, copy_sample):
    tpl = copy_sample("funding-pitch", required_permissions=[
        "read:document", "read:spreadsheet", "write:presentation"], inputs={"type": "object"})
    bad = tmp_path / "data.csv"
    bad.write_text("name,value\nA,1\nB\n", "utf-8")
    result = cli(tpl, "--data", bad, "-o", out / "deck.png")
    assert result.exit_code == 1
    assert f"{bad}:3" in result.output and "fields" in result.output
    assert listing(out) == []


def test_xlsx_that_is_not_a_zip(cli, out, tmp_path, copy_sample):
    tpl = copy_sample("funding-pitch", required_permissions=[
        "read:document", "read:spreadsheet", "write:presentation"])
    bad = tmp_path / "figures.xlsx"
    bad.write_bytes(b"this is not a workbook")
    result = cli(tpl, "--data", bad, "--json", "-o", out / "deck.png")
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert doc["ok"] is False and doc["error"]["where"]["file"] == str(bad)
    assert "not a zip" in doc["error"]["message"]
    assert listing(out) == []


def test_spreadsheet_data_needs_read_spreadsheet(cli, out, tmp_path):
    data = tmp_path / "data.csv"
    data.write_text("a,b\n1,2\n", "utf-8")
    result = cli("funding-pitch", "--data", data, "-o", out / "deck.png")
    assert result.exit_code == 1
    assert "read:spreadsheet" in result.output
    assert listing(out) == []


def test_policy_denying_the_write_permission(tmp_path, out, monkeypatch):
    policy = tmp_path / "policy.json"
    policy.write_text('{"deny": ["write:document"]}', "utf-8")
    monkeypatch.setenv("O3_POLICY_FILE", str(policy))
    with pytest.raises(PermissionDenied, match="write:document"):
        render("report-zh", sample=True, output=out / "r.png")
    assert listing(out) == []


def test_data_not_matching_inputs_lists_every_pointer(cli, out, tmp_path):
    data = json.loads((SAMPLES / "funding-pitch/samples/data.json").read_text("utf-8"))
    data["products"][1]["price"] = "ninety-nine"
    del data["ask"]
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), "utf-8")
    result = cli("funding-pitch", "--data", path, "-o", out / "deck.png")
    assert result.exit_code == 1
    assert "/products/1/price" in result.output and "'ask' is a required property" in result.output
    assert listing(out) == []


def test_format_and_output_suffix_disagree(cli, out):
    result = cli("--sample", "--format", "svg", "-o", out / "deck.png")
    assert result.exit_code == 2 and "--format is svg" in result.output


def test_resolve_template_by_folder_name_id_and_path():
    assert resolve_template("funding-pitch") == SAMPLES / "funding-pitch"
    assert resolve_template("ppt-funding-pitch-v2") == SAMPLES / "funding-pitch"
    assert resolve_template(None, sample=True) == SAMPLES / "funding-pitch"
    assert resolve_template(SAMPLES / "report-zh") == SAMPLES / "report-zh"
    with pytest.raises(UsageError):
        resolve_template(None)


def test_output_names(tmp_path):
    assert output_paths(tmp_path / "deck.png", 1, ".png") == [tmp_path / "deck.png"]
    assert output_paths(tmp_path / "deck.png", 3, ".png") == [
        tmp_path / "deck" / "deck-01.png", tmp_path / "deck" / "deck-02.png",
        tmp_path / "deck" / "deck-03.png"]
    assert output_paths(tmp_path / "d", 2, ".svg")[1].name == "d-02.svg"
    assert output_paths(tmp_path / "d.svg", 100, ".svg")[0].name == "d-001.svg"


def test_no_data_for_a_template_that_needs_some(cli, out):
    result = cli("funding-pitch", "-o", out / "deck.png")
    assert result.exit_code == 1
    assert "no data given" in result.output and "'company' is a required property" in result.output
    assert listing(out) == []
