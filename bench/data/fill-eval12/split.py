"""Split the fill-eval12 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120612).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval12 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval12/split.py --list        # id -> side
    python bench/data/fill-eval12/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120612
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe12-en-01": "md Google Docs export in suggestion mode: ~~struck~~ old figures beside inserted new ones, margin comments [a] [b] (tempts)",
    "fe12-en-02": ".txt conference panel transcript: MODERATOR and three founders of different companies, spoken numbers (tempts)",
    "fe12-en-03": "md Wikipedia-style article: an infobox table (Founded, Revenue (year)), a History section with earlier years' figures (tempts)",
    "fe12-en-04": ".docx impact report for an impact fund: impact metrics (tonnes, litres) beside the financials, a use-of-funds table",
    "fe12-en-05": ".pptx webinar deck: a poll-results slide of attendees' percentages, exact figures in speaker notes, Q&A in the last notes (tempts)",
    "fe12-en-06": "md numbered X/Twitter thread by the founder (1/8 .. 8/8), k/M and spelled-out figures, a quoted post with a rival's figures (tempts)",
    "fe12-en-07": ".txt calendar-invite export (BEGIN:VEVENT, DTSTART, a DESCRIPTION with escaped \\n and \\, holding the pre-read)",
    "fe12-en-08": ".docx independent accountant's review report: a summary table FY2025 / FY2026, a restated figure in an emphasis-of-matter paragraph (tempts)",
    "fe12-en-09": "md all-hands town-hall speech script with [SLIDE n] cues, spoken numbers, next year's goals beside this year's (tempts)",
    "fe12-en-10": "md response to a customer's RFP: company overview, references, a pricing table, the buyer's own figures quoted from the RFP (tempts)",
    "fe12-zh-01": "短视频口播脚本 md: 分镜 table (镜号 / 画面 / 台词), spoken figures in the 台词 column (一点八亿, 三成), a 同行 figure (tempts)",
    "fe12-zh-02": ".docx 银行客户经理走访报告: 客户基本情况 table, 走访情况, 授信申请额 and 他行借款 beside the company's figures (tempts)",
    "fe12-zh-03": "年会主持词 .txt in GB18030 with CRLF: 主持人甲/乙 lines, 中文数字 with 万/亿, 明年目标 beside 今年 (tempts)",
    "fe12-zh-04": ".pptx 用户大会主题演讲 deck: a 发展历程 timeline slide with earlier years' figures, exact figures in 备注 (tempts)",
    "fe12-zh-05": "项目推荐表 (Teaser) md from an FA: 项目亮点 bullets, 财务摘要 table 2024A / 2025A / 2026E, 本轮融资额 and 估值 (tempts)",
    "fe12-zh-06": ".docx OA 审批单: 审批流 table (节点 / 审批人 / 意见), 申请事由 with the period's figures, an 审批意见 correcting a figure (tempts)",
    "fe12-zh-07": "客户满意度调查报告 md: （一） headings, 样本量 and respondents' percentages beside the company's figures",
    "fe12-zh-08": "ESG / 社会责任报告摘要 md: 环境 figures (碳减排 吨, 节水 万吨) beside 经营 figures, 亿/万 mixed",
    "fe12-zh-09": "CSV 导出 .txt UTF-8 with BOM: a # comment header, 月份 rows 1-11月 with 营业收入 / 预算 / 客户数 columns and a 合计 row (tempts)",
    "fe12-zh-10": "行业协会年度统计填报表 md: 指标 / 本年 / 上年 / 增减 rows, 填报说明 (统计口径), 填表人 / 联系电话 lines",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe12-{lang}-"))
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
