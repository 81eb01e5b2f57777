# PyInstaller for the bundle test (tests/bundle): the requirements of the
# `bundle` extra in pyproject.toml, from PyPI (read from there so the pin lives
# in one place; installing them alone skips re-building the editable wheel).
# The test builds the bundle itself, in a temp folder.  Sourced by .ci/run
# with `set -euo pipefail`.
o3_bundle_reqs="$(python -c 'import tomllib; d = tomllib.load(open("pyproject.toml", "rb")); print("\n".join(d["project"]["optional-dependencies"]["bundle"]))')"
# shellcheck disable=SC2086
python -m pip install -q $o3_bundle_reqs
unset o3_bundle_reqs
python -m PyInstaller --version
