"""Split the fill-eval14 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120614).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval14 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval14/split.py --list        # id -> side
    python bench/data/fill-eval14/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120614
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe14-en-01": ".txt UTF-16 LE with BOM and CRLF (Outlook 'Unicode text' save): an advisor's warm-intro e-mail with the advisor's own company's figures, the founder's reply quoted below (tempts)",
    "fe14-en-02": ".md file (not inline) exported from a Jupyter notebook: ``` code cells, pandas output tables of ARR by quarter for 2025 and 2026, the analyst's conclusions (tempts)",
    "fe14-en-03": ".docx term sheet: a two-column terms table (Issuer, Security, Amount, Pre-money, Option pool, Liquidation preference), a Schedule A company overview (tempts)",
    "fe14-en-04": ".pptx demo-day deck built from free text boxes (no placeholders): a market slide with three analysts' estimates, the company's own TAM in notes (tempts)",
    "fe14-en-05": ".txt OCR of a printed trade-show catalogue page: 'l' for '1' and 'S' for '5', a broken 'fi' ligature, running head and page number, the next exhibitor's entry cut off (tempts)",
    "fe14-en-06": "md Obsidian vault note: YAML front matter, [[wikilinks]], > [!note] callouts, a dated log whose older figures are superseded (tempts)",
    "fe14-en-07": ".docx with tracked changes from a co-founder's edit pass: deleted old figures (w:del) beside inserted new ones (w:ins), one change in the ask (tempts)",
    "fe14-en-08": "md press-kit page: Key facts list with footnote markers, boilerplates of 50 and 150 words, awards, media contact, a launch partner's figures (tempts)",
    "fe14-en-09": "md bilingual English / Chinese investor summary: a China joint-venture section in both languages, the JV partner's RMB figures beside the company's USD figures (tempts)",
    "fe14-en-10": "md private-company notice of annual meeting and proxy statement: proposals, director bios naming their other companies' figures, a performance table with the prior year (tempts)",
    "fe14-zh-01": ".txt UTF-16 LE with BOM and CRLF (记事本 Unicode 保存): 致银行的 企业经营情况说明, 近三年营业收入 2023-2025 beside 2026年1-10月 (tempts)",
    "fe14-zh-02": ".md file (not inline) 飞书文档导出: :::高亮块, @提及, - [ ] 待办, 目标 beside 实际 (tempts)",
    "fe14-zh-03": "企业官网 关于我们 页面抓取 md: 导航栏 / 页脚 noise (版权所有, ICP备案号, 友情链接), 发展历程 by year with earlier figures (tempts)",
    "fe14-zh-04": ".docx 审计报告 财务报表附注 节选: 合并 and 母公司 columns, 本期 / 上期, 注释 paragraphs (tempts)",
    "fe14-zh-05": ".pptx 校园招聘宣讲会 deck built from free text boxes (no placeholders): 公司简介 figures, 薪酬福利 figures beside, exact figures in 备注 (tempts)",
    "fe14-zh-06": ".txt UTF-8 with BOM: 拍照识别 (OCR) of a 展会展板: short lines, full-width and half-width digits mixed, spurious spaces inside numbers, 〇 for 0",
    "fe14-zh-07": "中英混排 外企中国区 季度简报 md: English headings over Chinese text, USD and RMB figures, global figures beside the China figures (tempts)",
    "fe14-zh-08": ".docx 年度经营分析 with 页眉 / 页脚 text and a Word 批注 (comment) that corrects a figure of the body (tempts)",
    "fe14-zh-09": "行业百强榜单 入选名单 .txt in GB18030 with CRLF: a ranking text table of several companies' 营收, ours with a 企业简介 paragraph (tempts)",
    "fe14-zh-10": "经营数据 md with an HTML <table> (rowspan / colspan header: 2025年 / 2026年 x 收入 / 客户数) and [^1] footnotes, one correcting a figure (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe14-{lang}-"))
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
