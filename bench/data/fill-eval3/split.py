"""Split the fill-eval3 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 202612053).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval3 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval3/split.py --list        # id -> side
    python bench/data/fill-eval3/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 202612053
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a forecast beside the actual, a number that went down).
PLAN: dict[str, str] = {
    "fe3-en-01": "one-page investor memo, md with headings",
    "fe3-en-02": "board update with a metrics table (md), pitch fields partly absent",
    "fe3-en-03": "chatty founder e-mail, figures in passing",
    "fe3-en-04": "quarterly investor report with numbered sections, long, distractor numbers",
    "fe3-en-05": ".docx pitch memo with a use-of-funds table",
    "fe3-en-06": ".pptx deck outline with speaker notes",
    "fe3-en-07": "plain paragraphs, forecast beside actual (tempts)",
    "fe3-en-08": "memo naming a competitor's revenue and users (tempts)",
    "fe3-en-09": "Q&A style, figures that went down (tempts)",
    "fe3-en-10": "bullet fact sheet, units k/M/bn, products with prices",
    "fe3-en-11": ".docx long, product and quarters tables",
    "fe3-en-12": "accelerator application form (label: value lines), partial",
    "fe3-zh-01": "年度工作总结, md, 一、二、 headings",
    "fe3-zh-02": "项目汇报, md, no revenue figures",
    "fe3-zh-03": "经营分析 with 同比/环比, 亿元",
    "fe3-zh-04": ".txt GBK, notice style, CRLF",
    "fe3-zh-05": ".docx 月度经营分析 with a table",
    "fe3-zh-06": ".pptx 季度汇报 with speaker notes",
    "fe3-zh-07": "plain paragraphs, revenue down (tempts)",
    "fe3-zh-08": "预算与实际 side by side (tempts)",
    "fe3-zh-09": "names a competitor's revenue and customers (tempts)",
    "fe3-zh-10": "md with a 收入构成 table, 万元",
    "fe3-zh-11": "半年度总结, 【】 headings, 中文数字",
    "fe3-zh-12": "short 工作简报, partial information",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe3-{lang}-"))
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
