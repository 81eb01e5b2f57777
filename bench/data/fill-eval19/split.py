"""Split the fill-eval19 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120819).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval19 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval19/split.py --list        # id -> side
    python bench/data/fill-eval19/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120819
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe19-en-01": ".md file: a one-page founder memo to prospective investors (## sections, bullets); the company's own figures only once, in a sentence, next to the market its customers work in (tempts)",
    "fe19-en-02": ".txt investor update e-mail (monthly): greeting, highlights / lowlights in prose, the metrics only in sentences with last year's beside this year's, the ask with a fund's first cheque, sign-off, a P.S. (tempts)",
    "fe19-en-03": ".docx company overview, about 3 pages: headings, the company's figures in a two-year table only, bullet lists, market beside an industry's own size, team, a competitor's funding near the ask (tempts)",
    "fe19-en-04": ".pptx short pitch deck (7 slides): plain text boxes, rounded figures on the slides, exact ones in the speaker notes (tempts)",
    "fe19-en-05": ".txt plain-text business plan summary: capitalised section titles underlined with dashes, a space-aligned table with plan beside actual, the figures in the table only (tempts)",
    "fe19-en-06": ".md file: a founder memo after a partner meeting, answering the fund's questions in sentences, some fields not stated (tempts)",
    "fe19-en-07": ".txt quarterly investor update e-mail, forwarded with a one-line note, a quarter-by-quarter ARR list, last year's figures beside (tempts)",
    "fe19-en-08": ".docx board pack (2 pages): agenda, a KPI table plan vs actual, bullet lists, the financing item with a pre-money valuation (tempts)",
    "fe19-en-09": ".pptx pitch deck (6 slides): text boxes, a rounded figure on a slide and the exact one in the notes, a rival's round in the notes (tempts)",
    "fe19-en-10": ".txt one-page executive summary pasted from a word processor (paragraphs, '*' bullets), the own figures once in a sentence, last year's in a later line (tempts)",
    "fe19-zh-01": ".docx 2026年第三季度经营报告: 标题, 一、二、三 headings, a 指标 / 本期 / 上年同期 / 同比 table with 万元 in the header only (tempts)",
    "fe19-zh-02": ".md file: 部门月报 (销售部 11月): ## headings, a table with 万元 in its header, 下月计划 (tempts)",
    "fe19-zh-03": ".txt UTF-8 公司简介 with 2025年度主要数据: plain paragraphs, 【】 sections (tempts)",
    "fe19-zh-04": ".txt GB18030 (CRLF, as Chinese Windows saves) 公司简介 with 近三年经营数据 lines, no headings (tempts)",
    "fe19-zh-05": ".pptx 经营分析汇报 deck (5-6 slides): text boxes, 备注 with exact figures, a 目标 slide (tempts)",
    "fe19-zh-06": ".docx 2026年度工作总结, about 3 pages: 标题, 一、至五、 headings, two tables (one with 亿元 / 万元 in its header), 存在问题, 明年计划 (tempts)",
    "fe19-zh-07": ".txt UTF-8 情况说明 to a 街道 / 管委会 on the company's operations: 主送, paragraphs, 特此说明, 落款, no headings (tempts)",
    "fe19-zh-08": ".md file: 部门月报 (运营中心 10月), a 上月 column beside 本月, a 合作方's figure (tempts)",
    "fe19-zh-09": ".txt GB18030 (CRLF) 经营情况说明 for a bank's credit review: 一、二、三 headings, 万元 and 亿元 figures, a product line with 单位：万元 at its head, a 目标 paragraph (tempts)",
    "fe19-zh-10": ".pptx 前三季度经营分析 deck (6-7 slides): text boxes, a 收入构成 slide with amounts, 备注 (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe19-{lang}-"))
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
