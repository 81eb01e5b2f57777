"""Split the fill-eval4 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 202612054).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval4 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval4/split.py --list        # id -> side
    python bench/data/fill-eval4/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 202612054
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a forecast beside the actual, a number that went down).
PLAN: dict[str, str] = {
    "fe4-en-01": "short investor update e-mail (md), no headings, figures in passing",
    "fe4-en-02": "two-page md memo with headings, products table, China section, market",
    "fe4-en-03": ".docx seed memo with headings and use-of-funds bullets",
    "fe4-en-04": "plain .txt e-mail to an angel, US-style dates, ask and runway, little else",
    "fe4-en-05": "md board update with a quarterly ARR table, plan beside actual (tempts)",
    "fe4-en-06": ".txt memo naming two competitors' revenue and users (tempts)",
    "fe4-en-07": "md bullet fact sheet, some figures in words",
    "fe4-en-08": ".docx long memo with products, prices and a China launch with partners",
    "fe4-zh-01": "季度经营报告, md, 一、 headings, 收入构成 table",
    "fe4-zh-02": "月度简报 .txt without headings, 同比 and 环比",
    "fe4-zh-03": ".docx 年度总结 with a 本年/上年 table",
    "fe4-zh-04": ".txt GBK 工作汇报, 第一部分 headings, date as 2026/3/31",
    "fe4-zh-05": "预算执行 md, 预算 beside 实际 (tempts)",
    "fe4-zh-06": "经营简报 .txt naming three competitors' figures (tempts)",
    "fe4-zh-07": "half-page 快报 md, revenue down, few figures",
    "fe4-zh-08": "two-page 半年度报告 md, ## headings, bullets, mix as 万元 amounts",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe4-{lang}-"))
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
    missing = sorted(set(sides) - {r["id"] for r in rows})
    if unknown or missing:
        raise SystemExit(f"rows not in the plan: {unknown}; planned ids without a row: {missing}")
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
