"""Split the formula-dev23 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev23 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev23/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271313
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_tenders": 12,      # office: bid / tender register (an Excel table, tender refs, client, sector, submitted date, value, outcome Won/Lost, decision date blank = pending)
    "en_labtests": 12,     # office: lab sample register (merged title row, sample ids zero-padded, received date and time, test, result, reported date blank, blank row)
    "en_fx": 12,           # office: foreign-currency supplier payments + Rates tab (two sheets, lookup by currency for the rate; bank fee stored as text, paid date blank)
    "en_calls": 12,        # office: call-centre call log (merged two-row header, call ids zero-padded, start/end times, wait seconds, outcome, survey score blank)
    "en_hottubs": 12,      # small trade: hot tub hire bookings (delivery date, nights, tub size, price stored as text, deposit date blank, Total row)
    "en_pumpkins": 12,     # small trade: pumpkin patch till log (date, time, item, qty, unit price, card/cash, blank row, Total row)
    "zh_jiangxuejin": 12,  # office: 奖学金评定表 (merged title row, 学号 zero-padded text, 学院, 绩点, 综合测评, 金额 stored as text, 发放日期 blank)
    "zh_fuli": 12,         # office: 节日福利发放登记 + 标准 tab (an Excel table, two sheets, lookup by 职级 for 标准金额; 工号 zero-padded, 领取日期 blank)
    "zh_shixi": 12,        # office: 实习生登记 (merged two-row header, 编号 SX-, 学校, 部门, 开始/结束日期, 日补贴, 留用 blank)
    "zh_liushui": 12,      # office: 对公账户流水 (merged title row, 日期, 时间, 摘要, 对方户名, 收入/支出 one blank, 凭证号 zero-padded text, 合计 row)
    "zh_qipai": 12,        # small trade: 棋牌室包间记录 (日期, 包间, 开始/结束时间, 人数, 每小时价, 茶水费 blank, 会员卡号 text, 合计 row)
    "zh_shuizu": 12,       # small trade: 水族店销售单 (单号 zero-padded text, 日期, 客户, 品类, 数量, 单价, 送货, 欠款 blank)
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
