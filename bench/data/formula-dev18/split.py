"""Split the formula-dev18 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev18 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev18/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271208
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_custorders": 12,  # office: customer orders + Customers tab (two sheets, lookup), order/ship dates, ship blank, codes with leading zeros
    "en_picklist": 12,    # office: warehouse pick list (merged title row above header, qty stored as text, picked-at times, Total row)
    "en_helpdesk": 12,    # office: IT helpdesk tickets (an Excel table, opened/closed dates and times, closed blank)
    "en_licences": 12,    # office: software licences register (merged two-row header Seats/Cost, renewal dates, blank row)
    "en_candles": 12,     # small trade: candle maker's market-stall sales (market dates, pitch fee, blank row between months)
    "en_farrier": 12,     # small trade: farrier's visit book (yards, arrive/leave times, shoes, paid blank, Total row)
    "zh_yinzhang": 12,    # office: 用印登记 (merged title row, 用印日期/时间, 份数, 归还 blank)
    "zh_fapiao": 12,      # office: 发票开具登记 + 客户信息 (two sheets, lookup; 客户编号 zero-padded text; 金额/税额)
    "zh_zhengshu": 12,    # office: 员工资质证书台账 (merged two-row header, 工号 zero-padded, 到期日期, blank row)
    "zh_dangan": 12,      # office: 档案借阅登记 (借阅/应还/实还 dates, 实还 blank, 页数 stored as text, times)
    "zh_shouji": 12,      # small trade: 手机维修单 (an Excel table, 维修单号, 配件费/工时费, 接单/取机 times)
    "zh_doufu": 12,       # small trade: 豆腐坊送货流水 (merged title naming 元, header row 2, 合计 row, 赊账 blank)
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
