"""Split the formula-dev20 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev20 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev20/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271210
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_subs": 12,        # office: software subscriptions register (an Excel table, plan codes with leading zeros, seats, monthly cost, renewal dates, cancelled blank)
    "en_mileage": 12,     # office: business mileage log + Rates tab (two sheets, lookup by vehicle type; dates, miles, approved blank)
    "en_incidents": 12,   # office: health & safety incident log (merged title row, date and time of incident, days lost, closed date blank, blank row)
    "en_webinars": 12,    # office: webinar registrations (merged two-row header, registered/attended dates, minutes watched blank = no-show, ticket nos stored as text)
    "en_soap": 12,        # small trade: soap maker's market sales (batch codes with leading zeros, sale times, bars, price, Total row)
    "en_firewood": 12,    # small trade: firewood delivery book (order/delivery dates, loads, cubic metres, price, paid blank, numbers stored as text)
    "zh_xunjian": 12,     # office: 安全巡检记录 (an Excel table, 巡检日期/时间, 区域, 问题, 整改完成日期 blank)
    "zh_jiekuan": 12,     # office: 员工借款登记 + 部门 tab (two sheets, lookup; 工号 zero-padded text, 借款/还款 dates, 还款 blank, 合计 row)
    "zh_zhuanli": 12,     # office: 专利申请台账 (merged title row, 申请号 text, 申请日/授权日 dates, 授权 blank, 年费 stored as text)
    "zh_sushe": 12,       # office: 员工宿舍入住登记 (merged two-row header, 房号 zero-padded, 入住/退宿 dates, 退宿 blank, blank row)
    "zh_songshui": 12,    # small trade: 桶装水配送账 (dates, 客户, 桶数, 单价, 押金, 结账 blank, 电话 text, 合计 row)
    "zh_zhurou": 12,      # small trade: 猪肉摊日销 (merged title naming 元, 日期, 部位, 斤 with decimals, 单价, 成交时间, 赊账 blank)
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
