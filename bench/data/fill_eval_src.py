"""Source of bench/data/fill-eval.jsonl: memos and reports about fictitious companies.

Each row: id, template, split (tune/blind, fixed before the first run), document
(Markdown) and gold field values (JSON pointer -> value) a careful person would fill.
Run this file to regenerate the JSONL.
"""
import json
from pathlib import Path

ROWS = []


def en(id, split, doc, gold):
    ROWS.append({"id": id, "template": "funding-pitch", "split": split, "document": doc, "gold": gold})


def zh(id, split, doc, gold):
    ROWS.append({"id": id, "template": "report-zh", "split": split, "document": doc, "gold": gold})


en("en-01", "tune", """# Brightfield Soil Labs — seed memo

Lab-grade soil tests from a phone camera.

Brightfield Soil Labs was founded in September 2021 in Nairobi.

## Problem

Smallholder farmers wait 6 weeks for a soil test and most never get one.

## Solution

A clip-on lens and an app read soil colour and texture in two minutes.

## Market

Total addressable market (TAM): $9.8 billion. Serviceable addressable market (SAM): $1.2 billion. Serviceable obtainable market (SOM): $85 million. CAGR: 14.5%.

## Traction

Live since 2023-02-01 with 41,200 users. ARR is $1.6 million, growing 12.3% a quarter, with 88% retention.

## China

We launch in China on 2026-03-01.

## Ask

We are raising $3 million for a runway of 18 months.
""", {"/company/name": "Brightfield Soil Labs", "/company/founded": "2021-09-01",
      "/market/tam": 9800, "/market/sam": 1200, "/market/som": 85, "/market/cagr": 0.145,
      "/traction/users": 41200, "/traction/arr": 1600000, "/traction/growth": 0.123,
      "/traction/retention": 0.88, "/traction/since": "2023-02-01", "/china/launch": "2026-03-01",
      "/ask/amount": 3000000, "/ask/runway_months": 18,
      "/problem/headline": "Smallholder farmers wait 6 weeks for a soil test"})

en("en-02", "tune", """# Quillstone Legal AI

Contract review that never leaves the firm's laptop.

Quillstone Legal AI was founded on 12 May 2022 by three former litigators.

## The problem

Junior associates spend 30% of their hours on first-pass contract review.

## Our solution

An offline reviewer that marks risky clauses and drafts redlines.

## Market size

The total addressable market is $14 billion, our serviceable addressable market is $2.6 billion and our serviceable obtainable market is $210 million; the market grows at a 9.1% CAGR.

## Traction

Since 2024-01-15 we have signed 312 firms with 5,900 users. ARR reached $2.2 million and grew 15% last quarter. Retention is 96%.

## China

Our China launch is planned for 2026-06-30.

## The ask

Quillstone is raising $5.5 million, which gives 24 months of runway.
""", {"/company/name": "Quillstone Legal AI", "/company/founded": "2022-05-12",
      "/market/tam": 14000, "/market/sam": 2600, "/market/som": 210, "/market/cagr": 0.091,
      "/traction/users": 5900, "/traction/arr": 2200000, "/traction/growth": 0.15,
      "/traction/retention": 0.96, "/traction/since": "2024-01-15", "/china/launch": "2026-06-30",
      "/ask/amount": 5500000, "/ask/runway_months": 24,
      "/problem/headline": "Junior associates spend 30% of their hours on first-pass contract review"})

en("en-03", "blind", """# Harbor Grid Storage

Batteries for small ports, rented by the hour.

Harbor Grid Storage was incorporated in January 2020 in Rotterdam.

## Problem

Diesel generators supply most shore power in small ports and cost operators dearly.

## Solution

Containerised batteries that charge at night and power docked ships by day.

## Market

TAM of $31 billion; SAM of $4.1 billion; SOM of $260 million. Compound annual growth rate (CAGR) of 17.8%.

## Traction

Operating since 2022-10-01 in 19 ports with 2,340 users. ARR: $5.7 million. Revenue grew 8.4% quarter on quarter and retention stands at 93.5%.

## China

We launch in China on 2027-01-10 with two port operators.

## Ask

We seek $12 million, enough for 30 months of runway.
""", {"/company/name": "Harbor Grid Storage", "/company/founded": "2020-01-01",
      "/market/tam": 31000, "/market/sam": 4100, "/market/som": 260, "/market/cagr": 0.178,
      "/traction/users": 2340, "/traction/arr": 5700000, "/traction/growth": 0.084,
      "/traction/retention": 0.935, "/traction/since": "2022-10-01", "/china/launch": "2027-01-10",
      "/ask/amount": 12000000, "/ask/runway_months": 30,
      "/problem/headline": "Diesel generators supply most shore power in small ports"})

