"""``serve`` never writes its token into a folder that is not this user's own (issue 15 item 9)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import start_service, stop_service


def _serve(discovery: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from o3local.cli import main; main()", "serve",
                           "--discovery-file", str(discovery)], capture_output=True, text=True,
                          timeout=60)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="making a folder another user's needs root")
def test_folder_of_another_user_is_a_clear_error(tmp_path) -> None:
    folder = tmp_path / "o3-local"
    folder.mkdir(mode=0o755)
    os.chown(folder, 65534, 65534)  # nobody pre-created the runtime folder
    done = _serve(folder / "service.json")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "belongs to another user (uid 65534" in done.stderr and str(folder) in done.stderr
    assert not (folder / "service.json").exists()


def test_link_in_place_of_the_folder_is_refused(tmp_path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "o3-local").symlink_to(tmp_path / "elsewhere")
    done = _serve(tmp_path / "o3-local" / "service.json")
    assert done.returncode == 1 and "is a link or not a folder" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "elsewhere" / "service.json").exists()


def test_own_folder_with_loose_modes_is_made_private(tmp_path) -> None:
    folder = tmp_path / "run"
    folder.mkdir()
    folder.chmod(0o777)
    svc = start_service(tmp_path)  # writes tmp_path/run/service.json
    try:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    finally:
        stop_service(svc)
