"""Split the fill-eval8 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120517).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval8 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval8/split.py --list        # id -> side
    python bench/data/fill-eval8/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120517
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe8-en-01": "md monthly investor-update newsletter: Highlights / Lowlights / Asks / Hiring blocks, last month's figures beside this month's (tempts)",
    "fe8-en-02": ".docx board memo with Heading styles and a KPI table (metric / Q3 plan / Q3 actual / Q2 actual) (tempts)",
    "fe8-en-03": "md founder's notes in bullet fragments and abbreviations (~, ->, k/M), a range for the raise",
    "fe8-en-04": ".docx business-plan excerpt with numbered Heading 1/2 sections (3.1 Market, 3.2 Competition), a competitor's figures (tempts)",
    "fe8-en-05": ".txt accelerator application Q&A (numbered questions, answers under each), word limits noted, some answers 'n/a'",
    "fe8-en-06": ".txt Microsoft-Teams-style chat export with US dates '[10/14/2026 9:02 AM] Name:', a figure corrected later (tempts)",
    "fe8-en-07": ".txt wire press release: dateline, lead investor's fund size, a customer quote, 'About' boilerplates, ### end (tempts)",
    "fe8-en-08": ".pptx deck whose speaker notes carry the exact figures the slides round ('~$2M'), one slide's note corrects it",
    "fe8-en-09": ".txt one-pager with Windows line endings (CRLF), ALL-CAPS labels, '1.8M' / '640K' forms, dates as 03/2024",
    "fe8-en-10": "md forwarded thread: an investor's analyst forwards the founder's figures with her own notes and a comparable company's figures (tempts)",
    "fe8-zh-01": "月度经营分析 md: 本月 / 上月 / 环比 / 同比 table in 万元, 原因分析 headings (tempts)",
    "fe8-zh-02": "工作周报汇总 md: several teams' weekly reports pasted one after another, 第45周, weekly beside month-to-date figures",
    "fe8-zh-03": "经营情况通报 .txt in GB18030 with CRLF, ★ headings, dates in Chinese numerals (二〇二六年十月), 亿/万 mixed",
    "fe8-zh-04": ".docx 可行性研究报告摘要: 1.1/1.2 numbered headings, 现状 beside 预测 figures, an industry size (tempts)",
    "fe8-zh-05": "企业微信群聊记录 .txt UTF-8 with BOM, date separator lines, a recalled message and a corrected figure (tempts)",
    "fe8-zh-06": "政府项目申报书 excerpt md: 申报单位基本情况 table, 近三年 figures (2023/2024/2025), 项目总投资 beside 申请资金 (tempts)",
    "fe8-zh-07": "述职PPT .pptx: short slide bullets, figures in 备注 (speaker notes), a slide of next year's targets",
    "fe8-zh-08": "审计整改报告 md: 原报 figures beside 审定 (audited) figures, 问题 / 整改措施 headings (tempts)",
    "fe8-zh-09": "公众号推文 md: emoji, 「」 quotes, 10W+ style counts, a partner's figures and 1.2亿 forms",
    "fe8-zh-10": "年度计划与回顾 md: 2026计划 / 2026实际 / 2027计划 tables in 万元 and 亿元, 完成率 (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe8-{lang}-"))
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
