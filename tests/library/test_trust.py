"""Each way a package can be untrustworthy is refused with its own code, and nothing is installed."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from o3local.errors import LibraryError
from o3local.library import Library
from o3local.library.publish import pack

from .conftest import SAMPLES, Publisher


def refused(library: Library, path: Path, code: str) -> LibraryError:
    with pytest.raises(LibraryError) as info:
        library.add(path)
    assert info.value.code == code, info.value.to_dict()
    assert not [r for r in library.list() if not r.readonly], "a refused package was installed"
    return info.value


def test_signed_package_installs_and_names_its_publisher(library: Library, publisher: Publisher,
                                                        tmp_path: Path) -> None:
    record = library.add(publisher.package(tmp_path / "pkg"))
    assert record.trust["status"] == "signed"
    assert record.trust["key_id"] == publisher.key.public.key_id
    assert record.trust["publisher"] == "acme-templates"
    assert library.resolve("xls-team-sales").path == record.path


@pytest.mark.parametrize("name", ["manifest.json", "sheet.o3x", "samples/sales.csv", "samples/context.json"])
def test_a_flipped_byte_in_any_file_is_refused(library: Library, publisher: Publisher, tmp_path: Path,
                                                name: str) -> None:
    pkg = publisher.package(tmp_path / "pkg")
    target = pkg / name
    data = bytearray(target.read_bytes())
    data[len(data) // 2] ^= 0x01
    target.write_bytes(bytes(data))
    err = refused(library, pkg, "library.file_modified")
    assert name in err.message


def test_a_flipped_byte_in_every_position_of_a_zip_member_is_refused(library: Library,
                                                                      publisher: Publisher,
                                                                      tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "pkg")
    body = (pkg / "sheet.o3x").read_bytes()
    for pos in range(0, len(body), max(1, len(body) // 7)):
        flipped = bytearray(body)
        flipped[pos] ^= 0x20
        (pkg / "sheet.o3x").write_bytes(bytes(flipped))
        refused(library, pkg, "library.file_modified")


def test_an_added_file_is_refused(library: Library, publisher: Publisher, tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "pkg")
    (pkg / "assets").mkdir()
    (pkg / "assets" / "extra.png").write_bytes(b"\x89PNG")
    err = refused(library, pkg, "library.file_added")
    assert "assets/extra.png" in err.message


def test_a_removed_file_is_refused(library: Library, publisher: Publisher, tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "pkg")
    (pkg / "samples" / "context.json").unlink()
    err = refused(library, pkg, "library.file_missing")
    assert "samples/context.json" in err.message


def test_a_signature_copied_from_another_package_is_refused(library: Library, publisher: Publisher,
                                                             tmp_path: Path) -> None:
    other = publisher.package(tmp_path / "other", tid="xls-other-sheet")
    pkg = publisher.package(tmp_path / "pkg")
    shutil.copy(other / "SIGNATURE.json", pkg / "SIGNATURE.json")
    err = refused(library, pkg, "library.signature_replayed")
    assert "xls-other-sheet@1.0.0" in err.message and "xls-team-sales@1.0.0" in err.message


def test_a_signature_edited_to_name_the_package_does_not_verify(library: Library, publisher: Publisher,
                                                                 tmp_path: Path) -> None:
    other = publisher.package(tmp_path / "other", tid="xls-other-sheet")
    pkg = publisher.package(tmp_path / "pkg")
    doc = json.loads((other / "SIGNATURE.json").read_text())
    doc["package"]["id"] = "xls-team-sales"
    (pkg / "SIGNATURE.json").write_text(json.dumps(doc))
    refused(library, pkg, "library.signature_invalid")


def test_a_flipped_bit_in_the_signature_is_refused(library: Library, publisher: Publisher,
                                                    tmp_path: Path) -> None:
    import base64

    pkg = publisher.package(tmp_path / "pkg")
    doc = json.loads((pkg / "SIGNATURE.json").read_text())
    raw = bytearray(base64.b64decode(doc["signature"]))
    raw[10] ^= 0x01
    doc["signature"] = base64.b64encode(bytes(raw)).decode()
    (pkg / "SIGNATURE.json").write_text(json.dumps(doc))
    refused(library, pkg, "library.signature_invalid")


def test_a_listing_edited_to_hide_a_change_is_refused(library: Library, publisher: Publisher,
                                                       tmp_path: Path) -> None:
    import hashlib

    pkg = publisher.package(tmp_path / "pkg")
    (pkg / "sheet.o3x").write_text("<document kind=\"spreadsheet\"/>")
    doc = json.loads((pkg / "SIGNATURE.json").read_text())
    data = (pkg / "sheet.o3x").read_bytes()
    doc["files"]["sheet.o3x"] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (pkg / "SIGNATURE.json").write_text(json.dumps(doc))
    refused(library, pkg, "library.signature_invalid")


def test_a_key_nobody_trusts_is_refused_and_named(library: Library, stranger: Publisher,
                                                   tmp_path: Path) -> None:
    err = refused(library, stranger.package(tmp_path / "pkg"), "library.key_untrusted")
    assert stranger.key.public.key_id in err.message


def test_an_unsigned_package_is_refused_unless_allowed(library: Library, publisher: Publisher,
                                                        tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "pkg", sign=False)
    refused(library, pkg, "library.unsigned")
    record = library.add(pkg, allow_unsigned=True)
    assert record.trust["status"] == "unsigned" and record.key_id == "unsigned"


def test_allow_unsigned_never_lets_an_altered_package_in(library: Library, publisher: Publisher,
                                                          tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "pkg")
    (pkg / "sheet.o3x").write_text("<document kind=\"spreadsheet\"/>")
    with pytest.raises(LibraryError) as info:
        library.add(pkg, allow_unsigned=True)
    assert info.value.code == "library.file_modified"


def test_an_administrator_key_is_trusted_and_cannot_be_removed_by_the_user(
        home: Path, stranger: Publisher, tmp_path: Path) -> None:
    from o3local.library import TrustStore

    admin = home / "trust-admin"
    admin.mkdir()
    shutil.copy(stranger.public, admin / stranger.public.name)
    record = Library().add(stranger.package(tmp_path / "pkg"))
    assert record.trust["key_id"] == stranger.key.public.key_id
    with pytest.raises(LibraryError) as info:
        TrustStore().remove(stranger.key.public.key_id)
    assert info.value.code == "library.key_readonly"


def test_removing_a_trusted_key_makes_its_packages_untrusted(library: Library, publisher: Publisher,
                                                             tmp_path: Path) -> None:
    from o3local.library import TrustStore

    TrustStore().remove(publisher.key.public.key_id)
    refused(library, publisher.package(tmp_path / "pkg"), "library.key_untrusted")


def test_a_signed_o3t_verifies_like_its_folder(library: Library, publisher: Publisher,
                                               tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "pkg")
    o3t = pack(pkg, tmp_path / "pkg.o3t")
    record = library.add(o3t)
    assert record.trust["status"] == "signed"
    # the same package as a zip with one entry changed
    bad = tmp_path / "bad.o3t"
    with zipfile.ZipFile(o3t) as src, zipfile.ZipFile(bad, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(info, data.replace(b"Region", b"Regiom") if info.filename == "sheet.o3x" else data)
    library.remove("xls-team-sales")
    refused(library, bad, "library.file_modified")


def test_the_sample_key_is_trusted_only_for_the_sample_ids(home: Path, tmp_path: Path) -> None:
    """The sample private key is public (it is committed): a package it signs under another id is refused."""
    from o3local.library.publish import sign_folder

    pkg = Publisher(tmp_path, "x").package(tmp_path / "pkg", tid="xls-evil-sheet", sign=False)
    sign_folder(pkg, Path(__file__).parents[2] / "packaging" / "sample-publisher" / "sample-publisher.key.json")
    refused(Library(), pkg, "library.key_scope")


def test_the_shipped_samples_are_signed_and_install_into_a_fresh_store(library: Library,
                                                                       tmp_path: Path) -> None:
    for folder in sorted(SAMPLES.iterdir()):
        record = library.add(folder)
        assert record.trust["status"] == "signed", (
            f"{folder.name} is not signed or was edited after signing; re-sign it with: o3-local templates "
            f"sign {folder} --key packaging/sample-publisher/sample-publisher.key.json")
        assert record.trust["publisher"].startswith("o3-local sample publisher")
    assert {r.id for r in library.list() if not r.readonly} == {
        "ppt-funding-pitch-v2", "doc-report-zh", "xls-sales-sheet", "doc-invoice",
        "doc-monthly-report-zh"}
    assert all(r.trust["status"] == "signed" for r in library.list())


def test_without_cryptography_a_signed_package_is_a_typed_refusal_not_a_crash(
        library: Library, publisher: Publisher, tmp_path: Path) -> None:
    """A build that lost the cryptography package must say so (the bundle used to exclude it)."""
    import subprocess
    import sys

    pkg = publisher.package(tmp_path / "pkg")
    code = ("import sys; sys.modules['cryptography'] = None; from o3local.cli import main; "
            "main(sys.argv[1:])")
    add = subprocess.run([sys.executable, "-c", code, "templates", "add", str(pkg), "--json"],
                         capture_output=True, text=True, timeout=60)
    assert add.returncode == 1, add.stderr
    assert json.loads(add.stdout)["error"]["code"] == "library.crypto_unavailable"
    listed = subprocess.run([sys.executable, "-c", code, "templates", "list", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert {t["trust"]["status"] for t in json.loads(listed.stdout)["templates"]} == {"unverified"}
