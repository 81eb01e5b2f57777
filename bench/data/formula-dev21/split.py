"""Split the formula-dev21 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev21 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev21/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271211
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_keyfobs": 12,      # office: key & access fob register (an Excel table, fob nos with leading zeros, issued/returned dates, returned blank = still out, deposit)
    "en_translations": 12, # office: translation requests log + Rates tab (two sheets, lookup by language pair; word counts, due/delivered dates, delivered blank)
    "en_refunds": 12,      # office: customer refunds log (merged title row, order refs, request date and time, amount, reason, approved blank, blank row)
    "en_surveys": 12,      # office: customer survey responses (merged two-row header, NPS score, response time in minutes, scores stored as text, blank = skipped)
    "en_eggs": 12,         # small trade: egg round deliveries (customer, dozens, price per dozen, paid blank, round day, Total row)
    "en_gutters": 12,      # small trade: gutter cleaning jobs book (job nos, booked/done dates, storeys, price stored as text, paid date blank, Total row)
    "zh_mingpian": 12,     # office: 名片印制申请 (an Excel table, 工号 zero-padded text, 申请日期, 盒数, 单价, 完成日期 blank)
    "zh_jiedai": 12,       # office: 业务招待费登记 + 标准 tab (two sheets, lookup by 级别; 日期, 人数, 金额, 报销 blank, 合计 row)
    "zh_zhiban": 12,       # office: 值班登记表 (merged title row, 值班日期, 开始/结束时间, 部门, 补贴, 调休 blank)
    "zh_ruzhi": 12,        # office: 新员工入职登记 (merged two-row header, 工号 zero-padded, 入职/转正日期, 转正 blank, 试用期工资 stored as text, blank row)
    "zh_jianbing": 12,     # small trade: 煎饼摊日销 (日期, 时间, 品种, 份数, 单价, 加蛋, 支付方式, 合计 row)
    "zh_feiliao": 12,      # small trade: 农资店赊销账 (日期, 客户/村, 品名, 袋数, 单价 stored as text, 还款日期 blank, 电话 text)
}
GROUPS = [f"{sheet}-g{n:02d}" for sheet, k in PLAN.items() for n in range(1, k + 1)]


def blind_groups() -> set[str]:
    groups = sorted(GROUPS)
    rng = random.Random(SEED)
    rng.shuffle(groups)
    return set(groups[: round(BLIND_SHARE * len(groups) + 0.5)])


def split(items: list[dict]) -> tuple[list[dict], list[dict]]:
    """(tune, blind): whole groups, by the plan above."""
    blind = blind_groups()
    unknown = {it["group"] for it in items} - set(GROUPS)
    if unknown:
        raise SystemExit(f"groups not in the plan: {sorted(unknown)}")
    return ([it for it in items if it["group"] not in blind],
            [it for it in items if it["group"] in blind])


def main(argv: list[str]) -> int:
    items = [json.loads(line) for line in Path(argv[0]).open(encoding="utf-8") if line.strip()]
    tune, blind = split(items)
    with (HERE / "tune.jsonl").open("w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(it, ensure_ascii=False) + "\n" for it in tune)
    with gzip.open(HERE / "blind.jsonl.gz", "wt", encoding="utf-8", compresslevel=9) as fh:
        fh.writelines(json.dumps(it, ensure_ascii=False) + "\n" for it in blind)
    print(f"tune {len(tune)}, blind {len(blind)} ({100 * len(blind) / len(items):.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
