"""Split the formula-dev10 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev10 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev10/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20261224
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_courier": 12,     # bike-courier deliveries (job refs as text, dates, zones, km, fee, blank tips)
    "en_piano": 12,       # piano teacher's lessons (title row above header, pupil phones as text, Total row)
    "en_foodtruck": 12,   # food truck daily takings (merged two-row header, dates, pitches)
    "en_hall": 12,        # village-hall bookings: Bookings + Rates (two sheets, lookups across)
    "en_langschool": 12,  # language school enrolments (numbers stored as text, blank row in data)
    "en_landscape": 12,   # landscaping firm quotes (dates quoted/accepted, status, year headers area)
    "zh_chongwu": 12,     # 宠物寄养 (订单号 as text with leading zeros, 入住/离店日期, 合计 row)
    "zh_zhongyao": 12,    # 中药房: 处方记录 + 药材价目 (two sheets, lookups across)
    "zh_hunqing": 12,     # 婚庆公司订单 (title row naming the unit, blank row, 婚期 dates)
    "zh_ershouche": 12,   # 二手车行 (merged two-row header, 手机号 as text)
    "zh_zixishi": 12,     # 自习室会员 (18-digit 身份证号, 开卡/到期日期)
    "zh_sheying": 12,     # 摄影工作室历年营收 (numeric year headers, 合计 row)
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
