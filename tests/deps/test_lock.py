"""The lock (requirements/lock.txt) is what CI, the quick start and the bundle install.

A new release elsewhere must not change what we run: every dependency that
pyproject.toml names is pinned in the lock at a version its specifier allows,
and the environment the tests run in holds exactly the locked versions (so a
CI run that silently installed something else fails here, naming it).
Refresh with ``bash .ci/lock`` (see the README's development section).
"""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import tomllib
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parents[2]
LOCK = REPO / "requirements" / "lock.txt"


def _locked() -> dict[str, Version]:
    """name -> pinned version for this interpreter and platform (markers evaluated)."""
    env = default_environment()
    pins: dict[str, Version] = {}
    for raw in LOCK.read_text("utf-8").splitlines():
        line = raw.split("#", 1)[0].strip().rstrip("\\").strip()
        if not line or line.startswith("-"):
            continue
        req = Requirement(line)
        assert len(req.specifier) == 1 and next(iter(req.specifier)).operator == "==", (
            f"lock line is not an exact pin: {raw!r}")
        if req.marker is None or req.marker.evaluate(env):
            pins[canonicalize_name(req.name)] = Version(next(iter(req.specifier)).version)
    return pins


def _declared() -> list[Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        reqs += extra
    return [Requirement(r) for r in reqs]


def test_every_declared_dependency_is_pinned_within_its_range():
    pins = _locked()
    env = default_environment()
    problems = []
    for req in _declared():
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        name = canonicalize_name(req.name)
        if name not in pins:
            problems.append(f"{req} is not in the lock")
        elif not req.specifier.contains(pins[name], prereleases=True):
            problems.append(f"{req} but the lock pins {pins[name]}")
    assert problems == [], "run `bash .ci/lock` and commit the result:\n" + "\n".join(problems)


def test_the_installed_environment_is_the_locked_one():
    pins = _locked()
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    wrong = []
    for name, version in sorted(pins.items()):
        have = installed.get(name)
        # a local build tag (torch's "+cpu" wheel) is the same release
        if have is not None and Version(re.sub(r"\+.*$", "", have)) != version:
            wrong.append(f"{name} {have} installed, lock pins {version}")
    assert wrong == [], ("this environment was not installed from requirements/lock.txt:\n"
                         + "\n".join(wrong))


def test_the_core_dependencies_are_installed():
    """The quick start's `pip install -c requirements/lock.txt .` brings every core dependency."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    installed = {canonicalize_name(d.metadata["Name"]) for d in metadata.distributions()}
    missing = [r for r in project["dependencies"]
               if canonicalize_name(Requirement(r).name) not in installed]
    assert missing == []
