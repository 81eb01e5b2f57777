"""The permissions object: declared permissions intersected with the user's policy."""

from __future__ import annotations

import json

import pytest

import o3local
from o3local.errors import PermissionDenied, UsageError
from o3local.permissions import Permissions, Policy

from .conftest import base_manifest


def test_template_gets_only_what_it_declares():
    perms = Permissions.for_template("t", ["read:document", "write:presentation"])
    assert perms.allows("write:presentation")
    assert not perms.allows("write:spreadsheet")
    with pytest.raises(PermissionDenied, match="does not declare 'write:spreadsheet'"):
        perms.require("write:spreadsheet", action="writing the sheet")


def test_remote_inference_is_off_unless_the_user_allows_it():
    declared = ["read:document", "network:remote-inference"]
    off = Permissions.for_template("t", declared)
    with pytest.raises(PermissionDenied, match="turned off in the user's policy"):
        off.require("network:remote-inference", action="offloading a summary")
    on = Permissions.for_template("t", declared, Policy(allow_remote_inference=True))
    on.require("network:remote-inference", action="offloading a summary")
    assert on.granted == frozenset(declared)


def test_user_policy_can_deny_a_declared_permission():
    perms = Permissions.for_template("t", ["read:spreadsheet"], Policy(deny=frozenset({"read:spreadsheet"})))
    with pytest.raises(PermissionDenied, match="policy denies"):
        perms.require("read:spreadsheet", action="reading data.xlsx")


def test_policy_file(tmp_path, monkeypatch):
    path = tmp_path / "policy.json"
    path.write_text(json.dumps({"allow_remote_inference": True, "deny": ["write:document"]}))
    monkeypatch.setenv("O3_POLICY_FILE", str(path))
    policy = Policy.load()
    assert policy.allow_remote_inference and policy.deny == {"write:document"}
    path.write_text(json.dumps({"allow_remote": True}))
    with pytest.raises(UsageError, match="unknown policy key"):
        Policy.load()
    path.write_text("{not json")
    with pytest.raises(UsageError, match="cannot read the policy file"):
        Policy.load()


def test_package_permissions_use_the_policy(pkg, monkeypatch, tmp_path):
    m = base_manifest()
    m["required_permissions"].append("network:remote-inference")
    m["ai_slots"]["exec_summary"]["offload"] = "auto"
    monkeypatch.setenv("O3_POLICY_FILE", str(tmp_path / "absent.json"))
    template = o3local.open_template(pkg(m))
    assert not template.permissions.allows("network:remote-inference")
    assert template.permissions.allows("write:presentation")
