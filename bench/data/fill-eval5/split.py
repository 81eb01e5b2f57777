"""Split the fill-eval5 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120551).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval5 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval5/split.py --list        # id -> side
    python bench/data/fill-eval5/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120551
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe5-en-01": "md investor update e-mail, no headings, monthly figures in prose ($4.2M style)",
    "fe5-en-02": ".docx seed memo with headings and a products table (python-docx table)",
    "fe5-en-03": "plain .txt e-mail to an angel, ask stated indirectly, dates like 'Jan. 9th, 2026'",
    "fe5-en-04": "md one-pager: TAM/SAM/SOM, CAGR, 'USD 4,200,000' forms, quarters table",
    "fe5-en-05": ".pptx short deck with speaker notes carrying some figures",
    "fe5-en-06": "md board update, target beside actual ARR per quarter, forecast (tempts)",
    "fe5-en-07": ".txt memo with a competitor's figures and last year's ARR beside this year's (tempts)",
    "fe5-en-08": ".docx long memo with a China section, partners, launch, use-of-funds table",
    "fe5-en-09": "md FAQ-style one-pager, some figures in words, several fields absent",
    "fe5-en-10": "md forwarded e-mail thread, older figures quoted below the newer ones (tempts)",
    "fe5-zh-01": "周报 md, ## headings, 环比 and 同比, 万元",
    "fe5-zh-02": "月度经营简报 .txt in GBK, no headings, 亿元",
    "fe5-zh-03": ".docx 年报摘要 with a 本年/上年 table and a 收入构成 table",
    "fe5-zh-04": "邮件 md to a manager, no headings, figures in passing",
    "fe5-zh-05": "季度报告 .txt UTF-8, （一） headings, 目标 beside 实际 (tempts)",
    "fe5-zh-06": ".docx 半年工作总结, 一、 headings, mix in prose as 百分比",
    "fe5-zh-07": "年报摘要 md naming competitors' figures (tempts), 亿元",
    "fe5-zh-08": "周报 .txt in GBK, 1. 2. 3. headings, date as 2026.3.6",
    "fe5-zh-09": "经营分析 md with a 万元 table with 合计, revenue down",
    "fe5-zh-10": "董事会汇报 md, 上年 beside 本年 in prose (tempts), customers absent",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe5-{lang}-"))
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
