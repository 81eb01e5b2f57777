"""Each invalid manifest reports exactly the expected problems, at the expected places."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import o3local

from .conftest import base_manifest

M = dict[str, Any]


def with_(**changes: Any) -> Callable[[M], M]:
    def f(m: M) -> M:
        for key, value in changes.items():
            m[key.replace("__", "-")] = value
        return m

    return f


def without(*keys: str) -> Callable[[M], M]:
    def f(m: M) -> M:
        for key in keys:
            del m[key]
        return m

    return f


def slot(**changes: Any) -> Callable[[M], M]:
    def f(m: M) -> M:
        m["ai_slots"]["exec_summary"].update(changes)
        return m

    return f


def chain(*fs: Callable[[M], M]) -> Callable[[M], M]:
    def f(m: M) -> M:
        for g in fs:
            m = g(m)
        return m

    return f


CASES: list[tuple[str, Callable[[M], M], set[tuple[str, str]]]] = [
    ("missing id", without("id"), {("manifest.missing_key", "")}),
    ("missing entry", without("entry"), {("manifest.missing_key", "")}),
    ("missing kind", without("kind"), {("manifest.missing_key", "")}),
    ("missing compatible_versions", without("compatible_versions"), {("manifest.missing_key", "")}),
    ("missing required_permissions", without("required_permissions"),
     {("manifest.missing_key", ""), ("manifest.missing_permission", "/ai_slots/exec_summary")} - {("manifest.missing_permission", "/ai_slots/exec_summary")}),
    ("id uppercase", with_(id="PPT-Pitch"), {("manifest.bad_format", "/id")}),
    ("id underscore", with_(id="ppt_pitch"), {("manifest.bad_format", "/id")}),
    ("id double dash", with_(id="ppt--pitch"), {("manifest.bad_format", "/id")}),
    ("id too short", with_(id="ab"), {("manifest.out_of_range", "/id")}),
    ("id not a string", with_(id=42), {("manifest.wrong_type", "/id")}),
    ("empty name", with_(name=""), {("manifest.out_of_range", "/name")}),
    ("version not semver", with_(version="2.0"), {("manifest.bad_version", "/version")}),
    ("version with v prefix", with_(version="v2.0.0"), {("manifest.bad_version", "/version")}),
    ("version number", with_(version=2), {("manifest.wrong_type", "/version")}),
    ("unknown kind", with_(kind="slides"), {("manifest.bad_value", "/kind")}),
    ("entry absolute", with_(entry="/etc/passwd"), {("manifest.bad_format", "/entry")}),
    ("entry dotdot", with_(entry="../deck.o3x"), {("manifest.bad_format", "/entry")}),
    ("entry backslash", with_(entry="sub\\deck.o3x"), {("manifest.bad_format", "/entry")}),
    ("entry missing file", with_(entry="slides.o3x"), {("manifest.missing_file", "/entry")}),
    ("unknown capability", with_(ai_capabilities=["slide-generation", "summarization", "mind-reading"]),
     {("manifest.bad_value", "/ai_capabilities/2")}),
    ("capability typo", with_(ai_capabilities=["slide-generaton", "summarization"]),
     {("manifest.bad_value", "/ai_capabilities/0")}),
    ("duplicate capability", with_(ai_capabilities=["summarization", "slide-generation", "summarization"]),
     {("manifest.duplicate_item", "/ai_capabilities/2")}),
    ("capabilities not array", with_(ai_capabilities="summarization"), {("manifest.wrong_type", "/ai_capabilities")}),
    ("compatible_versions empty", with_(compatible_versions=[]), {("manifest.out_of_range", "/compatible_versions")}),
    ("compatible_versions bad range", with_(compatible_versions=["11.5.0", ">=eleven"]),
     {("manifest.bad_version", "/compatible_versions/1")}),
    ("compatible_versions number", with_(compatible_versions=[11.5]), {("manifest.wrong_type", "/compatible_versions/0")}),
    ("unknown permission", with_(required_permissions=["read:document", "write:presentation", "read:mind"]),
     {("manifest.bad_value", "/required_permissions/2")}),
    ("duplicate permission", with_(required_permissions=["read:document", "write:presentation", "read:document"]),
     {("manifest.duplicate_item", "/required_permissions/2")}),
    ("kind without its write permission", with_(required_permissions=["read:document"]),
     {("manifest.missing_permission", "/required_permissions"),
      ("manifest.missing_permission", "/ai_capabilities/0")}),
    ("summarization without read:document", with_(required_permissions=["write:presentation"]),
     {("manifest.missing_permission", "/ai_capabilities/2")}),
    ("formula-generation without write:spreadsheet",
     with_(ai_capabilities=["slide-generation", "summarization", "formula-generation"]),
     {("manifest.missing_permission", "/ai_capabilities/2")}),
    ("unknown top-level key", with_(colour="blue"), {("manifest.unknown_key", "/colour")}),
    ("misspelled key", chain(without("entry"), with_(entyr="deck.o3x")),
     {("manifest.missing_key", ""), ("manifest.unknown_key", "/entyr")}),
    ("slot task not covered", with_(ai_capabilities=["slide-generation"]),
     {("manifest.uncovered_task", "/ai_slots/exec_summary/task")}),
    ("slot unknown task", slot(task="translation"), {("manifest.bad_value", "/ai_slots/exec_summary/task")}),
    ("slot missing input", lambda m: (m["ai_slots"]["exec_summary"].pop("input"), m)[1],
     {("manifest.missing_key", "/ai_slots/exec_summary")}),
    ("slot input not a pointer", slot(input="company.description"),
     {("manifest.bad_format", "/ai_slots/exec_summary/input")}),
    ("slot offload without permission", slot(offload="auto"),
     {("manifest.missing_permission", "/ai_slots/exec_summary/offload")}),
    ("slot bad offload value", slot(offload="cloud"), {("manifest.bad_value", "/ai_slots/exec_summary/offload")}),
    ("slot limit out of range", slot(limits={"max_chars": 0}),
     {("manifest.out_of_range", "/ai_slots/exec_summary/limits/max_chars")}),
    ("slot unknown limit", slot(limits={"max_words": 10}),
     {("manifest.unknown_key", "/ai_slots/exec_summary/limits/max_words")}),
    ("slot unknown key", slot(promt="Summarize"), {("manifest.unknown_key", "/ai_slots/exec_summary/promt")}),
    ("slot bad name", lambda m: (m["ai_slots"].update({"exec summary": m["ai_slots"].pop("exec_summary")}), m)[1],
     {("manifest.bad_name", "/ai_slots/exec summary")}),
    ("formula slot without sheet",
     chain(with_(ai_capabilities=["slide-generation", "summarization", "formula-generation"],
                 required_permissions=["read:document", "write:presentation", "write:spreadsheet"]),
           slot(task="formula-generation")),
     {("manifest.missing_key", "/ai_slots/exec_summary")}),
    ("inputs not a schema", with_(inputs={"type": "objekt"}), {("manifest.bad_inputs_schema", "/inputs/type")}),
    ("inputs not an object", with_(inputs=[1, 2]), {("manifest.wrong_type", "/inputs")}),
    ("asset missing", with_(assets=["assets/logo.png"]), {("manifest.missing_file", "/assets/0")}),
    ("asset escapes package", with_(assets=["../secret.png"]), {("manifest.bad_format", "/assets/0")}),
    ("bad manifest_version", with_(manifest_version=2), {("manifest.bad_value", "/manifest_version")}),
    ("author wrong shape", with_(author={"email": "a@b.c"}), {("manifest.wrong_type", "/author")}),
    ("samples file missing", with_(samples={"data": "samples/data.json"}), {("manifest.missing_file", "/samples/data")}),
    ("bad language tag", with_(languages=["english"]), {("manifest.bad_format", "/languages/0")}),
]


@pytest.mark.parametrize("name,mutate,expected", CASES, ids=[c[0] for c in CASES])
def test_invalid_manifest_reports_exact_problems(pkg, name, mutate, expected):
    report = o3local.validate(pkg(mutate(base_manifest())))
    got = {(p.code, p.where.pointer) for p in report.errors}
    assert not report.ok
    assert got == expected, [str(p) for p in report.errors]
    for p in report.errors:
        assert p.where.file and p.where.file.endswith("manifest.json")
        assert p.where.line is not None and p.where.column is not None


def test_there_are_at_least_forty_distinct_invalid_cases():
    assert len({c[0] for c in CASES}) >= 40


RAW_CASES: list[tuple[str, bytes, str, tuple[int, int] | None]] = [
    ("syntax error", b'{"id": "abc",\n  "name": }', "manifest.json_syntax", (2, 11)),
    ("trailing comma", b'{"id": "abc",\n}', "manifest.json_syntax", (2, 1)),
    ("single quotes", b"{'id': 'abc'}", "manifest.json_syntax", (1, 2)),
    ("BOM", b'\xef\xbb\xbf{"id": "abc"}', "manifest.json_syntax", (1, 1)),
    ("not UTF-8", b'{"id": "caf\xe9"}', "manifest.json_syntax", (1, 12)),
    ("UTF-16", '{"id": "abc"}'.encode("utf-16"), "manifest.json_syntax", (1, 1)),
    ("empty file", b"", "manifest.json_syntax", (1, 1)),
    ("deep nesting", b"[" * 5000 + b"]" * 5000, "manifest.json_syntax", (1, 66)),
    ("array at top", b"[1, 2]", "manifest.wrong_type", (1, 1)),
    ("NaN literal", b'{"id": NaN}', "manifest.json_syntax", (1, 8)),
    ("huge number", b'{"id": 1e999}', "manifest.json_syntax", (1, 8)),
    ("text after value", b'{"id": "a"} {"id": "b"}', "manifest.json_syntax", (1, 13)),
    ("control character in string", b'{"id": "a\x01b"}', "manifest.json_syntax", (1, 10)),
    ("lone surrogate", b'{"id": "\\ud800"}', "manifest.json_syntax", (1, 9)),
]


@pytest.mark.parametrize("name,data,code,pos", RAW_CASES, ids=[c[0] for c in RAW_CASES])
def test_malformed_json_text_is_reported_with_position(pkg, name, data, code, pos):
    report = o3local.validate(pkg(text=data))
    assert not report.ok
    first = report.errors[0]
    assert first.code == code, str(first)
    if pos is not None:
        assert (first.where.line, first.where.column) == pos, str(first)


def test_duplicate_key_is_reported_at_the_second_occurrence(pkg):
    text = '{\n  "id": "ppt-funding-pitch-v2",\n  "id": "other-id"\n}'
    report = o3local.validate(pkg(text=text))
    dup = [p for p in report.errors if p.code == "manifest.duplicate_key"]
    assert [(p.where.pointer, p.where.line, p.where.column) for p in dup] == [("/id", 3, 3)]


def test_every_fault_of_a_manifest_with_many_is_reported(pkg):
    m = base_manifest()
    m.update(id="Bad_ID", version="1.0", kind="deck", entyr="x", required_permissions=["read:doc"])
    del m["entry"]
    m["ai_slots"]["exec_summary"]["offload"] = "remote"
    report = o3local.validate(pkg(m))
    codes = sorted(p.where.pointer for p in report.errors)
    assert codes == sorted([
        "", "/id", "/version", "/kind", "/entyr", "/required_permissions/0",
    ])
    # a typo in one permission is reported once, not again as each rule it breaks
    assert not any(p.code == "manifest.missing_permission" for p in report.errors)


def test_did_you_mean_for_keys_and_values(pkg):
    m = base_manifest()
    m["required_permisions"] = m.pop("required_permissions")
    m["kind"] = "presentaton"
    report = o3local.validate(pkg(m))
    hints = {p.where.pointer: p.hint for p in report.errors}
    assert hints["/required_permisions"] == "did you mean 'required_permissions'?"
    assert hints["/kind"] == "did you mean 'presentation'?"


def test_host_version_outside_compatible_versions(pkg):
    report = o3local.validate(pkg(), host_version="13.1.0")
    assert [(p.code, p.where.pointer) for p in report.errors] == [
        ("manifest.incompatible_host", "/compatible_versions")
    ]
    assert o3local.validate(pkg(), host_version="12.4").ok


def test_sample_data_is_checked_against_inputs(pkg):
    report = o3local.validate(pkg(files={"samples/data.json": '{"company": {"description": 42}}'}))
    bad = [p for p in report.errors if p.code == "data.schema"]
    assert len(bad) == 1
    assert bad[0].where.pointer == "/company/description"
    assert bad[0].where.file.endswith("samples/data.json")
    assert (bad[0].where.line, bad[0].where.column) == (1, 29)
