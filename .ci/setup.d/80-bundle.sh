# PyInstaller for the bundle test (tests/bundle): the `bundle` extra of
# pyproject.toml, from PyPI.  The test builds the bundle itself, in a temp
# folder.  Sourced by .ci/run with `set -euo pipefail`.
python -m pip install -q -e '.[bundle]'
python -m PyInstaller --version
