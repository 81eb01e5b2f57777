"""Split the formula-dev15 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev15 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev15/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20270902
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_budget": 12,      # office: budget vs actual by cost centre (title row, month headers Jan..Jun, Total row)
    "en_receivables": 12, # office: accounts-receivable invoices (invoice/due/paid dates, paid blank, a blank row)
    "en_leave": 12,       # office: leave balances: Leave + Entitlement (two sheets, lookup; staff ids as text)
    "en_kayak": 12,       # kayak hire (an Excel table; start/end times, dates)
    "en_signshop": 12,    # sign maker jobs (merged two-row header: Size over Width/Height, Price over Quote/Invoiced)
    "en_icecream": 12,    # ice-cream van takings (tubs stored as text, a blank row, Total row)
    "zh_hetong": 12,      # 合同台账 (合同编号 text, 签订/到期日期, 已付款 blank, 合计 row)
    "zh_zichan": 12,      # 固定资产折旧 (merged two-row header 折旧 over 年限/残值率, 购入日期)
    "zh_mubiao": 12,      # 销售目标达成: 业绩 + 目标 (two sheets, lookup; month headers 1月..6月)
    "zh_shaokao": 12,     # 烧烤摊日流水 (merged title naming the unit 元, 数量 as text, blank row, 合计 row)
    "zh_xiuxie": 12,      # 修鞋铺取件登记 (取件码/手机尾号 text, 送修/取件日期, 取件 blank)
    "zh_zuliao": 12,      # 足疗店钟单 (技师工号 zero-padded text, 开始/结束时间, an Excel table)
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
