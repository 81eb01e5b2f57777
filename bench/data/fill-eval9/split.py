"""Split the fill-eval9 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120518).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval9 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval9/split.py --list        # id -> side
    python bench/data/fill-eval9/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120518
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe9-en-01": "md podcast-interview transcript (HOST:/GUEST: turns, timestamps), the host quotes a market report's figures (tempts)",
    "fe9-en-02": ".docx due-diligence questionnaire answered inline (numbered bold questions, answers under each, a cap-table snippet)",
    "fe9-en-03": ".txt e-mail to a prospective angel whose P.S. corrects a figure given in the body (tempts)",
    "fe9-en-04": "md customer case study: the customer's own figures in the body, the company's figures in a '> At a glance' sidebar (tempts)",
    "fe9-en-05": ".txt spreadsheet block pasted as text with TABs, month columns, $K figures, a notes line under it",
    "fe9-en-06": ".pptx one-slide-per-metric deck (a big number as the title, a caption line), one figure only in notes",
    "fe9-en-07": "md investor FAQ page (### question headings), ranges, 'as of' dates, a market figure beside the company's (tempts)",
    "fe9-en-08": ".docx grant-application export: one 2-column table (field label / value), some values blank, $ in K and M",
    "fe9-en-09": "md Product-Hunt-style launch page with maker comment and visitors' comments, a commenter's competitor figures (tempts)",
    "fe9-en-10": ".txt WhatsApp-style export, relative dates ('yesterday', 'last Friday') pinned by the export's date lines",
    "fe9-zh-01": "董事会会议纪要 md: 出席人员, 议案一/二 headings, 表决结果, 预算 beside 实际 (tempts)",
    "fe9-zh-02": "招股说明书摘要 md: 报告期 2023/2024/2025 财务数据 table in 万元, 募集资金 amounts, 行业规模 (tempts)",
    "fe9-zh-03": "投资人问答实录 .txt UTF-8: 问：/答： turns, relative dates (上个月, 去年同期) pinned by a 时间 line",
    "fe9-zh-04": ".docx 门店巡检报告: a per-store table (门店 / 营业额 / 会员数) and a 合计 row, one store's figures in prose (tempts)",
    "fe9-zh-05": ".docx 季度经营简报 with a 指标 / 本季度 / 上季度 / 同比 表格 in 亿元, 一、 headings",
    "fe9-zh-06": "员工大会讲话稿 md: spoken style (同志们、各位同事), figures in Chinese numerals (三千二百万), no headings",
    "fe9-zh-07": "项目结题报告 .txt in GBK with CRLF: 一、项目概况 headings, 计划 beside 完成 figures (tempts)",
    "fe9-zh-08": "新闻通稿 .txt UTF-8: 【本报讯】 dateline, a 编者按, an analyst's industry figures and a rival's (tempts)",
    "fe9-zh-09": "年度工作总结 .pptx: slides with short bullets, exact figures in 备注, one 备注 corrects a slide figure",
    "fe9-zh-10": "钉钉群聊记录 .txt: '昨天', '上周五' relative dates pinned by date lines, a figure corrected by 财务 (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe9-{lang}-"))
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