en("en-04", "blind", """# Mapleleaf Tutors

One-to-one maths tutoring, matched by an offline placement test.

Mapleleaf Tutors was founded in June 2023.

## Problem

Two in five pupils finish primary school below the expected level in maths.

## Solution

A ten-minute placement test and a tutor matched to each pupil's gaps.

## Market

The TAM is $6.2 billion, the SAM $900 million and the SOM $48 million, growing at a CAGR of 7.5%.

## Traction

Since 2024-09-01: 12,800 users, ARR of $950 thousand, growth of 21% per quarter and retention of 81%.

## China

China launch: 2026-09-01.

## Ask

Raising $2 million for 20 months of runway.
""", {"/company/name": "Mapleleaf Tutors", "/company/founded": "2023-06-01",
      "/market/tam": 6200, "/market/sam": 900, "/market/som": 48, "/market/cagr": 0.075,
      "/traction/users": 12800, "/traction/arr": 950000, "/traction/growth": 0.21,
      "/traction/retention": 0.81, "/traction/since": "2024-09-01", "/china/launch": "2026-09-01",
      "/ask/amount": 2000000, "/ask/runway_months": 20,
      "/problem/headline": "Two in five pupils finish primary school below the expected level in maths"})

en("en-05", "blind", """# Copperline Freight Insights

Delay forecasts for regional trucking fleets.

Copperline Freight Insights was started in March 2019 in Denver by two dispatchers.

## Problem

Regional fleets lose about 11% of driver hours to unplanned waiting at docks.

## Solution

A forecast of every dock's waiting time, updated each hour from the fleet's own trips.

## Market

We estimate a total addressable market (TAM) of $18.5 billion, a serviceable addressable market (SAM) of $2.9 billion and a serviceable obtainable market (SOM) of $140 million, with a CAGR of 10.6%.

## Traction

Live since 2021-05-03. 860 fleets and 27,400 users; ARR $8.1 million; growth 6.2% per quarter; retention 97%.

## China

A China edition launches on 2026-12-01.

## Ask

We are raising $15 million in a Series A for a runway of 36 months.
""", {"/company/name": "Copperline Freight Insights", "/company/founded": "2019-03-01",
      "/market/tam": 18500, "/market/sam": 2900, "/market/som": 140, "/market/cagr": 0.106,
      "/traction/users": 27400, "/traction/arr": 8100000, "/traction/growth": 0.062,
      "/traction/retention": 0.97, "/traction/since": "2021-05-03", "/china/launch": "2026-12-01",
      "/ask/amount": 15000000, "/ask/runway_months": 36,
      "/problem/headline": "Regional fleets lose about 11% of driver hours to unplanned waiting at docks"})

zh("zh-01", "tune", """# 青禾农业科技2026年第一季度经营报告

报告期：2026年1月—3月

报告日期：2026年4月15日

## 主要指标

本季度公司实现营业收入2,150万元，同比增长18.2%。截至3月底，公司服务客户842家。

## 一、总体情况

本季度，智慧灌溉业务稳步增长，西北地区渠道扩展顺利。
""", {"/title": "青禾农业科技2026年第一季度经营报告", "/period": "2026年1月—3月",
      "/date": "2026-04-15", "/figures/revenue": 21500000, "/figures/growth": 0.182,
      "/figures/customers": 842, "/sections/0/heading": "主要指标"})

