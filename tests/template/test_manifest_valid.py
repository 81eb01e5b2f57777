"""Valid manifests pass, including the source design's example shape."""

from __future__ import annotations

import json

import jsonschema
import pytest

import o3local
from o3local.template.validate import manifest_schema

from .conftest import base_manifest

DESIGN_EXAMPLE = {
    "id": "ppt-funding-pitch-v2",
    "ai_capabilities": ["slide-generation", "data-visualization"],
    "compatible_versions": ["11.5.0", "12.0.0"],
    "required_permissions": ["read:document", "write:presentation"],
}


def test_design_example_shape_is_valid_once_completed(pkg):
    m = DESIGN_EXAMPLE | {"name": "Funding pitch", "version": "2.0.0", "kind": "presentation", "entry": "deck.o3x"}
    report = o3local.validate(pkg(m))
    assert report.ok and report.problems == []


def test_design_example_as_is_names_what_is_missing(pkg):
    report = o3local.validate(pkg(DESIGN_EXAMPLE))
    missing = sorted(p.message for p in report.errors)
    assert missing == [f"missing required key '{k}'" for k in ("entry", "kind", "name", "version")]


def test_full_featured_manifest(pkg):
    m = base_manifest() | {
        "manifest_version": 1,
        "description": "A ten-slide deck",
        "author": {"name": "Ada", "email": "ada@example.com"},
        "license": "CC-BY-4.0",
        "languages": ["en", "zh-CN"],
        "tags": ["pitch"],
        "assets": ["assets/logo.svg"],
        "samples": {"data": "samples/data.json"},
        "x-market": {"category": "business"},
    }
    m["required_permissions"] += ["network:remote-inference"]
    m["ai_slots"]["exec_summary"] |= {"offload": "auto", "lang": "auto", "style": "bullets", "x-note": 1}
    files = {"assets/logo.svg": "<svg/>", "samples/data.json": '{"company": {"description": "We build."}}'}
    report = o3local.validate(pkg(m, files=files))
    assert report.ok, [str(p) for p in report.problems]
    assert report.problems == []


@pytest.mark.parametrize("spec,host,ok", [
    (">=11.5,<13", "12.9.9", True),
    (">=11.5,<13", "13.0.0", False),
    ("^12.0", "12.3.1", True),
    ("~11.5.1", "11.6.0", False),
    ("11.x", "11.0.7", True),
    ("12.0.0", "12.0", True),
    ("11.5.0 || >=14", "14.2.0", True),
])
def test_compatible_version_ranges(pkg, spec, host, ok):
    m = base_manifest() | {"compatible_versions": [spec]}
    assert o3local.validate(pkg(m), host_version=host).ok is ok


def test_unused_remote_permission_is_only_a_warning(pkg):
    m = base_manifest()
    m["required_permissions"].append("network:remote-inference")
    report = o3local.validate(pkg(m))
    assert report.ok
    assert [(w.code, w.severity) for w in report.warnings] == [("manifest.unused_permission", "warning")]


def test_published_schema_is_valid_draft_2020_12_and_reusable():
    schema = manifest_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    # a third party (the market) can use it with a stock validator
    jsonschema.validate(base_manifest(), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(base_manifest() | {"kind": "slides"}, schema)


def test_unicode_text_fields(pkg):
    m = base_manifest() | {"name": "融资路演 · Pitch", "description": "中文说明"}
    (report := o3local.validate(pkg(m)))
    assert report.ok
    pkg_obj = o3local.open_template(pkg(m))
    assert pkg_obj.name == "融资路演 · Pitch"
    assert json.loads(pkg_obj.read_text("manifest.json"))["description"] == "中文说明"
