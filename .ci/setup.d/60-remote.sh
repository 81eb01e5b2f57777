# Remote offload, loopback service and the office client (issue 7).
# 1. The real third-party inference servers the tests start on 127.0.0.1 -
#    KServe's ModelServer (PyPI kserve), tritonclient (to prove the server
#    answers Triton's own client) and `transformers serve` (OpenAI-compatible)
#    with torch CPU - from PyPI via the `remote-test` extra.  The tiny test LM
#    is built locally (no hub) into the CI cache by the first test needing it.
# 2. LibreOffice Calc + Writer with Python macro support (python3-uno, the
#    Python script provider) from Debian, for the macro end-to-end test, and
#    Chromium (headless) for the example add-in page test.  The
#    packages 70-office.sh wants (impress, writer, poppler) are included, since
#    it skips its install once `soffice` exists.
# Cost: ~1-2 min for pip and ~1-2 min for apt when missing; under a second when
# everything is installed.  Sourced by .ci/run inside its venv (set -euo pipefail).
o3_remote_t=$(date +%s)
if ! python -c "import importlib.util as u, sys; sys.exit(0 if all(u.find_spec(m) for m in \
    ('kserve', 'torch', 'transformers', 'tritonclient', 'fastapi', 'geventhttpclient')) else 1)"; then
  echo "remote: installing the remote-test extra (kserve, tritonclient, torch CPU, transformers)"
  python -m pip install -q -e '.[remote-test]'
fi
o3_remote_debs="libreoffice-calc libreoffice-writer libreoffice-impress python3-uno \
libreoffice-script-provider-python poppler-utils chromium"
# shellcheck disable=SC2086
if ! dpkg -s $o3_remote_debs >/dev/null 2>&1; then
  o3_remote_sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then o3_remote_sudo="sudo"; fi
  $o3_remote_sudo apt-get update -q
  # shellcheck disable=SC2086
  $o3_remote_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    --no-install-recommends $o3_remote_debs
  unset o3_remote_sudo
fi
echo "remote: test servers and LibreOffice macro support ready in $(( $(date +%s) - o3_remote_t )) s"
unset o3_remote_t o3_remote_debs
