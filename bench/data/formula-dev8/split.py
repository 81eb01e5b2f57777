"""Split the formula-dev8 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev8 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev8/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20261216
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_schooltrip": 12,  # school trip payments (title row, blank row in the data, parent phones as text)
    "en_caterer": 12,     # wedding caterer's orders (event dates, guests, price per head, Total row)
    "en_printshop": 12,   # print shop: Jobs + Rates (two sheets, job numbers as text)
    "en_climbing": 12,    # climbing wall memberships (join dates, member ids as text, blank renewals)
    "en_allotment": 12,   # allotment society plot fees (title row, numbers stored as text, Total row)
    "en_tuner": 12,       # piano tuner's visits (merged two-row header, visit dates, mileage)
    "zh_naicha": 12,      # 奶茶店日销售 (dates, cups, 营业额, blank row)
    "zh_youeryuan": 12,   # 幼儿园缴费: 缴费记录 + 幼儿名单 (two sheets, 18-digit 身份证号)
    "zh_nongji": 12,      # 农机租赁 (merged two-row header, dates, 手机号 as text)
    "zh_qinhang": 12,     # 琴行学员 (18-digit 身份证号, 课时, 手机号 as text)
    "zh_chongdian": 12,   # 充电站电费台账 (title row, 万元, 合计 row)
    "zh_zhongzi": 12,     # 种子站销售 (numeric year headers 2020-2025, 合计 row)
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
