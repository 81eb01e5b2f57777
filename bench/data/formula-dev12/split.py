"""Split the formula-dev12 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev12 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev12/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20270213
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_chimney": 12,     # chimney sweep jobs (title row above header, Total row at the bottom)
    "en_framing": 12,     # picture-framing orders (merged two-row header: Size over W/H, Charges)
    "en_escape": 12,      # escape-room bookings: Bookings + Rooms (two sheets, lookups across)
    "en_scaffold": 12,    # scaffolding hire (numbers stored as text, blank row in data, blank cells)
    "en_stables": 12,     # livery stables (horse IDs as text with leading zeros, dates and times)
    "en_orchard": 12,     # orchard harvest by year (numeric year headers, Total row)
    "zh_jiayou": 12,      # 加油站日报 (merged title row naming the unit, blank row, dates)
    "zh_changdi": 12,     # 体育馆场地预约: 预约记录 + 场地价目 (two sheets, lookups across)
    "zh_youyong": 12,     # 游泳馆会员 (18-digit 身份证号, 手机号 as text, dates)
    "zh_jiaju": 12,       # 家具定制订单 (merged two-row header 尺寸 over 长/宽/高, blank cells)
    "zh_dianti": 12,      # 电梯维保记录 (设备编号 as text with leading zeros, dates and times)
    "zh_juyuan": 12,      # 剧团历年演出 (numeric year headers, 合计 row)
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
