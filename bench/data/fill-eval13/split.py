"""Split the fill-eval13 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120613).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval13 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval13/split.py --list        # id -> side
    python bench/data/fill-eval13/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120613
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe13-en-01": "md board-pack appendix: Appendix B KPI table (metric / FY2026 / FY2025 / budget), footnotes, one restating a figure (tempts)",
    "fe13-en-02": ".txt cap-table CSV export (holder, class, shares, %), a SAFE line and a pending Series A line, a cover note above it",
    "fe13-en-03": "md Form-D-style notice of exempt offering: numbered Items with field: value lines, offering amount sold beside total (tempts)",
    "fe13-en-04": ".docx customer reference letter on letterhead from a client's CFO, the client's own spend and savings figures beside (tempts)",
    "fe13-en-05": "md startup-database company profile page: Overview fields, a funding-rounds table with dates, a 'Similar companies' sidebar (tempts)",
    "fe13-en-06": ".txt OCR of a scanned one-page fact sheet: broken lines, words split by hyphens, 'O' for '0', page header and footer",
    "fe13-en-07": ".pptx investor-day deck: a 'by the numbers' slide, a customer-logos slide, a 2027 roadmap slide, exact figures in notes (tempts)",
    "fe13-en-08": "md conference-booth flyer / handout: taglines, icon bullets, a QR-code line, a pricing strip",
    "fe13-en-09": ".txt CRLF unanimous written consent of the board: WHEREAS recitals with figures, RESOLVED clauses, signature blocks (tempts)",
    "fe13-en-10": "md due-diligence checklist in Markdown task lists ([x] / [ ]) with the founder's answers under items, one answer updated (tempts)",
    "fe13-zh-01": ".docx 股东会 会议通知及议案: 议案一 关于2025年度财务决算报告的议案 with a 决算 table, 议案二 预算 (tempts)",
    "fe13-zh-02": "投资者关系活动记录表 md: a 活动类别 / 参与单位 / 时间 / 地点 table, 主要内容 Q&A, an analyst's industry figure (tempts)",
    "fe13-zh-03": "产权交易所 挂牌公告 .txt UTF-8 with CRLF: 标的企业基本情况, 主要财务指标 (审计 / 最近一期), 挂牌价格 (tempts)",
    "fe13-zh-04": "百科词条 md: 信息框 table, 发展历程 by year with earlier figures, 所获荣誉, 参考资料 (tempts)",
    "fe13-zh-05": ".pptx 战略发布会 deck: a 数字看板 slide, 行业规模 from a research firm, exact figures in 备注 (tempts)",
    "fe13-zh-06": "电商 店铺年度经营报告 md (生意参谋-style): 核心指标 as 指标：值 lines, 类目占比, 行业均值 beside the shop's (tempts)",
    "fe13-zh-07": ".txt in GBK: OCR of a scanned 企业简介, broken lines, 页眉页脚, full-width digits (１２３)",
    "fe13-zh-08": "经销商大会 邀请函及议程 md: 议程 table, the company's year in a 致辞 paragraph, 经销商 figures beside (tempts)",
    "fe13-zh-09": ".docx 员工手册 第一章 公司概况: 发展历程 table, 组织架构 list, 企业文化, few financial figures",
    "fe13-zh-10": "投标文件节选 .txt in GB18030: 投标函, 投标人基本情况表 as a text table, 近年业绩 list, 招标控制价 beside (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe13-{lang}-"))
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