zh("zh-02", "tune", """# 星桥物流2025年度经营报告

报告期：2025年1月—12月

报告日期：2026年1月28日

## 经营概况

全年实现营业收入3.6亿元，同比增长9.5%，服务客户2,310家。

## 主要工作

完成了华南仓储中心的建设，并上线了智能调度系统。
""", {"/title": "星桥物流2025年度经营报告", "/period": "2025年1月—12月", "/date": "2026-01-28",
      "/figures/revenue": 360000000, "/figures/growth": 0.095, "/figures/customers": 2310,
      "/sections/0/heading": "经营概况"})

zh("zh-03", "blind", """# 蓝鲸数据服务2026年第二季度经营报告

报告期：2026年4月—6月

报告日期：2026年7月8日

## 一、主要指标

报告期内公司营业收入为5,620万元，同比增长31.4%；截至6月30日，付费客户达到1,507家。

## 二、业务进展

数据治理平台完成3.0版本发布，新增金融行业客户四十余家。

## 三、风险提示

行业竞争加剧，人才成本持续上升。
""", {"/title": "蓝鲸数据服务2026年第二季度经营报告", "/period": "2026年4月—6月",
      "/date": "2026-07-08", "/figures/revenue": 56200000, "/figures/growth": 0.314,
      "/figures/customers": 1507, "/sections/0/heading": "一、主要指标"})

zh("zh-04", "blind", """# 松溪医疗器械2026年上半年经营报告

报告期：2026年1月—6月

报告日期：2026年7月31日

## 总体情况

上半年公司营业收入9,840万元，同比增长12.7%，覆盖医院客户673家。

## 下一步安排

加快新一代监护仪的注册申报，扩大县域医院覆盖。
""", {"/title": "松溪医疗器械2026年上半年经营报告", "/period": "2026年1月—6月",
      "/date": "2026-07-31", "/figures/revenue": 98400000, "/figures/growth": 0.127,
      "/figures/customers": 673, "/sections/0/heading": "总体情况"})

zh("zh-05", "blind", """# 启明教育科技2026年第三季度经营报告

报告期：2026年7月—9月

报告日期：2026年10月16日

## 一、核心数据

本季度实现营业收入1,380万元，同比下降4.6%，主要受暑期课程调整影响；合作学校客户为415家。

## 二、主要工作

完成了在线题库的升级，并与两家出版社签订合作协议。
""", {"/title": "启明教育科技2026年第三季度经营报告", "/period": "2026年7月—9月",
      "/date": "2026-10-16", "/figures/revenue": 13800000, "/figures/growth": -0.046,
      "/figures/customers": 415, "/sections/0/heading": "一、核心数据"})

# -- second batch, written after the first blind run, run once as "blind2" --------------

en("en-06", "blind2", """# Tidewater Textile Recycling

Turning hotel linen into new yarn.

Founded: 2021-11-08

## What is wrong today

Hotels send 80% of their worn linen to landfill.

## What we do

We collect worn linen, sort it by fibre and spin it into yarn for new towels.

## Market opportunity

The TAM for textile recycling is USD 7.4 billion. The SAM (hotels in the EU) is USD 1.1 billion, and the SOM is USD 62 million. Expected CAGR: 12 per cent.

## Progress

Since 2023-04-01: 1,150 users across 96 hotel groups. ARR of $1.3 million; up 18% quarter over quarter; retention 91%.

## China

China launch date: 2026-10-20.

## Funding

The round: $4 million, runway of 22 months.
""", {"/company/name": "Tidewater Textile Recycling", "/company/founded": "2021-11-08",
      "/market/tam": 7400, "/market/sam": 1100, "/market/som": 62, "/market/cagr": 0.12,
      "/traction/users": 1150, "/traction/arr": 1300000, "/traction/growth": 0.18,
      "/traction/retention": 0.91, "/traction/since": "2023-04-01", "/china/launch": "2026-10-20",
      "/ask/amount": 4000000, "/ask/runway_months": 22,
      "/problem/headline": "Hotels send 80% of their worn linen to landfill"})

