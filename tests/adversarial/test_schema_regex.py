"""Hostile regular expressions in a template's ``inputs`` schema cannot freeze us.

``^(.+)+#$`` (from the report) and ``^(a|aa)+$`` backtrack exponentially on
a 50-character title; with Python's ``re`` they hold the GIL for ever.  Each
case runs in a child process with a hard wall-clock limit, so a regression
fails the test instead of hanging the suite.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import pytest

from o3local.bind import validate_data
from o3local.errors import ManifestError
from o3local.template import safeschema

from ..template.conftest import base_manifest, write_package

#: hard limit for one child process (a hang without the fix is killed here)
CHILD_SECONDS = 60
#: what a user may wait at most for the answer on a loaded CI machine
ANSWER_SECONDS = 10.0

#: pattern -> what validating the sample data reports.  The regex engine answers
#: ``^(.+)+#$`` at once (a plain mismatch); ``^(a|aa)+$`` still backtracks and times out.
HOSTILE = {"^(.+)+#$": "data.schema", "^(a|aa)+$": "manifest.regex_timeout"}
TITLE = "a" * 49 + "!"


def run_child(code: str) -> tuple[dict, float]:
    started = time.monotonic()
    try:
        out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                             timeout=CHILD_SECONDS)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {CHILD_SECONDS} s: the hostile pattern froze the process")
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1]), time.monotonic() - started


def hostile_package(tmp_path, pattern: str, *, samples: bool = True):
    inputs = {"type": "object", "properties": {
        "title": {"type": "string", "pattern": pattern},
        "company": {"type": "object", "properties": {"description": {"type": "string"}}}}}
    data = {"title": TITLE, "company": {"description": "x"}}
    files = {"samples/data.json": json.dumps(data)} if samples else {}
    return write_package(tmp_path / "p", base_manifest() | {"inputs": inputs}, files=files), data


@pytest.mark.parametrize("pattern", HOSTILE)
def test_validate_api_and_cli_answer_with_a_problem(tmp_path, pattern):
    code = HOSTILE[pattern]
    root, _ = hostile_package(tmp_path, pattern)
    doc, took = run_child(f"""
        import json, o3local
        from click.testing import CliRunner
        from o3local.cli import main
        report = o3local.validate({str(root)!r})
        cli = CliRunner().invoke(main, ["validate", "--json", {str(root)!r}])
        print(json.dumps({{"api": [p.to_dict() for p in report.problems], "exit": cli.exit_code,
                          "cli": json.loads(cli.output)["reports"][0]["problems"]}}))
    """)
    assert took < ANSWER_SECONDS
    assert doc["exit"] == 1
    for problems in (doc["api"], doc["cli"]):
        (problem,) = [p for p in problems if p["code"] == code]
        if code == "manifest.regex_timeout":
            assert problem["where"]["pointer"] == "/inputs/properties/title/pattern"
            assert problem["where"]["file"].endswith("manifest.json")
        else:
            assert problem["where"]["pointer"] == "/title"
        assert repr(pattern) in problem["message"]


def test_render_answers_with_a_template_error(tmp_path):
    """Without sample data the manifest passes; the user's data meets the pattern at render."""
    root, data = hostile_package(tmp_path, "^(a|aa)+$", samples=False)
    (tmp_path / "data.json").write_text(json.dumps(data), "utf-8")
    doc, took = run_child(f"""
        import json, o3local
        from o3local.errors import O3Error
        try:
            o3local.render({str(root)!r}, data={str(tmp_path / "data.json")!r}, fmt="svg")
            print(json.dumps({{"ok": True}}))
        except O3Error as err:
            print(json.dumps(err.to_dict()))
    """)
    assert took < ANSWER_SECONDS
    assert doc["code"] == "manifest.regex_timeout"
    assert doc["where"]["pointer"] == "/inputs/properties/title/pattern"


@pytest.mark.parametrize("schema", [
    # patternProperties keys go through jsonschema's own helpers (additionalProperties)
    {"type": "object", "patternProperties": {"^(a|aa)+$": {}}, "additionalProperties": False},
    # ... and unevaluatedProperties
    {"type": "object", "patternProperties": {"^(a|aa)+$": {}}, "unevaluatedProperties": False},
    # propertyNames applies pattern to keys
    {"type": "object", "propertyNames": {"pattern": "^(a|aa)+$"}},
    # a timeout inside if/not must not silently pick a branch
    {"type": "object", "properties": {"k": {"not": {"pattern": "^(a|aa)+$"}}}},
])
def test_keys_and_branches_are_bounded(schema):
    key = "a" * 50 + "b"
    doc, took = run_child(f"""
        import json
        from o3local.bind import validate_data
        from o3local.errors import O3Error
        try:
            validate_data({{{key!r}: 1, "k": {key!r}}}, {schema!r})
            print(json.dumps({{"ok": True}}))
        except O3Error as err:
            print(json.dumps(err.to_dict()))
    """)
    assert took < ANSWER_SECONDS
    assert doc["code"] == "manifest.regex_timeout", doc
    assert doc["where"]["pointer"].startswith("/inputs/")


def test_total_regex_time_of_one_validation_is_capped(monkeypatch):
    """Many matches that each stay under the per-match limit still stop at the total."""
    monkeypatch.setattr(safeschema, "MAX_REGEX_SECONDS", 30.0)
    monkeypatch.setattr(safeschema, "MAX_REGEX_TOTAL_SECONDS", 0.5)
    schema = {"type": "array", "items": {"type": "string", "pattern": "^(a|aa)+$"}}
    started = time.monotonic()
    with pytest.raises(ManifestError) as err:
        validate_data(["a" * 40 + "b"] * 50, schema)
    assert time.monotonic() - started < 5
    assert err.value.code == "manifest.regex_timeout"
    assert err.value.where.pointer == "/inputs/items/pattern"


def test_ordinary_patterns_still_match_and_fail():
    schema = {"type": "object", "properties": {"code": {"type": "string", "pattern": r"^[A-Z]{3}-\d+$"}},
              "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": False}
    validate_data({"code": "ABC-12", "x-note": "fine"}, schema)
    with pytest.raises(Exception) as err:
        validate_data({"code": "abc", "x-note": 1, "other": 2}, schema)
    assert sorted((p.code, p.where.pointer) for p in err.value.problems) == [
        ("data.schema_additional_properties", ""), ("data.schema_pattern", "/code"),
        ("data.schema_type", "/x-note")]


def test_a_pattern_the_engine_cannot_compile_is_a_manifest_problem(tmp_path):
    root, _ = hostile_package(tmp_path, "([a-z]")
    import o3local

    report = o3local.validate(root)
    (problem,) = report.errors
    assert problem.code == "manifest.bad_inputs_schema"
    assert problem.where.pointer == "/inputs/properties/title/pattern"
