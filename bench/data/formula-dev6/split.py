"""Split the formula-dev6 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev6 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev6/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20261208
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_vet": 12,        # veterinary clinic visits (title row, blank row in the data, owner phones as text)
    "en_parking": 12,    # car park tickets (entry/exit times, plates as codes, Total row)
    "en_vineyard": 12,   # vineyard harvest by block (title row, numeric year headers 2019-2025, Total row)
    "en_cinema": 12,     # cinema screenings (merged two-row header: Adult/Child over Sold/Price)
    "en_cowork": 12,     # coworking space: Bookings + Plans (two sheets)
    "en_bikes": 12,      # bike repair shop jobs (job numbers and phones as text, blank Collected dates)
    "zh_yanglao": 12,    # 养老院入住 (18-digit 身份证号, 手机号 as text)
    "zh_shuiguo": 12,    # 水果批发 (title row, merged two-row header 进货/销售, 合计 row)
    "zh_yangzhi": 12,    # 养殖场出栏 (numeric year headers 2020-2025, 合计 row)
    "zh_waimai": 12,     # 外卖订单 (title row, blank row in the data, 手机号 as text)
    "zh_xiche": 12,      # 洗车店: 消费记录 + 价目表 (two sheets)
    "zh_zhaopin": 12,    # 招聘面试 (18-digit 身份证号, blank 复试 scores)
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