en("en-07", "blind2", """# Lanternfish Sonar

Low-cost sonar for small fishing boats.

Lanternfish Sonar was established in August 2020 in Bergen.

## Problem

Small boats burn 25% more fuel than needed because they search blind.

## Solution

A $300 sonar pod that maps shoals and shares the map with nearby boats.

## Market

TAM: $4.5 billion
SAM: $650 million
SOM: $38 million
CAGR: 6.8%

## Traction

Since 2022-03-15 we have 9,400 users. ARR is $2.7 million, and it grew 9% last quarter. Retention: 89%.

## China

Launching in China on 2027-04-01.

## Ask

We are raising $7 million; runway 26 months.
""", {"/company/name": "Lanternfish Sonar", "/company/founded": "2020-08-01",
      "/market/tam": 4500, "/market/sam": 650, "/market/som": 38, "/market/cagr": 0.068,
      "/traction/users": 9400, "/traction/arr": 2700000, "/traction/growth": 0.09,
      "/traction/retention": 0.89, "/traction/since": "2022-03-15", "/china/launch": "2027-04-01",
      "/ask/amount": 7000000, "/ask/runway_months": 26,
      "/problem/headline": "Small boats burn 25% more fuel than needed because they search blind"})

en("en-08", "blind2", """# Orchard Lane Pharmacy Logistics

Same-day prescriptions for rural towns.

Orchard Lane Pharmacy Logistics was founded on 3 February 2022.

## Problem

Rural patients travel an average of 40 km to collect a prescription.

## Solution

Pharmacies hand orders to our van network, which delivers within the same day.

## Market

Our total addressable market is $11.2 billion; our serviceable addressable market is $1.9 billion; our serviceable obtainable market is $95 million. We expect a CAGR of 8.3%.

## Traction

We have served 64,000 users since 2023-07-01. ARR is $4.4 million with quarterly growth of 7.1% and retention of 94%.

## China

We plan to launch in China on 2027-02-15.

## Ask

We are raising $9 million, for a runway of 28 months.
""", {"/company/name": "Orchard Lane Pharmacy Logistics", "/company/founded": "2022-02-03",
      "/market/tam": 11200, "/market/sam": 1900, "/market/som": 95, "/market/cagr": 0.083,
      "/traction/users": 64000, "/traction/arr": 4400000, "/traction/growth": 0.071,
      "/traction/retention": 0.94, "/traction/since": "2023-07-01", "/china/launch": "2027-02-15",
      "/ask/amount": 9000000, "/ask/runway_months": 28,
      "/problem/headline": "Rural patients travel an average of 40 km to collect a prescription"})

en("en-09", "blind2", """# Kestrel Roof Inspections

Drone roof surveys in ten minutes.

Kestrel Roof Inspections was founded in July 2021.

## Problem

Insurers wait 12 days on average for a roof inspection after a storm.

## Solution

Our drones survey a roof in ten minutes and report damage with photos.

## Market

The TAM is $5.6 billion, the SAM is $780 million and the SOM is $41 million. CAGR is 13.4%.

## Traction

Since 2023-09-01: 3,120 users, ARR of $1.9 million, growth of 16% a quarter, retention of 90%.

## China

China launch on 2026-11-11.

## Ask

Raising $3.5 million for a runway of 19 months.
""", {"/company/name": "Kestrel Roof Inspections", "/company/founded": "2021-07-01",
      "/market/tam": 5600, "/market/sam": 780, "/market/som": 41, "/market/cagr": 0.134,
      "/traction/users": 3120, "/traction/arr": 1900000, "/traction/growth": 0.16,
      "/traction/retention": 0.9, "/traction/since": "2023-09-01", "/china/launch": "2026-11-11",
      "/ask/amount": 3500000, "/ask/runway_months": 19,
      "/problem/headline": "Insurers wait 12 days on average for a roof inspection after a storm"})

