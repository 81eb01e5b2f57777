"""bench/eval_formula.py with the phrasing ranker on (``formula.RANKING``), its margin set by
``$RANK_MARGIN`` (default 0: every choice answered) and each ranker call logged as a JSON line
to ``$RANK_LOG`` (request, phrasings, best, margin, runner-up, formula or reasons, seconds), so a
margin can be applied afterwards (docs/formula-llm.md, "Ranking canonical phrasings").

    RANK_LOG=/tmp/rank.jsonl python bench/eval_formula_ranked.py --data bench/data/formula-dev5 \\
        --part tune --method auto --model qwen2.5-coder-0.5b-instruct --trust --verbose
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import o3local.tasks.formula as formula_module  # noqa: E402
from o3local.tasks.formula import rank as R  # noqa: E402

formula_module.RANKING = True
R.MIN_MARGIN = float(os.environ.get("RANK_MARGIN", "0"))
_choose, _rank = R.choose, R.rank
_log = open(os.environ.get("RANK_LOG", os.devnull), "a", encoding="utf-8")  # noqa: SIM115
_last: dict = {}


def choose(gen, request, schema, lang, options, min_margin=None):
    t = time.perf_counter()
    best, why = _choose(gen, request, schema, lang, options, min_margin)
    _last.update({"n": len(options), "best": best and best.text, "margin": best and best.margin,
                  "runner": best and best.runner_up, "why": why, "s": round(time.perf_counter() - t, 2)})
    return best, why


def rank(request, schema, gen, read, formula_of, min_margin=None):
    _last.clear()
    t = time.perf_counter()
    answer, info = _rank(request, schema, gen, read, formula_of, min_margin)
    _log.write(json.dumps({"request": request, **_last, "total_s": round(time.perf_counter() - t, 2),
                           "formula": answer and formula_of(answer), "reasons": None if answer else info},
                          ensure_ascii=False) + "\n")
    _log.flush()
    return answer, info


R.choose, R.rank = choose, rank

if __name__ == "__main__":
    import eval_formula

    sys.exit(eval_formula.main(sys.argv[1:]))
