"""Split the fill-eval6 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120662).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval6 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval6/split.py --list        # id -> side
    python bench/data/fill-eval6/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120662
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe6-en-01": ".txt bank-style investor letter (private-banking desk introduces a client company), 'USD 3.2mn' forms",
    "fe6-en-02": "md Slack thread pasted as text, figures scattered across messages, one figure corrected later (tempts)",
    "fe6-en-03": "md board meeting minutes: attendees, agenda items, plan vs actual, action items (tempts)",
    "fe6-en-04": "md press release announcing a round, dateline, analyst quote with market figures, boilerplate",
    "fe6-en-05": ".docx quarterly investor report with a KPI table (this quarter / last quarter / target)",
    "fe6-en-06": ".pptx deck, several figures only in speaker notes, a China slide",
    "fe6-en-07": ".txt plain-text newsletter, '$2.4mm' / '3.1k' forms, last year's figures beside this year's (tempts)",
    "fe6-en-08": "md accelerator application form answers, several fields 'N/A' or absent",
    "fe6-en-09": ".docx analyst due-diligence note with a competitor table (tempts)",
    "fe6-en-10": "md founder's blog post, informal, figures in words, a China section with partners",
    "fe6-zh-01": "微信群聊记录 .txt UTF-8 pasted as text, no headings, 1.2亿 style, a figure corrected later (tempts)",
    "fe6-zh-02": "会议纪要 md, 一、 议题 headings, 参会人员, dates like 3月下旬",
    "fe6-zh-03": "新闻稿 md, 同比增长15% / 三成 forms, an industry figure and a competitor's (tempts)",
    "fe6-zh-04": ".docx 经营数据 KPI 表 (指标 / 本期 / 上年同期 / 目标), 一、 headings",
    "fe6-zh-05": "月报 .txt in GBK, period as 2026年Q3-style, 亿/万 mixed",
    "fe6-zh-06": ".pptx 经营汇报 deck, some figures only in speaker notes (备注)",
    "fe6-zh-07": "季度总结 .txt in GBK, 计划 beside 实际 (tempts), （一） headings",
    "fe6-zh-08": ".docx 致股东的信, no headings, last year's figures beside this year's",
    "fe6-zh-09": "部门周报 md with a 万元 table, only 环比 growth, 三成 in words",
    "fe6-zh-10": "调研纪要 md naming competitors' figures and an industry size (tempts), customers absent",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe6-{lang}-"))
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
