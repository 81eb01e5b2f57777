"""Split the formula-dev14 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev14 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev14/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20270611
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_bowling": 12,     # bowling alley: Games + Lanes (two sheets, price looked up across; start/end times)
    "en_laundrette": 12,  # laundrette service washes (kg and loads stored as text, blank row, blank collected)
    "en_carboot": 12,     # car-boot stall sales (title row above header, Total row at the bottom)
    "en_nursery": 12,     # plant nursery stock (merged two-row header: Pot over Size/Litres, Price over Retail/Trade)
    "en_dance": 12,       # dance school pupils (zero-padded pupil nos, dates of birth, an Excel table)
    "en_skiphire": 12,    # skip hire: hires per depot by month (month headers Jan..Dec, Total row)
    "zh_lifa": 12,        # 理发店会员消费 (会员卡号 zero-padded text, 手机号 text, dates and times)
    "zh_wangba": 12,      # 网吧上机记录: 上机记录 + 区域价目 (two sheets, lookups across; times past midnight)
    "zh_diaochang": 12,   # 钓场放钓记录 (merged two-row header 渔获 over 斤数/条数, 费用 over 钓位费/回鱼; blank cells)
    "zh_yizhan": 12,      # 驿站包裹入库 (取件码 text, 入库/取件日期, 取件 blank for parcels still there)
    "zh_caishichang": 12, # 菜市场摊位日流水 (merged title naming the unit, blank row, 斤数 as text, 合计 row)
    "zh_nongjiale": 12,   # 农家乐各项目历年营收 (numeric year headers, 合计 row)
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
