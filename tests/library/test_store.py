"""Installing: versions side by side, atomic upgrades, host-version gating, removal."""

from __future__ import annotations

from pathlib import Path

import pytest

from o3local.errors import LibraryError
from o3local.library import Library

from .conftest import Publisher


def test_two_versions_live_side_by_side_and_the_newest_wins(library: Library, publisher: Publisher,
                                                           tmp_path: Path) -> None:
    old = library.add(publisher.package(tmp_path / "v1", version="1.0.0"))
    new = library.add(publisher.package(tmp_path / "v2", version="2.0.0", name="Team sales v2"))
    assert old.path != new.path and old.path.is_dir() and new.path.is_dir()
    assert library.resolve("xls-team-sales").version == "2.0.0"
    assert library.resolve("xls-team-sales@1.0.0").path == old.path
    library.remove("xls-team-sales@2.0.0")
    assert not new.path.exists()
    assert library.resolve("xls-team-sales").version == "1.0.0"


def test_an_interrupted_upgrade_leaves_the_old_version_usable(library: Library, publisher: Publisher,
                                                              tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import o3local.library.store as store

    old = library.add(publisher.package(tmp_path / "v1", version="1.0.0"))

    def killed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # the process dies at the commit point

    with monkeypatch.context() as patch, pytest.raises(KeyboardInterrupt):
        patch.setattr(store, "atomic_write_text", killed)
        library.add(publisher.package(tmp_path / "v2", version="2.0.0"))
    assert [r.version for r in Library().versions("xls-team-sales")] == ["1.0.0"]
    assert library.resolve("xls-team-sales").path == old.path
    assert not any((library.root / "staging").iterdir())
    assert library.add(publisher.package(tmp_path / "v2b", version="2.0.0")).version == "2.0.0"


def test_reinstalling_the_same_version_keeps_one_copy(library: Library, publisher: Publisher,
                                                      tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "v1")
    first = library.add(pkg)
    second = library.add(pkg)
    assert first.path == second.path
    assert len(list((library.root / "packages").iterdir())) == 1


def test_install_refuses_a_host_the_template_does_not_support(library: Library, publisher: Publisher,
                                                              tmp_path: Path) -> None:
    pkg = publisher.package(tmp_path / "v1", compatible=[">=11.5,<13"])
    with pytest.raises(LibraryError) as info:
        library.add(pkg, host_version="13.1.0")
    assert info.value.code == "library.incompatible_host"
    assert "13.1.0" in info.value.message and ">=11.5,<13" in info.value.message
    assert library.add(pkg, host_version="12.4").version == "1.0.0"


def test_render_time_gating_picks_the_version_the_host_runs(library: Library, publisher: Publisher,
                                                            tmp_path: Path) -> None:
    library.add(publisher.package(tmp_path / "v1", version="1.0.0", compatible=["11.x"]))
    library.add(publisher.package(tmp_path / "v2", version="2.0.0", compatible=["^12.0"]))
    assert library.resolve("xls-team-sales", "11.8.0").version == "1.0.0"
    assert library.resolve("xls-team-sales", "12.1.0").version == "2.0.0"
    with pytest.raises(LibraryError) as info:
        library.resolve("xls-team-sales", "14.0.0")
    assert info.value.code == "library.incompatible_host" and "14.0.0" in info.value.message
    with pytest.raises(LibraryError) as info:
        library.resolve("xls-team-sales@2.0.0", "11.8.0")
    assert info.value.code == "library.incompatible_host"


def test_unknown_ids_and_versions_are_named(library: Library, publisher: Publisher, tmp_path: Path) -> None:
    library.add(publisher.package(tmp_path / "v1"))
    with pytest.raises(LibraryError) as info:
        library.resolve("xls-team-sales@9.9.9")
    assert info.value.code == "library.not_installed" and "1.0.0" in info.value.message
    with pytest.raises(LibraryError) as info:
        library.remove("ppt-funding-pitch-v2")
    assert info.value.code == "library.readonly"


def test_a_package_changed_on_disk_after_install_is_refused_at_render(library: Library,
                                                                      publisher: Publisher,
                                                                      tmp_path: Path) -> None:
    from o3local.library import resolve_for_render

    record = library.add(publisher.package(tmp_path / "v1"))
    (record.path / "sheet.o3x").chmod(0o644)
    (record.path / "sheet.o3x").write_text("<document kind=\"spreadsheet\"/>")
    with pytest.raises(LibraryError) as info:
        resolve_for_render("xls-team-sales")
    assert info.value.code == "library.store_corrupt"


def test_unsafe_packages_are_refused_before_anything_is_copied(library: Library, tmp_path: Path) -> None:
    import zipfile

    from o3local.errors import PackageError

    bad = tmp_path / "slip.o3t"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("manifest.json", "{}")
        zf.writestr("../evil.txt", "x")
    with pytest.raises(PackageError) as info:
        library.add(bad)
    assert info.value.code == "package.unsafe"
    assert not (library.root / "packages").exists()


def test_a_package_folder_altered_on_disk_is_replaced_by_the_next_install(library: Library,
                                                                           publisher: Publisher,
                                                                           tmp_path: Path) -> None:
    from o3local.library import resolve_for_render

    pkg = publisher.package(tmp_path / "v1")
    record = library.add(pkg)
    (record.path / "sheet.o3x").write_text("<document kind=\"spreadsheet\"/>")
    (record.path / "planted.txt").write_text("x")
    again = library.add(pkg)
    assert again.path == record.path and not (record.path / "planted.txt").exists()
    assert resolve_for_render("xls-team-sales") == str(record.path)