en("en-10", "blind2", """# Saltmarsh Bio

Enzymes that clean wastewater at dairy farms.

Saltmarsh Bio was founded in April 2019 in Cork.

## Problem

Dairy farms pay $18,000 a year on average to treat their wastewater.

## Solution

A drop-in enzyme cartridge that halves the cost of treatment.

## Market

TAM $2.8 billion, SAM $410 million, SOM $27 million; CAGR 5.9%.

## Traction

Live since 2021-01-10 with 780 users. ARR: $3.1 million. Growth: 4.5% per quarter. Retention: 98%.

## China

We launch in China on 2026-08-08.

## Ask

We are raising $6.5 million, giving 32 months of runway.
""", {"/company/name": "Saltmarsh Bio", "/company/founded": "2019-04-01",
      "/market/tam": 2800, "/market/sam": 410, "/market/som": 27, "/market/cagr": 0.059,
      "/traction/users": 780, "/traction/arr": 3100000, "/traction/growth": 0.045,
      "/traction/retention": 0.98, "/traction/since": "2021-01-10", "/china/launch": "2026-08-08",
      "/ask/amount": 6500000, "/ask/runway_months": 32,
      "/problem/headline": "Dairy farms pay $18,000 a year on average to treat their wastewater"})

zh("zh-06", "blind2", """# 长风新能源2026年第一季度经营报告

报告期：2026年1月—3月

报告日期：2026年4月22日

## 一、经营概况

一季度公司实现营业收入1.25亿元，同比增长27.3%，储能项目客户达到386家。

## 二、重点工作

完成了两座储能电站的并网，并启动了海外市场调研。
""", {"/title": "长风新能源2026年第一季度经营报告", "/period": "2026年1月—3月",
      "/date": "2026-04-22", "/figures/revenue": 125000000, "/figures/growth": 0.273,
      "/figures/customers": 386, "/sections/0/heading": "一、经营概况"})

zh("zh-07", "blind2", """# 南岭食品2025年第四季度经营报告

报告期：2025年10月—12月

报告日期：2026年1月12日

## 主要数据

第四季度营业收入为6,730万元，同比下降2.1%；经销商客户共1,092家。

## 原因分析

原材料价格上涨，节日促销投入加大。
""", {"/title": "南岭食品2025年第四季度经营报告", "/period": "2025年10月—12月",
      "/date": "2026-01-12", "/figures/revenue": 67300000, "/figures/growth": -0.021,
      "/figures/customers": 1092, "/sections/0/heading": "主要数据"})

zh("zh-08", "blind2", """# 云梯建筑科技2026年上半年经营报告

报告期：2026年1月—6月

报告日期：2026年7月25日

## 一、总体经营

上半年公司营业收入达到4,480万元，同比增长15.9%，服务施工企业客户528家。

## 二、产品进展

BIM协同平台完成4.0版本升级。
""", {"/title": "云梯建筑科技2026年上半年经营报告", "/period": "2026年1月—6月",
      "/date": "2026-07-25", "/figures/revenue": 44800000, "/figures/growth": 0.159,
      "/figures/customers": 528, "/sections/0/heading": "一、总体经营"})

zh("zh-09", "blind2", """# 白鹭文旅2026年第二季度经营报告

报告期：2026年4月—6月

报告日期：2026年7月10日

## 经营情况

本季度实现营业收入3,090万元，同比增长41.2%，接待团队客户2,865家。

## 下季度计划

推出暑期研学线路，扩大华中地区合作。
""", {"/title": "白鹭文旅2026年第二季度经营报告", "/period": "2026年4月—6月",
      "/date": "2026-07-10", "/figures/revenue": 30900000, "/figures/growth": 0.412,
      "/figures/customers": 2865, "/sections/0/heading": "经营情况"})

zh("zh-10", "blind2", """# 恒通软件2026年第三季度经营报告

报告期：2026年7月—9月

报告日期：2026年10月20日

## 一、核心指标

报告期内，公司营业收入8,150万元，同比增长6.4%；企业客户数为3,740家。

## 二、风险

大客户集中度较高，应收账款周期有所延长。
""", {"/title": "恒通软件2026年第三季度经营报告", "/period": "2026年7月—9月",
      "/date": "2026-10-20", "/figures/revenue": 81500000, "/figures/growth": 0.064,
      "/figures/customers": 3740, "/sections/0/heading": "一、核心指标"})


if __name__ == "__main__":
    out = Path(__file__).with_name("fill-eval.jsonl")
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS), encoding="utf-8")
    print(f"wrote {len(ROWS)} rows to {out}")
