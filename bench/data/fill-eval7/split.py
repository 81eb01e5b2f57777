"""Split the fill-eval7 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120773).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval7 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval7/split.py --list        # id -> side
    python bench/data/fill-eval7/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120773
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe7-en-01": "md investor-update reply e-mail with the earlier e-mail quoted below it ('>' lines, older figures) (tempts)",
    "fe7-en-02": "md LinkedIn-style post by the founder, short paragraphs, hashtags, figures in passing",
    "fe7-en-03": ".docx one-pager built around a two-column table (label / value), a short intro",
    "fe7-en-04": ".pptx deck whose figures sit inside table shapes (quarters with actual and plan columns)",
    "fe7-en-05": "md meeting transcript with speaker names and timestamps, a figure corrected by another speaker (tempts)",
    "fe7-en-06": ".txt grant progress report to a foundation, numbered sections, grant amount beside the round",
    "fe7-en-07": ".txt small-business loan application form (label: value lines), several fields blank or N/A",
    "fe7-en-08": "md CSV-like table pasted into Markdown, figures in $000 (thousands) (tempts)",
    "fe7-en-09": "md equity-crowdfunding campaign page, amount raised so far beside the target, FAQ tab",
    "fe7-en-10": "md demo-day programme entry among other startups' entries, their figures beside ours (tempts)",
    "fe7-zh-01": "年终总结 md, （一） headings, 上年 beside 本年 (tempts)",
    "fe7-zh-02": "述职报告 .txt in GBK, first person, 第一/第二 headings",
    "fe7-zh-03": "董事会决议 md, 决议事项 numbered, approvals with amounts, customers absent",
    "fe7-zh-04": "项目复盘 md, 背景/目标/结果/原因/改进 headings, 目标 beside 实际 (tempts)",
    "fe7-zh-05": ".docx 招商推介材料 with a two-column 基本情况 table and a park/industry figure",
    "fe7-zh-06": "钉钉日报 md: 今日完成 / 明日计划 / 需协调 blocks, daily and monthly figures",
    "fe7-zh-07": "会议录音转写 .txt UTF-8 with speaker names and timestamps, a figure corrected later (tempts)",
    "fe7-zh-08": "财务快报 md with a 万元 table (本期 / 上年同期 / 增减幅度)",
    "fe7-zh-09": "企业内刊稿 .txt in GBK, feature-story style, ■ sub-headings",
    "fe7-zh-10": ".pptx 季度经营汇报 with figures in 表格 shapes",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe7-{lang}-"))
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
