"""The validate/info commands as a user runs them: output, JSON shape, exit codes, start-up cost."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from o3local.cli import main

from ..template.conftest import base_manifest, write_package

HEAVY = ("onnxruntime", "wasmtime", "numpy")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_valid_package_exits_0(tmp_path):
    root = write_package(tmp_path / "p")
    result = run("validate", str(root))
    assert result.exit_code == 0
    assert "valid" in result.output


def test_several_faults_are_all_printed_with_positions_and_exit_1(tmp_path):
    m = base_manifest() | {"id": "Bad_Id", "kind": "deck", "colour": "red"}
    root = write_package(tmp_path / "p", m)
    result = run("validate", str(root))
    assert result.exit_code == 1
    out = result.output
    assert "invalid (3 errors)" in out
    assert "manifest.json:2:9 /id" in out
    assert "/kind" in out and "/colour" in out and "unknown key 'colour'" in out


def test_json_output_is_machine_readable(tmp_path):
    good = write_package(tmp_path / "good")
    bad = write_package(tmp_path / "bad", base_manifest() | {"version": "1"})
    result = run("validate", "--json", str(good), str(bad))
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert doc["ok"] is False
    assert [r["ok"] for r in doc["reports"]] == [True, False]
    (problem,) = doc["reports"][1]["problems"]
    assert problem["code"] == "manifest.bad_version"
    assert problem["severity"] == "error"
    assert problem["where"]["pointer"] == "/version"
    assert problem["where"]["line"] == 4 and problem["where"]["column"] == 14


def test_missing_path_is_an_invalid_package_not_a_crash(tmp_path):
    result = run("validate", str(tmp_path / "nope"))
    assert result.exit_code == 1
    assert "no such template package" in result.output


def test_usage_errors_exit_2(tmp_path):
    root = write_package(tmp_path / "p")
    assert run("validate").exit_code == 2
    assert run("validate", "--host-version", "abc", str(root)).exit_code == 2
    assert run("validate", "--bogus", str(root)).exit_code == 2


def test_host_version_option(tmp_path):
    root = write_package(tmp_path / "p")
    assert run("validate", "--host-version", "12.1.0", str(root)).exit_code == 0
    result = run("validate", "--host-version", "14.0.0", str(root))
    assert result.exit_code == 1 and "not in compatible_versions" in result.output


def test_info(tmp_path):
    root = write_package(tmp_path / "p")
    result = run("info", str(root))
    assert result.exit_code == 0
    assert "ppt-funding-pitch-v2 2.0.0 (presentation)" in result.output
    doc = json.loads(run("info", "--json", str(root)).output)
    assert doc["template"]["ai_slots"] == {"exec_summary": "summarization"}
    bad = write_package(tmp_path / "bad", base_manifest() | {"kind": "deck"})
    result = run("info", "--json", str(bad))
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["problems"][0]["where"]["pointer"] == "/kind"


def _modules_after(args: list[str]) -> set[str]:
    code = (
        "import sys\nfrom o3local.cli import main\n"
        f"try:\n    main({args!r}, standalone_mode=False)\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_help_and_validate_do_not_import_heavy_libraries(tmp_path):
    root = write_package(tmp_path / "p")
    assert not [m for m in HEAVY if m in _modules_after(["--help"])]
    # validate runs the template body through the layout module (wasmtime, ~60 ms), never a model or numpy
    for args in (["validate", str(root)], ["validate", "--json", str(root)]):
        loaded = _modules_after(args)
        assert not [m for m in HEAVY if m in loaded and m != "wasmtime"], args


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and "o3-local" in result.output
