"""Split the fill-eval15 rows into tune and blind, by row id, with a fixed seed.

Written and committed before any row existed: the ids and each row's planned
form (what kind of document it will be) are fixed here, then ``assign()``
draws half of the ids of each template as ``blind`` (seed 2026120615).
Nothing about a row's content can influence which side it lands on.

``tune.jsonl`` is plain; ``blind.jsonl.gz`` is gzip so that nobody reads it
casually -- only ``bench/eval_fill.py --data bench/data/fill-eval15 --split blind``
opens it, once, for the final figures.  The documents of file rows live in
``files/``; do not open the files of blind rows (``python split.py --list``).

    python bench/data/fill-eval15/split.py --list        # id -> side
    python bench/data/fill-eval15/split.py ALL.jsonl     # write tune.jsonl, blind.jsonl.gz
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 2026120615
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# id -> planned form of the document (fixed before writing any row).
# "tempts" marks the documents written to tempt invention (a competitor's
# figures, a target beside the actual, last year's beside this year's).
PLAN: dict[str, str] = {
    "fe15-en-01": ".txt raw MIME source of an e-mail (CRLF): headers, multipart/alternative, a text/plain part in quoted-printable ('=' soft line breaks, =E2=80=94 escapes) and its HTML twin, the investor's fund figures quoted below (tempts)",
    "fe15-en-02": ".txt SubRip (.srt) captions of a recorded demo-day pitch, UTF-8 with BOM and CRLF: numbered cues with timecodes, figures split across cues, a judge's question quoting a rival's figure (tempts)",
    "fe15-en-03": ".txt LaTeX source of a one-page investment summary: \\section, a tabular with & and \\\\, \\$ and \\% escapes, a %-commented older figure (tempts)",
    "fe15-en-04": ".txt JSON export from a metrics dashboard under a two-line cover note: amounts in cents, rates as fractions, ISO timestamps, a targets object beside the actuals (tempts)",
    "fe15-en-05": ".pptx deck whose text sits in group shapes (text boxes grouped per card), an appendix slide with the prior year's figures, exact figures in notes (tempts)",
    "fe15-en-06": ".docx loan covenant compliance certificate to a venture lender: a covenant table (required / actual), the facility amount beside the equity round (tempts)",
    "fe15-en-07": "md scraped company homepage: nav links, cookie banner, hero, stats strip, customer testimonials with the customers' own figures, footer (tempts)",
    "fe15-en-08": ".docx employee tender-offer notice (secondary sale): price per share, the buyer fund's size, a 'company at a glance' section (tempts)",
    "fe15-en-09": ".md file (not inline): an investor's quarterly portfolio-reporting template filled in by the founder, italic instruction lines with example figures left in, some fields 'TBD' (tempts)",
    "fe15-en-10": ".txt data-team e-mail with psql query outputs pasted (+---+ borders, | separators, '(n rows)'), a pilot cohort and a churned customer's row (tempts)",
    "fe15-zh-01": "钉钉日志 export .txt in GBK with CRLF: 日报 / 周报 template blocks (今日完成 / 未完成 / 需协调 / 明日计划), a later 周报 correcting a daily figure (tempts)",
    "fe15-zh-02": ".docx 上市公司临时公告 关于签订日常经营重大合同的公告: 证券代码 / 证券简称 / 公告编号 header, the 合同对方's figures beside the company's own (tempts)",
    "fe15-zh-03": ".pptx 投资者开放日 deck whose text sits in 组合 (group) shapes, a 目标 slide beside 实际, exact figures in 备注 (tempts)",
    "fe15-zh-04": ".txt SubRip (.srt) 企业宣传片字幕 in GB18030 with LF: cues with timecodes, spoken figures (一点二亿) split across cues, a 子公司's figure (tempts)",
    "fe15-zh-05": "年度绩效考核结果通报 md: 考核指标 / 目标值 / 完成值 / 完成率 / 得分 table, 考核说明, 目标 beside 完成 (tempts)",
    "fe15-zh-06": "小程序后台数据导出 JSON .txt UTF-8 (no BOM, LF) under a two-line 说明: 金额以分计, 拼音 field names, a 目标 object beside 实际 (tempts)",
    "fe15-zh-07": ".docx 红头文件 内部通报 (X司发〔2026〕18号, 主送 / 抄送, 附件 list): 关于表彰2026年度先进集体的通报 with the year's figures (tempts)",
    "fe15-zh-08": "企业年度十大新闻 评选结果 md: numbered news items with figures, a 子公司's and a 合作方's figures, 上年 beside 本年 (tempts)",
    "fe15-zh-09": ".md file (not inline) 互动易-style 投资者问答: 投资者提问 / 董秘回复 pairs with dates, an asker's mistaken figure corrected by the reply (tempts)",
    "fe15-zh-10": "企业信用报告 (征信) 摘录 .txt UTF-8 with BOM and CRLF: 基本信息 / 财务报表摘要 blocks in 千元, 查询机构 and 报告编号 lines (tempts)",
}


def assign() -> dict[str, str]:
    """id -> ``tune`` or ``blind``: per template (en/zh), shuffle the sorted ids, the first half blind."""
    out: dict[str, str] = {}
    for lang in ("en", "zh"):
        ids = sorted(i for i in PLAN if i.startswith(f"fe15-{lang}-"))
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
