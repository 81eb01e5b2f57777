"""Split the fill-eval21 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120721).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval21 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval21/split.py --list        # id -> side
    python bench/data/fill-eval21/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120721
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# New this round (fixed here before any row, none of them fill-eval20's new features):
#   FY   a fiscal year that is not the calendar year (FY26 ending 30 June; 2026财年 = 2025年4月-2026年3月)
#   WORDS  English figures written in words ("a team of twelve", "two point four million")
#   ABBR   abbreviations of scale ($850k, $2.4mn, $1.2bn; 亿 / 万 without 元 in a deck)
#   CUR2   an amount given in two currencies (EUR / GBP with the USD beside; 美元 with 折合人民币)
#   FOOT   a figure in a footnote or a chart / table caption only (or exact there, rounded in the body)
#   DELTA  a figure stated as a change only, its base elsewhere in the document (net new customers + last
#          year's count; 较上年增加X万元 + 上年的金额)
#   TONGHUAN  Chinese 同比 and 环比 both beside the absolute figure (growth is 同比)
# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe21-en-01": ".md file: a founder memo to investors (## sections, bullets), tattoo-studio booking; WORDS (team, customers, ARR in words beside digits elsewhere), FY (FY26 ending 30 June); a rival's round (tempts)",
    "fe21-en-02": ".txt monthly investor update e-mail, farrier scheduling; ABBR ($k / $mn), DELTA (net new customers this month, last month's count in an earlier line); last year's beside (tempts)",
    "fe21-en-03": ".docx company overview, about 3 pages, septic-pumping route software: headings, bullets, a KPI table by fiscal year (FY), FOOTnotes under the table (one with the exact figure), an industry's size, a rival's round (tempts)",
    "fe21-en-04": ".pptx pitch deck (7 slides), land-surveying field data: plain text boxes, a chart CAPTION box with figures (FOOT), ABBR ($1.4bn TAM, $3.1mn ARR), exact figures in the notes (tempts)",
    "fe21-en-05": ".txt plain-text business plan summary, UK food-truck ordering: titles underlined with dashes, CUR2 (GBP with USD beside), FY (year to 31 March), a plan line beside the actual (tempts)",
    "fe21-en-06": ".md file: a founder memo answering a fund's questions, auction-house cataloguing; WORDS and DELTA (customers as last year's count plus net new); some fields not stated (tempts)",
    "fe21-en-07": ".txt quarterly investor update e-mail, forwarded, crane-rental dispatch; quarter-by-quarter ARR with FY quarter labels (FY), ABBR ($k), last year's beside (tempts)",
    "fe21-en-08": ".docx board pack (2 pages), Irish kennel software: agenda, a KPI table plan vs actual with a FOOTnote, CUR2 (EUR with USD beside) for ARR and the round, a pre-money valuation (tempts)",
    "fe21-en-09": ".pptx pitch deck (6 slides), craft-distillery production tracking: text boxes, a chart CAPTION (FOOT), ABBR (k), notes with exact figures and a rival's round (tempts)",
    "fe21-en-10": ".txt one-page executive summary pasted from a word processor, go-kart track booking: WORDS, DELTA (ARR given as the year's increase, the base in a later line), last year's (tempts)",
    "fe21-zh-01": ".docx 2026年第三季度经营报告, 皮革: 标题, 一、至五、 headings, a 本期 / 上期 / 上年同期（万元） table, TONGHUAN (同比 and 环比 beside), a 注 line under the table (FOOT) (tempts)",
    "fe21-zh-02": ".md file: 部门月报 (外贸部 11月), 假发 exporter: ## headings, CUR2 (美元 with 折合人民币), a table by product in 万美元, TONGHUAN (tempts)",
    "fe21-zh-03": ".txt UTF-8 公司简介 with 【】 sections, 纽扣: FY (2026财年，即2025年4月1日至2026年3月31日), the previous 财年 beside (tempts)",
    "fe21-zh-04": ".txt GB18030 (CRLF) 公司简介, 雨伞, no headings: DELTA (营业收入较上年增加X万元, 上年的金额 in an earlier line), 近两年 lines (tempts)",
    "fe21-zh-05": ".pptx 经营分析汇报 deck (6 slides), 保温杯: text boxes, a chart CAPTION (图：) with the figures (FOOT), TONGHUAN, ABBR (亿 / 万 without 元), 备注 (tempts)",
    "fe21-zh-06": ".docx 2026年度工作总结, about 3 pages, 园林绿化: 标题, 一、至五、 headings, a table with 注 lines (FOOT), TONGHUAN, 存在问题, 明年计划 (tempts)",
    "fe21-zh-07": ".txt UTF-8 情况说明 to a 商务局 about exports, 刀具: CUR2 (美元 and 折合人民币), 主送, paragraphs, 特此说明, 落款, no headings (tempts)",
    "fe21-zh-08": ".md file: 部门月报 (运营部 10月), 涂料: a table with 本月 / 上月 / 去年同月, TONGHUAN in the prose, DELTA (客户数较上月净增X家, 上月数 elsewhere) (tempts)",
    "fe21-zh-09": ".txt GB18030 (CRLF) 经营情况说明 for a bank's credit review, 叉车: 一、二、三 headings, FY (2026财年 April-March), 万元 and 亿元 figures, 授信 and loans (tempts)",
    "fe21-zh-10": ".pptx 经营分析 deck (6-7 slides), 地毯: text boxes, a 收入构成 slide whose amounts are only in a chart CAPTION (FOOT), CUR2 (出口 美元 with 人民币), 备注 (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe21-{lang}-"))
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
