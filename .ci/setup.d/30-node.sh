# Node.js: the second WebAssembly host of the cross-host determinism test
# (tests/crosshost).  Debian's package; nothing else is fetched.  Sourced by
# .ci/run with `set -euo pipefail`.
if ! command -v node >/dev/null 2>&1; then
  o3_node_sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then o3_node_sudo="sudo"; fi
  $o3_node_sudo apt-get update -q
  $o3_node_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs
  unset o3_node_sudo
fi
echo "node $(node --version)"
