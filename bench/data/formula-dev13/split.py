"""Split the formula-dev13 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev13 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev13/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20270319
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_florist": 12,     # florist orders (title row above header, Total row at the bottom)
    "en_tyres": 12,       # tyre-fitting jobs (merged two-row header: Tyre size over W/Profile/Rim, Charges)
    "en_karting": 12,     # go-kart sessions: Sessions + Karts (two sheets, lookups across; times)
    "en_kennels": 12,     # boarding kennels (numbers stored as text, blank row in data, blank cells)
    "en_ferry": 12,       # ferry tickets (ticket nos as text with leading zeros, dates and times)
    "en_museum": 12,      # museum galleries' visitors by year (numeric year headers, Total row)
    "zh_shudian": 12,     # 书店销售日报 (merged title row naming the unit, blank row, dates)
    "zh_taiqiu": 12,      # 台球厅开台记录: 开台记录 + 台费价目 (two sheets, lookups across; times)
    "zh_tijian": 12,      # 体检中心预约 (18-digit 身份证号, 手机号 as text, dates)
    "zh_guanggao": 12,    # 广告制作订单 (merged two-row header 尺寸 over 宽/高, 金额 over 材料/安装; blank cells)
    "zh_daijia": 12,      # 代驾订单 (司机工号 as text with leading zeros, dates and times)
    "zh_jingqu": 12,      # 景区各景点历年游客 (numeric year headers, 合计 row)
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
