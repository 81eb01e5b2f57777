"""Split the formula-dev7 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev7 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev7/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20261215
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_grooming": 12,   # dog-grooming salon appointments (title row, blank row in the data, owner phones as text)
    "en_plumbing": 12,   # plumbing contractor invoices (hours, call-out times, invoice numbers as text, Total row)
    "en_league": 12,     # amateur football league table (merged two-row header Home/Away over W/D/L)
    "en_farmshop": 12,   # farm shop: Orders + Products (two sheets, weights in kg)
    "en_conference": 12, # conference registrations (dates, badge codes as text, blank check-in times)
    "en_apiary": 12,     # honey harvest by apiary (title row, numeric year headers 2019-2025, Total row)
    "zh_tuangou": 12,    # 社区团购订单 (title row, blank row in the data, 手机号 as text)
    "zh_wuye": 12,       # 物业费收缴台账 (房号 as text, blank 缴费日期, 合计 row)
    "zh_chaye": 12,      # 茶叶合作社收购 (numeric year headers 2020-2025, 千克/万元, 合计 row)
    "zh_jiazheng": 12,   # 家政服务: 派单记录 + 阿姨名单 (two sheets, 18-digit 身份证号)
    "zh_minsu": 12,      # 民宿订单 (merged two-row header 房费/押金, dates)
    "zh_zhiyuan": 12,    # 志愿者服务时长 (18-digit 身份证号, hours, 手机号 as text)
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
