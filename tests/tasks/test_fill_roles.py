"""Filling from memos phrased the way people write them (issue 20 item 1, robustness).

Each test writes a memo about a fictitious company, runs ``o3-local render
funding-pitch --from memo --fill-only -o data.json`` as a user would, and
reads the fields a reviewer would check in data.json.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _fill(tmp_path: Path, text: str, name: str = "memo.md", template: str = "funding-pitch",
          raw: bytes | None = None) -> dict:
    src = tmp_path / name
    if raw is not None:
        src.write_bytes(raw)
    else:
        src.write_text(text, encoding="utf-8")
    out = tmp_path / "data.json"
    r = subprocess.run([sys.executable, "-m", "o3local.cli", "render", template, "--from", str(src),
                        "--fill-only", "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(out.read_text(encoding="utf-8"))


INFLECTED = """# Saltmarsh Ferries

Electric water taxis for estuary towns.

Saltmarsh Ferries was established in May 2021.

## Market

Total addressable market: $40 billion. Serviceable addressable market: $2.2 billion.
Serviceable obtainable market: $90 million. The market grows at a CAGR of 6.5%.

## Traction

Operating since 2023-06-12 with 3,100 users. ARR is $1.9 million, growing 11% a quarter;
retention is 92%.

## China

Launching in China on 2027-02-15.

## Ask

We are seeking $8.5 million, which covers 28 months of runway.
"""


def test_inflected_keywords_and_the_role_of_a_number(tmp_path):
    d = _fill(tmp_path, INFLECTED)
    # "seeking" is the ask's word; the $40 billion TAM earlier in the memo is not the ask
    assert d["ask"]["amount"] == 8500000 and d["ask"]["runway_months"] == 28
    # "Launching" is the launch's word
    assert d["china"]["launch"] == "2027-02-15"
    # the market's 6.5% CAGR is not the traction's growth: it is in the Market section
    assert d["traction"]["growth"] == 0.11 and d["market"]["cagr"] == 0.065
    assert d["traction"]["since"] == "2023-06-12"
    assert d["market"]["tam"] == 40000


PLAIN = """Copperleaf Bakery Systems

Ovens that schedule themselves for neighbourhood bakeries.

Copperleaf was founded on 2020-02-03 in Lyon by a baker and an engineer. Independent bakeries \
throw away 12% of what they bake because they cannot predict demand, and their owners start \
work at 3 a.m. to run ovens by hand.

Our answer is a smart oven controller that reads yesterday's sales and the weather, then plans \
each batch so the shelves are full at opening and empty at closing.

The total addressable market is $5.1 billion and the serviceable market in Europe is $800 \
million. Demand grows at a CAGR of 8.2%.

Since 2022-09-01 we have 2,450 users in 310 bakeries. Quarterly ARR: Q1 2025 $610k, Q2 2025 \
$760k. ARR is $1.1 million, up 14% last quarter, and 95% of customers renew.

We plan to launch in China on 2026-11-01.

We are raising $3.5 million for 20 months of runway.
"""


def test_a_memo_without_headings(tmp_path):
    d = _fill(tmp_path, PLAIN, name="memo.txt")
    # prose fields from the sentences about them, not left empty
    assert d["problem"]["headline"].startswith("Independent bakeries throw away 12%")
    assert d["solution"]["points"][0].startswith("Our answer is a smart oven controller")
    assert "China" in d["china"]["headline"]
    t = d["traction"]
    # ARR is the stated figure, not the first of a quarterly list ("Q1" is not a number);
    # the CAGR is the market's growth, "renew" names the retention
    assert (t["arr"], t["growth"], t["retention"], t["users"]) == (1100000, 0.14, 0.95, 2450)
    assert d["market"]["cagr"] == 0.082 and d["ask"]["amount"] == 3500000


LISTS = """# Fernway Kilns

Electric kilns for village potteries.

## Traction

Since 2023-03-01 we have 870 users. ARR is $640 thousand, up 12% last quarter; retention 90%.

Quarterly ARR:
- Q3 2025: $410k
- Q4 2025: $480k
- Q1 2026: $560k
- Q2 2026: $640k

## Ask

We are raising $2.5 million for 18 months of runway: 50% for engineering, 30% for sales and \
20% for certification.
"""


def test_tables_from_lists_in_the_text(tmp_path):
    d = _fill(tmp_path, LISTS)
    # a bullet list under "Quarterly ARR:", in the template's thousands of dollars
    assert d["traction"]["quarters"] == [{"label": "Q3 2025", "arr": 410}, {"label": "Q4 2025", "arr": 480},
                                         {"label": "Q1 2026", "arr": 560}, {"label": "Q2 2026", "arr": 640}]
    # the use of funds from an enumeration in a sentence, shares as fractions
    assert d["ask"]["use_of_funds"] == [{"label": "engineering", "share": 0.5},
                                        {"label": "sales", "share": 0.3},
                                        {"label": "certification", "share": 0.2}]
    assert d["ask"]["amount"] == 2500000 and d["traction"]["arr"] == 640000


REPORT_NO_LABELS = """星河物流科技有限公司2026年第三季度经营报告

2026年第三季度，公司实现营业收入1.36亿元，同比增长21.4%，服务客户达到528家。

一、总体情况

本季度冷链配送业务保持增长，华东地区新增三个仓储中心，订单履约时效提升明显。

收入结构方面，冷链配送占55%，仓储服务占30%，系统软件占15%。

二、下季度计划

公司计划在西南地区开设两个区域中心，并继续加大研发投入。

星河物流科技有限公司
2026年10月18日
"""


def test_a_chinese_report_without_label_lines(tmp_path):
    # no 报告期/报告日期 lines, numbered headings, a GBK .txt as Chinese Windows saves it
    d = _fill(tmp_path, "", name="报告.txt", template="report-zh", raw=REPORT_NO_LABELS.encode("gbk"))
    assert d["title"] == "星河物流科技有限公司2026年第三季度经营报告"
    assert d["period"] == "2026年第三季度"  # named in the title
    assert d["date"] == "2026-10-18"  # the signature's date line
    assert d["figures"] == {"revenue": 136000000, "growth": 0.214, "customers": 528}
    assert [s["heading"] for s in d["sections"]] == ["一、总体情况", "二、下季度计划"]
    # the revenue mix from the sentence that lists it
    assert d["mix"] == [{"name": "冷链配送", "share": 0.55}, {"name": "仓储服务", "share": 0.3},
                        {"name": "系统软件", "share": 0.15}]
