"""Split the fill-eval2 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws about 60 % of the ids of each template as ``blind`` (seed 20261205).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval2 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval2/split.py --list        # id -> side
    python bench/data/fill-eval2/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20261205
BLIND_SHARE = 0.60
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row)
PLAN: dict[str, str] = {
    "fe2-en-01": "md, headings, short",
    "fe2-en-02": "plain paragraphs, no headings",
    "fe2-en-03": ".docx",
    "fe2-en-04": "e-mail",
    "fe2-en-05": "bullet list",
    "fe2-en-06": "md, long (2-3 pages), distractor numbers",
    "fe2-en-07": ".pptx with speaker notes",
    "fe2-en-08": "plain, numbers in words",
    "fe2-en-09": "e-mail, long, distractor numbers",
    "fe2-en-10": "md with tables (quarters, use of funds)",
    "fe2-en-11": ".docx, long",
    "fe2-en-12": "terse investor update, partial information",
    "fe2-zh-01": "md, headings, labelled period/date",
    "fe2-zh-02": ".txt GB18030, no period/date labels",
    "fe2-zh-03": "plain paragraphs, no headings",
    "fe2-zh-04": "e-mail / notice style",
    "fe2-zh-05": "bullet list",
    "fe2-zh-06": ".docx",
    "fe2-zh-07": "long (2-3 pages), distractor numbers",
    "fe2-zh-08": ".pptx with speaker notes",
    "fe2-zh-09": "numbers in words (1.2亿, 中文数字)",
    "fe2-zh-10": "md with a revenue-mix table",
    "fe2-zh-11": ".txt GB18030, long",
    "fe2-zh-12": "monthly report, slash dates, partial information",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first 60 % blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe2-{lang}-"))
        rng = random.Random(f"{SEED}-{lang}")
        rng.shuffle(ids)
        n_blind = round(BLIND_SHARE * len(ids))
        for k, i in enumerate(ids):
            out[i] = "blind" if k < n_blind else "tune"
    return dict(sorted(out.items()))


def main(argv: list[str]) -> int:
    sides = assign()
    if not argv or argv[0] == "--list":
        for i, side in sides.items():
            print(f"{i}\t{side}\t{PLAN[i]}")
        return 0
    rows = [json.loads(line) for line in Path(argv[0]).open(encoding="utf-8") if line.strip()]
    unknown = sorted({r["id"] for r in rows} - set(sides))
    if unknown:
        raise SystemExit(f"rows not in the plan: {unknown}")
    for r in rows:
        r["split"] = sides[r["id"]]
    tune = [r for r in rows if r["split"] == "tune"]
    blind = [r for r in rows if r["split"] == "blind"]
    with (HERE / "tune.jsonl").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in tune)
    with gzip.GzipFile(HERE / "blind.jsonl.gz", "wb", mtime=0) as gz:
        gz.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in blind).encode("utf-8"))
    print(f"tune {len(tune)}, blind {len(blind)} ({100 * len(blind) / len(rows):.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
