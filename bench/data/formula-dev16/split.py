"""Split the formula-dev16 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev16 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev16/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271206
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_commission": 12,  # office: sales reps' deals + Rates tab (two sheets, commission rate by tier; lookup)
    "en_timesheet": 12,   # office: weekly timesheet (clock-in/out times, overtime, title row above header)
    "en_tickets": 12,     # office: customer support tickets (opened/closed dates, SLA, closed blank for open tickets)
    "en_campaigns": 12,   # office: marketing campaigns spend & leads (month headers, Total row, blank row)
    "en_cakes": 12,       # small trade: wedding cake orders (tiers, deposit blank, event dates)
    "en_tattoo": 12,      # small trade: tattoo studio bookings (start/end times, an Excel table, client ids as text)
    "zh_huamingce": 12,   # office: 员工花名册 (身份证号 text -> 出生日期/年龄/性别, 入职日期, title row)
    "zh_jixiao": 12,      # office: 绩效考核: 考核 + 等级表 (two sheets, lookup; merged two-row header)
    "zh_lingyong": 12,    # office: 办公用品领用登记 (部门/物品/数量/单价, 数量 as text, 合计 row)
    "zh_huiyi": 12,       # office: 会议室预订 (开始/结束时间, 日期, 预订人 blank rows, blank row between weeks)
    "zh_zaocan": 12,      # small trade: 早餐店日流水 (merged title naming 元, 品类, 合计 row)
    "zh_yuju": 12,        # small trade: 渔具店进销 (商品编码 zero-padded text, 进价/售价, 库存 blank)
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
