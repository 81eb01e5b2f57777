"""Hostile package folders: validation cost, deep nesting, hard links, spoofing names (issue 15 items 8, 9)."""

from __future__ import annotations

import json
import os
import time

import pytest

import o3local
from o3local.errors import PackageError
from o3local.template import source as src
from tests.template.conftest import base_manifest, write_package


def codes(report) -> list[str]:
    return [p.code for p in report.errors]


def test_400_missing_assets_among_2000_files_validate_fast_and_keep_hints(tmp_path):
    files = {f"assets/image-{i:04d}-photo.png.txt": "x" for i in range(2000)}
    manifest = base_manifest()
    manifest["assets"] = ["assets/IMAGE-0001-PHOTO.png.txt", "assets/image-0002-phot.png.txt"] + [
        f"assets/picture-{i:04d}-fotos.txt" for i in range(398)]
    pkg = write_package(tmp_path / "p", manifest, files=files)
    t0 = time.perf_counter()
    report = o3local.validate(pkg)
    elapsed = time.perf_counter() - t0
    assert codes(report) == ["manifest.missing_file"] * 400
    assert elapsed < 5, f"validate took {elapsed:.1f} s (30.8 s with unbounded difflib hints)"
    hints = [p.hint for p in report.errors]
    # a case-only slip is always found; the first fuzzy one within the budget too
    assert hints[0] == "did you mean 'assets/image-0001-photo.png.txt'?"
    assert hints[1] == "did you mean 'assets/image-0002-photo.png.txt'?"


def _remove_deep(top: str) -> None:
    """Remove a deep tree bottom-up: shutil.rmtree (and pytest's tmp cleanup) recurse per level."""
    order, stack = [], [top]
    while stack:
        d = stack.pop()
        order.append(d)
        with os.scandir(d) as it:
            for e in it:
                if e.is_dir(follow_symlinks=False):
                    stack.append(e.path)
                else:
                    os.unlink(e.path)
    for d in reversed(order):
        os.rmdir(d)


def test_1100_nested_folders_are_one_package_error_not_a_traceback(tmp_path):
    pkg = write_package(tmp_path / "p")
    deep = str(pkg / "a")
    os.mkdir(deep)
    try:
        for _ in range(1099):  # os.makedirs and Path joins recurse themselves
            deep += "/a"
            os.mkdir(deep)
        with open(deep + "/x.txt", "w") as fh:
            fh.write("x")
        report = o3local.validate(pkg)
    finally:
        _remove_deep(str(pkg / "a"))
    assert codes(report) == ["package.too_deep"]
    assert f"more than {src.MAX_FOLDER_DEPTH} levels" in report.errors[0].message
    # nesting up to the cap is fine
    ok = write_package(tmp_path / "ok")
    inner = ok.joinpath(*["d"] * src.MAX_FOLDER_DEPTH)
    inner.mkdir(parents=True)
    (inner / "y.txt").write_text("y")
    source = src.open_source(ok)
    assert "/".join(["d"] * src.MAX_FOLDER_DEPTH) + "/y.txt" in source.files()


def test_hardlink_to_a_file_outside_the_package_is_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("private key")
    pkg = write_package(tmp_path / "p")
    os.link(secret, pkg / "notes.txt")
    report = o3local.validate(pkg)
    assert codes(report) == ["package.hardlink_outside"]
    assert report.errors[0].where.file.endswith("notes.txt")
    source = src.open_source(pkg)
    assert "notes.txt" not in source.files()
    with pytest.raises(PackageError):
        source.read_bytes("notes.txt")


def test_hardlinks_that_stay_inside_the_package_are_fine(tmp_path):
    pkg = write_package(tmp_path / "p", files={"a.txt": "same"})
    os.link(pkg / "a.txt", pkg / "b.txt")
    report = o3local.validate(pkg)
    assert report.ok, [str(p) for p in report.problems]
    assert o3local.open_template(pkg).read_bytes("b.txt") == b"same"


def test_file_swapped_for_a_hardlink_after_the_scan_is_not_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("private key")
    pkg = write_package(tmp_path / "p", files={"notes.txt": "ok"})
    source = src.open_source(pkg)
    (pkg / "notes.txt").unlink()
    os.link(secret, pkg / "notes.txt")
    with pytest.raises(PackageError) as err:
        source.read_bytes("notes.txt")
    assert err.value.code == "package.changed"


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200f", "\x7f", "\x85", "\ufffe"])
def test_bidi_and_control_characters_in_folder_names_are_refused_and_escaped(tmp_path, char):
    pkg = write_package(tmp_path / "p")
    name = f"invoice{char}fdp.exe"
    (pkg / name).write_text("x")
    report = o3local.validate(pkg)
    assert codes(report) == ["package.unsafe_path"]
    shown = str(report.errors[0])
    assert char not in shown, shown
    assert f"\\u{ord(char):04x}" in shown
    assert name not in src.open_source(pkg).files()


def test_bidi_override_in_zip_entry_is_refused_and_escaped(tmp_path):
    import zipfile

    path = tmp_path / "t.o3t"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", json.dumps(base_manifest()))
        zf.writestr("deck.o3x", "<document/>")
        zf.writestr("assets/report\u202eftp.exe", "x")
    report = o3local.validate(path)
    assert codes(report) == ["package.unsafe_path"]
    assert "\u202e" not in str(report.errors[0])
    assert "bidirectional" in report.errors[0].message


def test_undecodable_file_name_is_refused(tmp_path):
    pkg = write_package(tmp_path / "p")
    raw = os.fsencode(str(pkg)) + b"/bad\xff.txt"
    try:
        with open(raw, "wb") as fh:
            fh.write(b"x")
    except OSError:
        pytest.skip("file system refuses non-UTF-8 names")
    report = o3local.validate(pkg)
    assert codes(report) == ["package.unsafe_path"]
    assert "\\xff" in str(report.errors[0])


def test_fifo_swapped_in_after_the_scan_does_not_hang(tmp_path):
    pkg = write_package(tmp_path / "p", files={"notes.txt": "ok"})
    source = src.open_source(pkg)
    (pkg / "notes.txt").unlink()
    os.mkfifo(pkg / "notes.txt")
    with pytest.raises(PackageError) as err:
        source.read_bytes("notes.txt")
    assert err.value.code == "package.changed"


def test_unicode_names_that_are_not_controls_still_work(tmp_path):
    pkg = write_package(tmp_path / "p", files={"图片/封面.png.txt": "x", "emoji/\U0001f469\u200d\U0001f4bb.txt": "y",
                                                "fa/\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.txt": "z"})
    report = o3local.validate(pkg)
    assert report.ok, [str(p) for p in report.problems]
    assert len(src.open_source(pkg).files()) == 5


