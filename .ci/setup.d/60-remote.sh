# Remote offload and loopback service (issue 7): the real third-party inference
# servers the tests start on 127.0.0.1 - KServe's ModelServer (PyPI kserve),
# tritonclient (to prove the server answers Triton's own client), and
# `transformers serve` (OpenAI-compatible) with torch CPU.  All from PyPI via
# the `remote-test` extra; the tiny test LM is built locally (no hub) into the
# CI cache by the first test that needs it.  Cost: ~1-2 min when the packages
# are missing (torch is the bulk), under a second when they are installed.
# Sourced by .ci/run inside its venv with `set -euo pipefail`.
o3_remote_t=$(date +%s)
if ! python -c "import importlib.util as u, sys; sys.exit(0 if all(u.find_spec(m) for m in \
    ('kserve', 'torch', 'transformers', 'tritonclient', 'fastapi', 'geventhttpclient')) else 1)"; then
  echo "remote: installing the remote-test extra (kserve, tritonclient, torch CPU, transformers)"
  python -m pip install -q -e '.[remote-test]'
fi
echo "remote: test servers' packages ready in $(( $(date +%s) - o3_remote_t )) s"
unset o3_remote_t
