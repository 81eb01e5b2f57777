"""Split the formula-dev19 items into tune and blind, at random with a fixed seed.

Committed before any item of formula-dev19 was written, with the planned groups
below (a group is the 1-3 paraphrases of one task on one sheet; its id names
the sheet it will be written on).  Items that share a ``group`` land on the
same side, so a phrasing read in tune never has a twin in blind.  Half of the
PLANNED groups (rounded up) are blind; a planned group that ends up with no
item (dropped, or not written in time) simply has none.  ``tune.jsonl`` is
plain; ``blind.jsonl.gz`` is gzip so that nobody reads it casually -- only
``bench/eval_formula.py --part blind`` opens it, once, for the final figures.

    python bench/data/formula-dev19/split.py ALL.jsonl
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

SEED = 20271209
BLIND_SHARE = 0.50
HERE = Path(__file__).resolve().parent

# planned sheet -> number of planned groups (ids SHEET-g01 .. SHEET-gNN)
PLAN = {
    "en_grants": 12,      # office: grant applications register (merged title row above header, ref codes with leading zeros, submitted/decision dates, decision blank, Total row)
    "en_visitors": 12,    # office: visitor sign-in log (an Excel table, in/out times, out blank, badge nos with leading zeros, host)
    "en_complaints": 12,  # office: customer complaints log (opened/resolved dates, resolved blank, refund stored as text, blank row)
    "en_quotes": 12,      # office: sales quotes register + Reps tab (two sheets, lookup), quote/valid-until dates, won/lost blank
    "en_sharpening": 12,  # small trade: knife sharpener's job book (drop-off/collect dates, blades, per-blade price, paid blank, Total row)
    "en_cheese": 12,      # small trade: cheese stall sales (market dates, cheese, weight kg, price per kg, merged two-row header)
    "zh_chuchai": 12,     # office: 出差登记 (merged title row, 出发/返回 dates, 天数, 交通费/住宿费, 报销 blank)
    "zh_shebao": 12,      # office: 社保缴纳明细 + 缴费基数 (two sheets, lookup; 工号 zero-padded text; 个人/单位 amounts, 合计 row)
    "zh_yangpin": 12,     # office: 样品寄送登记 (an Excel table, 寄出日期/时间, 快递单号 text, 回寄 blank, 数量 stored as text)
    "zh_shouwen": 12,     # office: 收文登记 (merged two-row header, 收文号 zero-padded, 收文/办结 dates, 办结 blank, blank row)
    "zh_baozi": 12,       # small trade: 包子铺日销 (dates, 品种, 数量, 单价, 出笼 times, 赊账 blank, 合计 row)
    "zh_liangyou": 12,    # small trade: 粮油店赊销账 (merged title naming 元, header row 2, 还款日期 blank, 斤/袋)
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
