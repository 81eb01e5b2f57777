# shellcheck shell=bash
# Rebuilds the layout module wps-template-wasm from source (zig from the dev
# extra, HarfBuzz from the hash-pinned uharfbuzz sdist, both cached under
# $O3_CI_CACHE/wasm) and fails if the committed module is stale.
# Sourced by .ci/run with the venv active.
echo "-- wasm: rebuilding runtime/assets/wasm/wps-template.wasm"
_o3_wasm_t0=$SECONDS
python wasm/build.py --check
echo "-- wasm: module matches the committed sha256 ($((SECONDS - _o3_wasm_t0)) s)"
unset _o3_wasm_t0
