"""What a render leaves on disk: whole page sets, normal modes, long names, refused targets.

Several pages are one folder published at once (see o3local.fsutil); a
target that is a device, FIFO, socket or someone's folder is refused and
left as it was; created files get the umask's mode; staging is one hidden
folder with a short name, and a killed run's staging folder is removed by
the next run.  (tests/adversarial/test_kill_outputs.py kills real renders.)
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time

import pytest
from conftest import listing

import o3local
from o3local.errors import UsageError
from o3local.fsutil import PAGE_SET_MANIFEST, STAGING_PREFIX, atomic_write_bytes
from tests.export.kit import sales_csv as sales


def pages_of(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_new_page_set_replaces_the_old_one_whole(tmp_path):
    out = tmp_path / "out"
    first = o3local.render("sales-sheet", data=str(sales(tmp_path / "a.csv", 120)), fmt="svg",
                           output=out / "deck.svg")
    assert first.page_count >= 3 and listing(out) == ["deck"]
    assert [p.name for p in first.outputs] == [f"deck-{i:02d}.svg"
                                               for i in range(1, first.page_count + 1)]
    second = o3local.render("sales-sheet", data=str(sales(tmp_path / "b.csv", 40, "x")),
                            fmt="svg", output=out / "deck.svg")
    assert second.page_count < first.page_count
    assert listing(out) == ["deck"]  # no staging folder, no old folder left
    assert pages_of(out / "deck") == {PAGE_SET_MANIFEST: (out / "deck" / PAGE_SET_MANIFEST)
                                      .read_bytes(), **{p.name: f for p, f in
                                                        zip(second.outputs, second.files,
                                                            strict=True)}}


def test_a_folder_we_did_not_write_is_not_replaced(cli, tmp_path):
    out = tmp_path / "out"
    (out / "deck").mkdir(parents=True)
    (out / "deck" / "notes.txt").write_text("mine")
    result = cli("--sample", "--json", "-o", out / "deck.png")
    assert result.exit_code == 2 and '"usage.output"' in result.output
    assert "did not write" in result.output
    assert listing(out) == ["deck"] and listing(out / "deck") == ["notes.txt"]


def special_targets(tmp_path):
    fifo = tmp_path / "fifo.svg"
    os.mkfifo(fifo)
    sock_path = tmp_path / "sock.svg"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    targets = {"a FIFO": fifo, "a socket": sock_path}
    if os.geteuid() == 0:  # a device node like /dev/null (made here, never the real one)
        null = tmp_path / "null.svg"
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        targets["a character device"] = null
    return targets, sock


def test_devices_fifos_and_sockets_are_refused_and_left_alone(cli, tmp_path):
    targets, sock = special_targets(tmp_path)
    try:
        for kind, target in targets.items():
            before = os.lstat(target)
            # one page (--page 1) would be written to exactly this name
            result = cli("--sample", "--page", "1", "-o", target)
            assert result.exit_code == 2, (kind, result.output)
            assert f"exists and is {kind}" in result.output
            after = os.lstat(target)
            assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino,
                                                                    before.st_rdev)
        with pytest.raises(UsageError) as err:
            atomic_write_bytes(targets["a FIFO"], b"x")
        assert err.value.code == "usage.output"
    finally:
        sock.close()
    assert not [n for n in listing(tmp_path) if n.startswith(STAGING_PREFIX)]


@pytest.mark.parametrize("umask, file_mode, dir_mode", [(0o022, 0o644, 0o755),
                                                        (0o077, 0o600, 0o700)])
def test_files_get_the_mode_the_umask_gives(tmp_path, umask, file_mode, dir_mode):
    code = ("import o3local, sys; o3local.render('funding-pitch', sample=True, fmt='svg', "
            "output=sys.argv[1]); o3local.render('funding-pitch', sample=True, fmt='svg', "
            "page=1, output=sys.argv[2])")
    subprocess.run(["sh", "-c", f'umask {umask:03o}; exec "$0" -c "$1" "$2" "$3"', sys.executable,
                    code, str(tmp_path / "deck.svg"), str(tmp_path / "one.svg")], check=True,
                   timeout=120)
    assert stat.S_IMODE(os.stat(tmp_path / "one.svg").st_mode) == file_mode
    assert stat.S_IMODE(os.stat(tmp_path / "deck").st_mode) == dir_mode
    assert {stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "deck").iterdir()} == {file_mode}


@pytest.mark.parametrize("length", [249, 255])
def test_names_up_to_name_max_work(tmp_path, length):
    name = "a" * (length - 4) + ".svg"
    result = o3local.render("funding-pitch", sample=True, fmt="svg", page=1,
                            output=tmp_path / name)
    assert listing(tmp_path) == [name] and result.outputs == [tmp_path / name]
    # a page folder with a long name: its pages add "-01" and must still fit NAME_MAX
    folder = "b" * 245 + ".svg"
    o3local.render("funding-pitch", sample=True, fmt="svg", output=tmp_path / folder)
    assert len((tmp_path / ("b" * 245)).iterdir().__next__().name.encode()) <= 255


def test_a_killed_runs_staging_folder_is_removed_by_the_next_run(tmp_path):
    stale = tmp_path / f"{STAGING_PREFIX}{'0' * 16}"
    stale.mkdir()
    for i in range(5):
        (stale / f"deck-{i:02d}.svg").write_bytes(b"<svg")  # what a killed run leaves
    # a living writer's staging folder (locked) must stay
    live = tmp_path / f"{STAGING_PREFIX}{'1' * 16}"
    live.mkdir()
    holder = subprocess.Popen([sys.executable, "-c",
                               "import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDONLY);"
                               " fcntl.flock(fd, fcntl.LOCK_EX); print('locked', flush=True);"
                               " time.sleep(60)", str(live)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        mine = tmp_path / "mine.txt"  # someone's own file with a look-alike name stays too
        (tmp_path / f"{STAGING_PREFIX}notours").mkdir()
        mine.write_text("x")
        o3local.render("funding-pitch", sample=True, fmt="svg", page=1,
                       output=tmp_path / "one.svg")
        assert listing(tmp_path) == sorted([live.name, f"{STAGING_PREFIX}notours", "mine.txt",
                                            "one.svg"])
    finally:
        holder.kill()
        holder.wait(timeout=10)
    time.sleep(0.05)
    o3local.render("funding-pitch", sample=True, fmt="svg", page=1, output=tmp_path / "two.svg")
    assert live.name not in listing(tmp_path)  # its writer died: removed now
