"""Corpus cases of the exporters, the AI slots' inputs and the user's policy file, met through render.

The slot cases stop before any model runs: the slot's input is missing or not text, or
the template may not offload; the corpus loads no model.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import o3local
from o3local.errors import Location, Problem

from .corpus import MANIFEST, Found, body, case, cli, package, raised, text

case("export.xlsx", ("no table or chart to write as a spreadsheet", "XLSX takes spreadsheet templates"), "")(
    lambda t: raised(lambda: o3local.render(str(package(t)), data={}, fmt="xlsx")))


@case("export.illegal_char", ("page 1, /pages/0/items/0/meta/rows/0/cells/0/formula", "U+0001 at character 3",
                              "cannot be written to XLSX"), "/pages/0/items/0/meta/rows/0/cells/0/formula")
def _illegal_char(t: Path) -> Found:
    # a warning: the cell is written with U+FFFD (with --strict it fails, see export.strict)
    doc = body('<table w="3in" h="1in"><tr><td formula="{{ f }}">a</td></tr></table>')
    result = o3local.render(str(package(t, doc)), data={"f": "=1+\u0001"}, fmt="xlsx")
    found = [d for d in result.diagnostics if d["code"] == "export.illegal_char"]
    assert found and found[0]["severity"] == "warning", result.diagnostics
    return Problem(found[0]["code"], found[0]["message"], Location(pointer=found[0]["pointer"]))


# -- AI slots: their inputs and permissions ---------------------------------------------------

def slotted(t: Path, *, offload: str = "local", task: str = "summarization", extra: dict[str, Any] | None = None,
            permissions: tuple[str, ...] = ("read:document", "write:document")) -> Path:
    slot = {"task": task, "input": "/text", "offload": offload, **(extra or {})}
    manifest = dict(MANIFEST, ai_capabilities=["summarization" if task == "summarization" else "formula-generation"],
                    required_permissions=list(permissions), ai_slots={"brief": slot},
                    inputs={"type": "object", "properties": {"text": {}, "sheet": {}}})
    return package(t, text("{{ ai.brief }}"), manifest)


def render_data(t: Path, pkg: Path, data: Any) -> Problem:
    (t / "data.json").write_text(json.dumps(data))
    return cli(["render", str(pkg), "--data", str(t / "data.json"), "--format", "svg", "-o", str(t / "out.svg")])


case("data.slot_input", "AI slot 'brief' reads '/text', which the data does not have", "data.json /text")(
    lambda t: render_data(t, slotted(t), {"title": "no text here"}))
case("data.slot_input", "AI slot 'brief' summarizes '/text', which is not text", "data.json /text")(
    lambda t: render_data(t, slotted(t), {"text": 42}))


@case("data.slot_input", ("AI slot 'brief' works on '/sheet', which is not a table", '"columns"'), "data.json /sheet")
def _formula_sheet(t: Path) -> Found:
    pkg = slotted(t, task="formula-generation", extra={"sheet": "/sheet"},
                  permissions=("read:spreadsheet", "write:spreadsheet", "write:document"))
    return render_data(t, pkg, {"text": "total of column B", "sheet": [1, 2, 3]})


@case("permission.denied", ("AI slot 'brief' (offload: remote) needs permission 'network:remote-inference'",
                            "turned off in the user's policy"), "")
def _offload_off(t: Path) -> Found:
    pkg = slotted(t, offload="remote",
                  permissions=("read:document", "write:document", "network:remote-inference"))
    (t / "policy.json").write_text(json.dumps({"allow_remote_inference": False}))
    (t / "data.json").write_text(json.dumps({"text": "A paragraph to summarize."}))
    return cli(["render", str(pkg), "--data", str(t / "data.json"), "--format", "svg", "-o", str(t / "out.svg")],
               {"O3_POLICY_FILE": str(t / "policy.json")})


def with_policy(t: Path, policy: str) -> Problem:
    (t / "policy.json").write_text(policy)
    return cli(["render", str(package(t)), "--format", "svg", "-o", str(t / "out.svg")],
               {"O3_POLICY_FILE": str(t / "policy.json")})


case("usage.policy", ("unknown policy key(s): allow_remote", "known: allow_remote_inference, deny"),
     "policy.json /allow_remote")(lambda t: with_policy(t, '{"allow_remote": true}'))
case("usage.policy", "'allow_remote_inference' must be true or false, not 'yes'",
     "policy.json /allow_remote_inference")(lambda t: with_policy(t, '{"allow_remote_inference": "yes"}'))
case("usage.policy", ("cannot read the policy file", "line 1 column 2"), "policy.json")(
    lambda t: with_policy(t, "{allow_remote_inference: true}"))
