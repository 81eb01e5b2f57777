"""Whatever the input, the validator answers with problems, never with a crash."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import o3local
from o3local.errors import O3Error
from o3local.template import jsontext

from .conftest import BASE, write_package

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.sampled_from(list(BASE) + ["x-a", "foo", ""]) | st.text(max_size=8), children, max_size=6),
    max_leaves=30,
)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(doc=json_values)
def test_arbitrary_json_never_raises_anything_but_reports(tmp_path: Path, doc):
    root = write_package(tmp_path / "p", text=json.dumps(doc))
    report = o3local.validate(root)
    assert isinstance(report.ok, bool)
    for p in report.problems:
        assert p.code and p.message


@SETTINGS
@given(doc=st.fixed_dictionaries({}, optional={k: json_values for k in BASE}))
def test_manifest_shaped_json_never_crashes(tmp_path: Path, doc):
    root = write_package(tmp_path / "p", text=json.dumps(doc))
    o3local.validate(root)


@SETTINGS
@given(data=st.binary(max_size=300))
def test_arbitrary_bytes_never_crash(tmp_path: Path, data: bytes):
    root = write_package(tmp_path / "p", text=data)
    try:
        report = o3local.validate(root)
    except O3Error:
        return
    assert not report.ok or data.strip()


@SETTINGS
@given(data=st.binary(max_size=300))
def test_arbitrary_bytes_as_o3t_never_crash(tmp_path: Path, data: bytes):
    path = tmp_path / "p.o3t"
    path.write_bytes(b"PK\x03\x04" + data)
    try:
        o3local.validate(path)
    except O3Error:
        pass


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=200))
def test_json_reader_agrees_with_the_standard_library(text: str):
    try:
        expected = json.loads(text)
        std_ok = True
    except (ValueError, RecursionError):
        std_ok = False
    try:
        got = jsontext.parse(text).value
    except jsontext.JSONTextError:
        # stricter than json.loads only for NaN/Infinity literals and out-of-range numbers
        assert not std_ok or any(w in text for w in ("NaN", "Infinity", "e", "E"))
        return
    assert std_ok
    assert got == expected
