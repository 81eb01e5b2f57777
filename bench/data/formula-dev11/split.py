"""Split the formula-dev11 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev11 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev11/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20270107
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_tailor": 12,      # tailor's alterations (job refs as text with leading zeros, dates, blank cells)
    "en_pottery": 12,     # pottery studio classes (title row above header, phones as text, Total row)
    "en_removals": 12,    # removals firm jobs (merged two-row header, move dates, crew, van)
    "en_campsite": 12,    # campsite: Bookings + Pitches (two sheets, lookups across)
    "en_cleaning": 12,    # office-cleaning contracts (numbers stored as text, blank row in data)
    "en_locksmith": 12,   # locksmith call-outs (dates and times, call-out fee, parts, status)
    "zh_xiyi": 12,        # 洗衣店 (单号 as text with leading zeros, 收衣/取衣日期, 合计 row)
    "zh_wujin": 12,       # 五金店: 销售记录 + 商品价目 (two sheets, lookups across)
    "zh_yanjing": 12,     # 眼镜店顾客 (18-digit 身份证号, 配镜日期, 度数)
    "zh_kafei": 12,       # 咖啡馆日营业 (merged title row naming the unit, blank row, dates)
    "zh_huishou": 12,     # 废品回收站 (merged two-row header, 手机号 as text, 重量/单价)
    "zh_lvxingshe": 12,   # 旅行社历年线路营收 (numeric year headers, 合计 row)
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
