"""Split the formula-dev22 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev22 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev22/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271212
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_bugs": 12,         # office: software bug tracker (an Excel table, bug ids with leading zeros, opened/closed dates, closed blank = open, severity, points)
    "en_warranty": 12,     # office: product warranty registrations + Models tab (two sheets, lookup by model for warranty months; serial nos zero-padded, purchase date, claim date blank)
    "en_sponsors": 12,     # office: event sponsorship tracker (merged title row, tier, pledged/received amounts, received date blank, logo sent blank, blank row)
    "en_backups": 12,      # office: IT backup job log (merged two-row header, job ids zero-padded, start/end times, size stored as text, status)
    "en_xmastrees": 12,    # small trade: Christmas tree sales (date, variety, height, price, delivery, paid blank, Total row)
    "en_bouncy": 12,       # small trade: bouncy castle hire bookings (booking nos, event date, castle, hours, price stored as text, deposit date blank, Total row)
    "zh_lizhi": 12,        # office: 离职交接登记 (an Excel table, 工号 zero-padded text, 入职/离职日期, 交接完成日期 blank, 原因)
    "zh_baoyang": 12,      # office: 设备保养台账 + 周期 tab (two sheets, lookup by 类别 for 周期天数; 设备编号, 上次保养日期, 费用)
    "zh_tuanjian": 12,     # office: 团建活动报名表 (merged title row, 部门, 项目, 家属人数, 费用 stored as text, 报名时间, 已交费 blank, blank row)
    "zh_duban": 12,        # office: 督办事项台账 (merged two-row header, 事项编号, 交办日期/期限/完成日期, 完成 blank, 进度)
    "zh_yuhang": 12,       # small trade: 水产摊日销 (日期, 时间, 品种, 斤数, 单价, 支付方式 incl. 赊账, 合计 row)
    "zh_paotui": 12,       # small trade: 跑腿接单记录 (单号 zero-padded text, 下单/送达时间, 距离, 跑腿费, 小费 blank, 电话 text)
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
