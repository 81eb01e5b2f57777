"""Split the formula-dev5 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev5 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev5/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20261207
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_dental": 12,     # dental clinic appointments (title row, blank row, phone numbers as text)
    "en_canteen": 12,    # school canteen purchases (Total row at the bottom)
    "en_bakery": 12,     # bakery daily production (merged two-row header)
    "en_marathon": 12,   # charity 10k race results (bib numbers, birth years, finish times)
    "en_solar": 12,      # rooftop solar output by site (numeric year headers, Total row)
    "en_tutoring": 12,   # tutoring agency: Lessons + Rates (two sheets)
    "zh_baoxiu": 12,     # 物业报修 (title row, blank row in the data, phone numbers as text)
    "zh_jiaxiao": 12,    # 驾校学员 (18-digit 身份证号)
    "zh_shougou": 12,    # 农产品收购 (千克, 合计 row)
    "zh_peixun": 12,     # 培训报名
    "zh_kuaidi": 12,     # 快递网点 业务量 (numeric year headers, 万件, 合计 row)
    "zh_yiyao": 12,      # 医药库存: 库存 + 价格表 (two sheets)
    "zh_zhuangxiu": 12,  # 装修报价 (merged title, merged two-row header, 合计 row)
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
