"""Split the fill-eval20 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120720).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval20 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval20/split.py --list        # id -> side
    python bench/data/fill-eval20/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120720
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe20-en-01": ".md file: a founder memo to prospective investors (## sections, bullets); ARR first as a range in the opening paragraph, the exact figure in a later line; the customers' own market beside (tempts)",
    "fe20-en-02": ".txt investor update e-mail (monthly): greeting, figures in sentences with last year's beside, a P.S. that REVISES a figure given above ('revised: ...'), sign-off (tempts)",
    "fe20-en-03": ".docx company overview, about 3 pages: headings, bullets, a TRANSPOSED table (years as rows, metrics as columns) the only place of the figures, market beside an industry's own size, a competitor's round (tempts)",
    "fe20-en-04": ".pptx short pitch deck (7 slides): plain text boxes, approximations on the slides ('~', '200+'), exact figures in the speaker notes (tempts)",
    "fe20-en-05": ".txt plain-text business plan summary: capitalised titles underlined with dashes, a space-aligned TRANSPOSED table (years and plan / actual as rows) (tempts)",
    "fe20-en-06": ".md file: a founder memo answering a fund's questions; approximations in one answer ('roughly'), the exact figure in another; some fields not stated (tempts)",
    "fe20-en-07": ".txt quarterly investor update e-mail, forwarded with a one-line note, a quarter-by-quarter ARR list in which one earlier quarter is REVISED, last year's figures beside (tempts)",
    "fe20-en-08": ".docx board pack (2 pages): agenda, a KPI table plan vs actual, bullets, the ask as a RANGE in the agenda and fixed in the financing item, a pre-money valuation (tempts)",
    "fe20-en-09": ".pptx pitch deck (6 slides): text boxes, RANGES on the slides ('$4-5M'), the exact figures in the notes, a rival's round in the notes (tempts)",
    "fe20-en-10": ".txt one-page executive summary pasted from a word processor ('*' bullets), approximations ('nearly') beside the exact figures in one sentence, last year's in a later line (tempts)",
    "fe20-zh-01": ".docx 2026年第三季度经营报告: 标题, 一、二、三 headings, a 本期（万元） / 上年同期（万元） table, the prose giving the revenue MIXED and rounded (x.xx亿元) beside the table's exact 万元 (tempts)",
    "fe20-zh-02": ".md file: 部门月报 (销售部 11月): ## headings, the month's revenue written in WORDS in 万 (一千八百多万 style: 一千八百六十五万元) in the prose, a table by product with 万元 in its header, the report date without its year (tempts)",
    "fe20-zh-03": ".txt UTF-8 公司简介 with 【】 sections: the update date written as 今年3月 with the year elsewhere, 2025年度 figures MIXED (x.x亿元 and 万元) (tempts)",
    "fe20-zh-04": ".txt GB18030 (CRLF, as Chinese Windows saves) 公司简介 with 近三年经营数据 lines (one year a line), no headings (tempts)",
    "fe20-zh-05": ".pptx 经营分析汇报 deck (5-6 slides): text boxes, a RANGE or 约 figure on the slides, exact figures in 备注, a 目标 slide (tempts)",
    "fe20-zh-06": ".docx 2026年度工作总结, about 3 pages: 标题, 一、至五、 headings, a TRANSPOSED table (years as rows) and a product table in 万元, 存在问题, 明年计划 (tempts)",
    "fe20-zh-07": ".txt UTF-8 情况说明 to a 统计局 CORRECTING an earlier-reported figure (原报 ... 经核实应为 ...): 主送, paragraphs, 特此说明, 落款, no headings (tempts)",
    "fe20-zh-08": ".md file: 部门月报 (运营部 10月): a TRANSPOSED table (months as rows), 同比 in the prose, customers in WORDS (一千二百余家 beside the exact count) (tempts)",
    "fe20-zh-09": ".txt GB18030 (CRLF) 经营情况说明 for a bank's credit review: 一、二、三 headings, 今年1-10月 in the prose with the year in the heading, 万元 and 亿元 figures, a 目标 paragraph (tempts)",
    "fe20-zh-10": ".pptx 前三季度经营分析 deck (6-7 slides): text boxes, a 收入构成 slide with amounts, figures MIXED (1.2亿 / 万元), 备注 (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe20-{lang}-"))
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
