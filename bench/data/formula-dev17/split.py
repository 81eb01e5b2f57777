"""Split the formula-dev17 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev17 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev17/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271207
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_payables": 12,    # office: accounts payable invoices + Vendors tab (two sheets: payment terms by vendor; lookup), due/paid dates, paid blank
    "en_pipeline": 12,    # office: sales pipeline by stage (merged title row above header, probability, expected close, Total row)
    "en_training": 12,    # office: training records (an Excel table, emp ids text with leading zeros, course hours from start/end times)
    "en_vendors": 12,     # office: vendor scorecard (merged two-row header by quarter, a count stored as text, blank row)
    "en_djhire": 12,      # small trade: mobile DJ bookings (event dates, start/end times, deposit blank, travel miles)
    "en_upholstery": 12,  # small trade: upholstery job sheet (job codes, fabric metres, labour hours, collected blank, Total row)
    "zh_baifang": 12,     # office: 客户拜访记录 (客户编号 zero-padded text, 到达/离开时间, 下次跟进日期 blank, blank row between months)
    "zh_yongche": 12,     # office: 车辆使用登记 + 车辆信息 (two sheets, lookup; merged title row; 出车/回车时间, 里程)
    "zh_bianzhi": 12,     # office: 部门编制计划 (merged two-row header 编制/在岗 by quarter, 合计 row)
    "zh_beiyongjin": 12,  # office: 备用金登记 (凭证号, 金额 stored as text, 有无发票 是/blank, dates)
    "zh_tuoguan": 12,     # small trade: 托管班学员 (an Excel table, 学号 zero-padded text, 月费/已缴, 接走时间 times)
    "zh_mianguan": 12,    # small trade: 面馆日流水 (merged title naming 元, header row 2, 合计 row, 外卖 blank)
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
