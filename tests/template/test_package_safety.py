"""Hostile packages: zip slip, zip bombs, symlinks, special files, broken zips."""

from __future__ import annotations

import json
import os
import stat
import zipfile
from pathlib import Path

import pytest

import o3local
from o3local.errors import ManifestError, PackageError
from o3local.template import source as src

from .conftest import base_manifest


def make_zip(path: Path, entries: dict[str, bytes], *, compression=zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compression=compression) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return path


def good_entries() -> dict[str, bytes]:
    return {"manifest.json": json.dumps(base_manifest()).encode(), "deck.o3x": b"<document/>"}


def codes(report) -> list[str]:
    return [p.code for p in report.errors]


def test_valid_o3t_zip(tmp_path):
    report = o3local.validate(make_zip(tmp_path / "t.o3t", good_entries()))
    assert report.ok, [str(p) for p in report.problems]
    pkg = o3local.open_template(tmp_path / "t.o3t")
    assert pkg.read_text("deck.o3x") == "<document/>"
    assert pkg.display_name("manifest.json").endswith("t.o3t!/manifest.json")


@pytest.mark.parametrize("name,code", [
    ("../evil.txt", "package.zip_slip"),
    ("assets/../../evil.txt", "package.zip_slip"),
    ("/etc/evil.txt", "package.zip_slip"),
    ("assets\\evil.txt", "package.unsafe_path"),
    ("C:/evil.txt", "package.zip_slip"),
])
def test_zip_slip_entries_are_reported_and_never_readable(tmp_path, name, code):
    entries = good_entries() | {name: b"pwned"}
    path = make_zip(tmp_path / "t.o3t", entries)
    report = o3local.validate(path)
    assert codes(report) == [code]
    assert name in report.errors[0].where.file
    source = src.open_source(path)
    assert name not in source.files()
    with pytest.raises(PackageError):
        source.read_bytes(name)


def test_zip_bomb_by_ratio_is_refused(tmp_path):
    entries = good_entries() | {"assets/bomb.bin": b"\0" * (8 * 1024 * 1024)}
    report = o3local.validate(make_zip(tmp_path / "t.o3t", entries))
    assert codes(report) == ["package.zip_bomb"]


def test_entry_that_lies_about_its_size_is_stopped_while_decompressing(tmp_path, monkeypatch):
    path = make_zip(tmp_path / "t.o3t", good_entries() | {"assets/big.bin": os.urandom(300_000)})
    source = src.open_source(path)
    with pytest.raises(PackageError) as err:
        source.read_bytes("assets/big.bin", limit=100_000)
    assert err.value.code == "package.zip_bomb"


def test_too_many_entries(tmp_path, monkeypatch):
    monkeypatch.setattr(src, "MAX_ENTRIES", 10)
    entries = good_entries() | {f"assets/{i}.txt": b"x" for i in range(20)}
    report = o3local.validate(make_zip(tmp_path / "t.o3t", entries))
    assert "package.too_many_files" in codes(report)


def test_total_size_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(src, "MAX_TOTAL_BYTES", 50_000)
    entries = good_entries() | {f"assets/{i}.bin": os.urandom(20_000) for i in range(4)}
    report = o3local.validate(make_zip(tmp_path / "t.o3t", entries))
    assert "package.too_large" in codes(report)


def test_symlink_entry_in_zip(tmp_path):
    path = tmp_path / "t.o3t"
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in good_entries().items():
            zf.writestr(name, data)
        info = zipfile.ZipInfo("assets/link")
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(info, "/etc/passwd")
    report = o3local.validate(path)
    assert codes(report) == ["package.symlink"]


def test_duplicate_zip_entries(tmp_path):
    path = tmp_path / "t.o3t"
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with zipfile.ZipFile(path, "w") as zf:
            for name, data in good_entries().items():
                zf.writestr(name, data)
            zf.writestr("deck.o3x", b"<document>other</document>")
    report = o3local.validate(path)
    assert codes(report) == ["package.duplicate_entry"]


def test_not_a_zip(tmp_path):
    path = tmp_path / "t.o3t"
    path.write_bytes(b"this is not a zip file")
    with pytest.raises(PackageError) as err:
        o3local.validate(path)
    assert err.value.code == "package.not_a_zip"


def test_truncated_zip(tmp_path):
    path = make_zip(tmp_path / "t.o3t", good_entries())
    path.write_bytes(path.read_bytes()[:-30])
    with pytest.raises(PackageError):
        o3local.validate(path)


def test_missing_manifest_with_hint(tmp_path):
    entries = {"inner/manifest.json": b"{}", "deck.o3x": b""}
    report = o3local.validate(make_zip(tmp_path / "t.o3t", entries))
    assert codes(report) == ["package.missing_manifest"]
    assert "inner/manifest.json" in report.errors[0].hint


def test_symlink_leading_out_of_folder(pkg, tmp_path):
    root = pkg()
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    (root / "assets").mkdir()
    os.symlink(secret, root / "assets" / "leak.txt")
    os.symlink(tmp_path, root / "outdir")
    report = o3local.validate(root)
    assert sorted(codes(report)) == ["package.symlink_outside", "package.symlink_outside"]


def test_symlink_inside_folder_is_allowed(pkg):
    root = pkg()
    os.symlink(root / "deck.o3x", root / "alias.o3x")
    m = base_manifest() | {"entry": "alias.o3x"}
    (root / "manifest.json").write_text(json.dumps(m))
    assert o3local.validate(root).ok


def test_fifo_in_folder_does_not_hang(pkg):
    root = pkg()
    os.mkfifo(root / "pipe")
    m = base_manifest() | {"entry": "pipe"}
    (root / "manifest.json").write_text(json.dumps(m))
    report = o3local.validate(root)
    assert sorted(codes(report)) == ["manifest.missing_file", "package.special_file"]


def test_open_template_raises_with_every_problem(pkg):
    m = base_manifest() | {"id": "Bad", "kind": "deck"}
    with pytest.raises(ManifestError) as err:
        o3local.open_template(pkg(m))
    assert sorted(p.where.pointer for p in err.value.problems) == ["/id", "/kind"]


def test_nonexistent_path():
    with pytest.raises(PackageError) as err:
        o3local.validate("/no/such/template")
    assert err.value.code == "package.not_found"
