"""Split the fill-eval11 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120611).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval11 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval11/split.py --list        # id -> side
    python bench/data/fill-eval11/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120611
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe11-en-01": "md quarterly LP letter from a VC fund: the company's figures among two other portfolio companies' (tempts)",
    "fe11-en-02": "md Notion export: page-properties lines, <details> toggle blocks holding the figures, a callout with last quarter's ARR (tempts)",
    "fe11-en-03": ".docx pitch-competition judges' scorecard: a score table, judges' comments quoting the applicant's figures, one judge's mistaken figure (tempts)",
    "fe11-en-04": "md careers-page job posting (Head of Sales): traction and the round described, a salary band and equity figures beside (tempts)",
    "fe11-en-05": ".txt fixed-width accounting-software export (space-aligned columns, trailing-minus negatives) under a short cover note",
    "fe11-en-06": "md investor CRM record export: field: value lines, a dated activity log whose older entries' figures are superseded (tempts)",
    "fe11-en-07": ".pptx internal sales-kickoff deck: figures in text boxes, an 'FY27 goals' slide beside FY26 actuals (tempts)",
    "fe11-en-08": "md Substack-style newsletter issue by the founder, a sponsor block naming another startup's figures (tempts)",
    "fe11-en-09": ".txt strategic partner's letter of intent (LOI) restating the company's figures, defined terms in capitals",
    "fe11-en-10": "md data-room index page: folder list with file names, a key-metrics table with as-of dates, a disclaimer",
    "fe11-zh-01": "投资意向书 (TS) 摘要 md: 条款 table (投前估值 / 本轮金额 / 业绩承诺), company figures in 鉴于 clauses (tempts)",
    "fe11-zh-02": "券商研报式点评 md: 盈利预测 table (2026E/2027E) beside 2025A actuals, 评级 and 目标价 (tempts)",
    "fe11-zh-03": ".docx 高新技术企业认定申请书 excerpt: 企业基本信息 table, 近三年 研发费用 / 营业收入 table",
    "fe11-zh-04": "直播间口播逐字稿 .txt UTF-8: 主播 turns, 弹幕 lines in brackets, spoken figures (tempts)",
    "fe11-zh-05": "知乎回答 md: 问题 title, the 答主's answer with ### headings, 编辑于 date, 评论区 with a rival's figures (tempts)",
    "fe11-zh-06": "企业年度报告公示 .txt in GB18030: 公示系统-style 字段：值 lines, a 资产状况 block",
    "fe11-zh-07": ".pptx 加盟招商说明会: 品牌介绍 / 门店数据 / 加盟政策 slides, a 加盟商单店 figure beside 总部 figures (tempts)",
    "fe11-zh-08": "邮件 md with an Excel sheet pasted as TSV (tab-separated, 万元), the sender's remarks under it",
    "fe11-zh-09": "信用评级报告摘要 md: 评级观点 / 主要财务数据 table (2024 / 2025 / 2026年1-9月), 关注 items",
    "fe11-zh-10": "创业大赛 评审意见汇总 md: 评委 comments quoting the team's figures, one 评委's figure corrected by the 组委会 (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe11-{lang}-"))
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
