"""AI slots declared in a manifest are filled before layout and bound as {{ ai.<name> }}."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import o3local
from o3local.errors import DataError, PermissionDenied
from o3local.render import bundled_templates


def texts(result) -> list[str]:
    return ["".join(run["text"] for run in para["runs"])
            for page in result.display_list["pages"] for item in page["items"] if item["type"] == "text"
            for para in item["paragraphs"]]


def test_sample_deck_shows_a_summary_of_the_memo():
    result = o3local.render("funding-pitch", sample=True, fmt="svg", page=3)
    (slot,) = result.ai_slots
    assert slot["slot"] == "about" and slot["task"] == "summarization" and slot["method"] == "extractive"
    memo = json.loads((bundled_templates()["funding-pitch"] / "samples/data.json")
                      .read_text("utf-8"))["company"]["memo"]
    # the box that holds sentences of the memo (the slide's other texts are the template's)
    (box,) = [t for t in texts(result) if len(t) > 60 and all(
        s.strip().removesuffix("…") in memo for s in t.replace(". ", ".\n").splitlines())]
    assert len(box) <= 240
    # an extractive summary: every sentence of it is a sentence of the memo (or, last, the
    # start of one cut into the room that is left, marked "…")
    for sentence in box.replace(". ", ".\n").splitlines():
        assert sentence.strip().removesuffix("…") in memo


def write_template(root: Path, slots: dict, permissions: list[str], body: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    manifest = {
        "id": "slot-test", "name": "Slot test", "version": "1.0.0", "kind": "document", "entry": "doc.o3x",
        "ai_capabilities": sorted({s["task"] for s in slots.values()}), "compatible_versions": [">=11"],
        "required_permissions": permissions, "ai_slots": slots,
    }
    (root / "manifest.json").write_text(json.dumps(manifest))
    (root / "doc.o3x").write_text(
        '<document kind="document" width="8in" height="4in"><page>'
        f'<text x="0.5in" y="0.5in" w="7in" h="3in" font-size="12pt">{body}</text></page></document>')
    return root


SALES = {"columns": ["Region", "Amount"],
         "rows": [{"Region": "East", "Amount": 10}, {"Region": "West", "Amount": 5},
                  {"Region": "East", "Amount": 7.5}]}


def test_formula_slot_is_computed_on_the_data_table(tmp_path):
    root = write_template(
        tmp_path / "t", {"total": {"task": "formula-generation", "input": "/request", "sheet": "/sales"}},
        ["read:document", "write:document", "write:spreadsheet"], "{{ ai.total.formula }} = {{ ai.total.value }}")
    result = o3local.render(root, data={"request": "sum of Amount where Region is East", "sales": SALES},
                            fmt="svg")
    (line,) = texts(result)
    formula, value = line.split(" = ")
    assert formula.startswith("=SUMIF(") and value == "17.5"


def test_missing_slot_input_names_the_pointer(tmp_path):
    root = write_template(tmp_path / "t", {"s": {"task": "summarization", "input": "/memo"}},
                          ["read:document", "write:document"], "{{ ai.s }}")
    with pytest.raises(DataError) as err:
        o3local.render(root, data={"other": "x"}, fmt="svg")
    assert err.value.where.pointer == "/memo" and "slot 's'" in err.value.message


def test_non_text_slot_input_is_a_data_error(tmp_path):
    root = write_template(tmp_path / "t", {"s": {"task": "summarization", "input": "/memo"}},
                          ["read:document", "write:document"], "{{ ai.s }}")
    with pytest.raises(DataError, match="not text"):
        o3local.render(root, data={"memo": 42}, fmt="svg")


def test_remote_offload_needs_the_users_policy(tmp_path, monkeypatch):
    monkeypatch.setenv("O3_POLICY_FILE", str(tmp_path / "no-policy.json"))
    root = write_template(tmp_path / "t", {"s": {"task": "summarization", "input": "/memo", "offload": "remote"}},
                          ["read:document", "write:document", "network:remote-inference"], "{{ ai.s }}")
    with pytest.raises(PermissionDenied, match="turned off in the user's policy"):
        o3local.render(root, data={"memo": "Some text. More text here."}, fmt="svg")
