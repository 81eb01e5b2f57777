"""Split the fill-eval10 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120619).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval10 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval10/split.py --list        # id -> side
    python bench/data/fill-eval10/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120619
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe10-en-01": "md angel-investor update letter with a Markdown table of monthly figures (one row per month), last month beside this month (tempts)",
    "fe10-en-02": ".pptx board deck whose slides are chart titles with captions, the charts' data points described in speaker notes",
    "fe10-en-03": "md Reddit-style AMA thread: users' questions, the founder's answers, a commenter quoting a wrong figure (tempts)",
    "fe10-en-04": ".docx executive summary with List Bullet paragraphs and a use-of-funds table ($ and % columns)",
    "fe10-en-05": ".txt voicemail transcript with spoken numbers ('one point two million'), [inaudible] marks",
    "fe10-en-06": "md README-style company one-pager with a YAML 'at a glance' code block and a correction footnote (tempts)",
    "fe10-en-07": ".txt CRLF investor call notes in shorthand by an associate, with the associate's own estimates (tempts)",
    "fe10-en-08": "md trade-magazine profile feature, narrative prose, pull quote, a rival's and an analyst's figures (tempts)",
    "fe10-en-09": "md OKR review document: objectives with key results, target beside actual (tempts)",
    "fe10-en-10": "md investment-committee memo by the investor: deal terms table, the fund's projections beside the company's actuals",
    "fe10-zh-01": ".docx 商业计划书摘要: 一、 headings, 融资需求 table (用途 / 金额 / 占比)",
    "fe10-zh-02": "路演逐字稿 md: 主持人/创始人/评委 turns, spoken figures, a judge quoting a rival's figures (tempts)",
    "fe10-zh-03": "尽调访谈记录 md: 访谈对象/时间 lines, 访谈口径 beside 核查后 figures (tempts)",
    "fe10-zh-04": "银行贷款申请 企业情况说明 .txt in GB18030 with CRLF, amounts also in 大写 (壹仟贰佰万元整)",
    "fe10-zh-05": ".pptx 融资路演 deck: a 竞品对比 slide with rivals' figures, exact figures in 备注 (tempts)",
    "fe10-zh-06": "媒体专访 md: 编者 intro, 记者/创始人 Q&A, figures in 万/亿 and 三成 forms",
    "fe10-zh-07": "内部邮件 .txt UTF-8: a 更正 e-mail on top of the quoted original, relative dates (tempts)",
    "fe10-zh-08": "招商手册 md: 园区 figures beside an 入驻企业's own figures (tempts)",
    "fe10-zh-09": ".docx 经营工作报告 with 1. / 1.1 numbered headings and a 分产品 收入 table in 元 with 千分位",
    "fe10-zh-10": "小红书-style 创始人笔记 md with emoji, 评论区 replies, a reply correcting a figure, 昨天 pinned by a date (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe10-{lang}-"))
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
