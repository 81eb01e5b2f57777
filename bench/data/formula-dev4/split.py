"""Split the formula-dev4 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev4 was written.  Items that share a
``group`` (paraphrases of one task on one sheet) land on the same side, so a
phrasing read in tune never has a twin in blind.  Half of the groups (rounded
up) are blind.  ``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that
nobody reads it casually -- only ``bench/eval_formula.py --part blind`` opens
it, once, for the final figures of issue 16.

    python bench/data/formula-dev4/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20261206
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent


def split(items: list[dict]) -> tuple[list[dict], list[dict]]:
    """(tune, blind): whole groups, shuffled with SEED; the first half of the groups is blind."""
    groups = sorted({it["group"] for it in items})
    rng = random.Random(SEED)
    rng.shuffle(groups)
    blind_groups = set(groups[: round(BLIND_SHARE * len(groups) + 0.5)])
    tune = [it for it in items if it["group"] not in blind_groups]
    blind = [it for it in items if it["group"] in blind_groups]
    return tune, blind


def main(argv: list[str]) -> int:
    items = [json.loads(line) for line in Path(argv[0]).open(encoding="utf-8") if line.strip()]
    tune, blind = split(items)
    with (HERE / "tune.jsonl").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(it, ensure_ascii=False) + "\n" for it in tune)
    with gzip.open(HERE / "blind.jsonl.gz", "wt", encoding="utf-8", compresslevel=9) as fh:
        fh.writelines(json.dumps(it, ensure_ascii=False) + "\n" for it in blind)
    print(f"tune {len(tune)}, blind {len(blind)} ({100 * len(blind) / len(items):.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
