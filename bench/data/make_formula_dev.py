"""Write formula-dev.jsonl: the development set the model-free formula reader is tuned on.

Three sheets unlike the shared evaluation's sales table (an inventory list, a
class's test scores, an employee list with Chinese headers), and requests in
English and Chinese phrased the way people ask for spreadsheet formulas,
written before the rules were extended.  ``gold_value`` is the gold formula
computed by the formula engine on the table (as written to .xlsx by
bench/eval_formula.py); rerun this script after editing the requests:

    python bench/data/make_formula_dev.py
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

INVENTORY = {
    "sheet": "Stock", "range": "A1:G13",
    "header": ["SKU", "Item", "Category", "Warehouse", "Qty", "Unit Cost", "Received"],
    "rows": [
        ["A-100", "Hammer", "Tools", "WH1", 40, 12.5, "2024-02-01"],
        ["A-101", "Screwdriver", "Tools", "WH2", 75, 6.25, "2024-02-11"],
        ["B-200", "Paint", "Supplies", "WH1", 18, 22.0, "2024-03-04"],
        ["B-201", "Brush", "Supplies", "WH3", 120, 3.5, "2024-03-19"],
        ["C-300", "Drill", "Power", "WH2", 9, 89.99, "2024-04-02"],
        ["C-301", "Saw", "Power", "WH1", 14, 64.0, "2024-04-15"],
        ["A-102", "Wrench", "Tools", "WH3", 33, 9.75, "2024-05-06"],
        ["B-202", "Tape", "Supplies", "WH2", 200, 1.8, "2024-05-21"],
        ["C-302", "Sander", "Power", "WH3", 6, 54.5, "2024-06-10"],
        ["A-103", "Pliers", "Tools", "WH1", 52, 7.4, "2024-06-28"],
        ["B-203", "Glue", "Supplies", "WH1", 88, 2.95, "2024-07-09"],
        ["C-303", "Grinder", "Power", "WH2", 11, 72.0, "2024-07-30"],
    ],
    "extra": {"range": "I1:J4", "rows": [["Warehouse ID", "City"], ["WH1", "Boston"],
                                          ["WH2", "Denver"], ["WH3", "Austin"]]},
}
SCORES = {
    "sheet": "Scores", "range": "A1:F9",
    "header": ["Student", "Class", "Math", "English", "Science", "Exam Date"],
    "rows": [
        ["Ann", "7A", 88, 92, 79, "2024-06-03"],
        ["Ben", "7B", 72, 65, 81, "2024-06-03"],
        ["Cara", "7A", 95, 89, 93, "2024-06-04"],
        ["Dan", "7C", 60, 70, 58, "2024-06-04"],
        ["Eve", "7B", 83, 78, 88, "2024-06-05"],
        ["Finn", "7C", 77, 84, 69, "2024-06-05"],
        ["Gina", "7A", 69, 91, 74, "2024-06-06"],
        ["Hugo", "7B", 91, 73, 85, "2024-06-06"],
    ],
}
STAFF = {
    "sheet": "员工", "range": "A1:G11",
    "header": ["姓名", "部门", "职位", "入职日期", "月薪", "绩效", "城市"],
    "rows": [
        ["张伟", "销售部", "经理", "2019-03-15", 18000, 92, "北京"],
        ["王芳", "技术部", "工程师", "2020-07-01", 22000, 88, "上海"],
        ["李娜", "销售部", "专员", "2021-01-10", 9000, 75, "北京"],
        ["刘洋", "财务部", "会计", "2018-11-20", 12000, 81, "广州"],
        ["陈静", "技术部", "经理", "2017-05-08", 30000, 95, "上海"],
        ["杨磊", "人事部", "专员", "2022-09-01", 8000, 70, "深圳"],
        ["赵敏", "技术部", "工程师", "2021-06-18", 20000, 84, "深圳"],
        ["黄强", "销售部", "专员", "2023-02-27", 8500, 66, "广州"],
        ["周杰", "财务部", "经理", "2016-08-30", 25000, 90, "北京"],
        ["吴婷", "人事部", "经理", "2019-12-02", 16000, 79, "上海"],
    ],
    "extra": {"range": "I1:J5", "rows": [["部门名称", "预算"], ["销售部", 500000],
                                          ["技术部", 800000], ["财务部", 300000],
                                          ["人事部", 200000]]},
}

# (table, id, lang, category, question, gold formula)
ITEMS = [
    # --- inventory, English
    (INVENTORY, "inv-sum", "en", "agg", "What is the total quantity in stock?", "=SUM(E2:E13)"),
    (INVENTORY, "inv-avgcost", "en", "agg", "Average unit cost", "=AVERAGE(F2:F13)"),
    (INVENTORY, "inv-countitems", "en", "agg", "How many items are listed?", "=COUNTA(B2:B13)"),
    (INVENTORY, "inv-sumif", "en", "cond", "Total qty for the Tools category",
     '=SUMIF(C2:C13,"Tools",E2:E13)'),
    (INVENTORY, "inv-countifs", "en", "cond",
     "How many items in warehouse WH1 have a quantity under 50?",
     '=COUNTIFS(D2:D13,"WH1",E2:E13,"<50")'),
    (INVENTORY, "inv-avgif", "en", "cond", "Average unit cost of Power items",
     '=AVERAGEIF(C2:C13,"Power",F2:F13)'),
    (INVENTORY, "inv-sumproduct-cond", "en", "cond",
     "Total stock value (qty times unit cost) for Supplies, using SUMPRODUCT",
     '=SUMPRODUCT((C2:C13="Supplies")*E2:E13*F2:F13)'),
    (INVENTORY, "inv-maxdate", "en", "date", "The most recent received date", "=MAX(G2:G13)"),
    (INVENTORY, "inv-countafter", "en", "date",
     "How many items were received after June 1, 2024?", '=COUNTIF(G2:G13,">"&DATE(2024,6,1))'),
    (INVENTORY, "inv-month-first", "en", "date", "Month of the first row's received date",
     "=MONTH(G2)"),
    (INVENTORY, "inv-span", "en", "date",
     "Number of days between the earliest and the latest received date",
     "=MAX(G2:G13)-MIN(G2:G13)"),
    (INVENTORY, "inv-eomonth", "en", "date", "End of month of the third item's received date",
     "=EOMONTH(G4,0)"),
    (INVENTORY, "inv-year-latest", "en", "date", "Year of the latest received date",
     "=YEAR(MAX(G2:G13))"),
    (INVENTORY, "inv-text-date", "en", "date",
     "The last item's received date as text in yyyy-mm-dd format", '=TEXT(G13,"yyyy-mm-dd")'),
    (INVENTORY, "inv-weekday", "en", "date", "Weekday number of the first received date",
     "=WEEKDAY(G2)"),
    (INVENTORY, "inv-edate", "en", "date", "The date 3 months after the first item's received date",
     "=EDATE(G2,3)"),
    (INVENTORY, "inv-lookup-qty", "en", "lookup", "Quantity of the Drill",
     '=XLOOKUP("Drill",B2:B13,E2:E13)'),
    (INVENTORY, "inv-lookup-cat", "en", "lookup", "Which category is Sander in?",
     '=XLOOKUP("Sander",B2:B13,C2:C13)'),
    (INVENTORY, "inv-lookup-city", "en", "lookup", "City of warehouse WH2",
     '=XLOOKUP("WH2",I2:I4,J2:J4)'),
    (INVENTORY, "inv-indexmatch", "en", "lookup", "Item with the highest unit cost, via INDEX/MATCH",
     "=INDEX(B2:B13,MATCH(MAX(F2:F13),F2:F13,0))"),
    (INVENTORY, "inv-vlookup", "en", "lookup", "Look up the unit cost of SKU B-201 with VLOOKUP",
     '=VLOOKUP("B-201",A2:F13,6,FALSE)'),
    (INVENTORY, "inv-lookup-rowcity", "en", "lookup", "City of the first item's warehouse",
     "=XLOOKUP(D2,I2:I4,J2:J4)"),
    (INVENTORY, "inv-upper", "en", "text", "The first item's name in upper case", "=UPPER(B2)"),
    (INVENTORY, "inv-len", "en", "text", "Length of the second item's name", "=LEN(B3)"),
    (INVENTORY, "inv-left", "en", "text", "First character of the first SKU", "=LEFT(A2,1)"),
    (INVENTORY, "inv-textjoin", "en", "text", "Join all item names with a comma and a space",
     '=TEXTJOIN(", ",TRUE,B2:B13)'),
    (INVENTORY, "inv-concat", "en", "text",
     "Combine the first item's name and category with a dash", '=B2&"-"&C2'),
    (INVENTORY, "inv-right", "en", "text", "Last 3 characters of the first SKU", "=RIGHT(A2,3)"),
    (INVENTORY, "inv-substitute", "en", "text", "The first SKU with the dash removed",
     '=SUBSTITUTE(A2,"-","")'),
    (INVENTORY, "inv-if", "en", "logic",
     'If the first item\'s qty is below 20 show "Reorder", otherwise "OK"',
     '=IF(E2<20,"Reorder","OK")'),
    (INVENTORY, "inv-if-total", "en", "logic",
     'Is the total quantity above 500? Answer "Yes" or "No"', '=IF(SUM(E2:E13)>500,"Yes","No")'),
    (INVENTORY, "inv-iferror", "en", "logic", "Divide 10 by 0, showing 0 if it errors",
     "=IFERROR(10/0,0)"),
    (INVENTORY, "inv-switch", "en", "logic",
     'Use SWITCH on the first item\'s category: Tools gives "T", Power gives "P", anything else "S"',
     '=SWITCH(C2,"Tools","T","Power","P","S")'),
    (INVENTORY, "inv-filter", "en", "dynarray", "List the items in the Power category",
     '=FILTER(B2:B13,C2:C13="Power")'),
    (INVENTORY, "inv-unique", "en", "dynarray", "Unique warehouses", "=UNIQUE(D2:D13)"),
    (INVENTORY, "inv-sort", "en", "dynarray", "Unit costs sorted from highest to lowest",
     "=SORT(F2:F13,1,-1)"),
    (INVENTORY, "inv-sequence", "en", "dynarray", "A sequence of the numbers 1 to 12",
     "=SEQUENCE(12)"),
    (INVENTORY, "inv-distinct", "en", "dynarray", "How many distinct categories are there?",
     "=COUNTA(UNIQUE(C2:C13))"),
    (INVENTORY, "inv-filter-num", "en", "dynarray", "Items with a quantity under 10",
     "=FILTER(B2:B13,E2:E13<10)"),
    (INVENTORY, "inv-round", "en", "math", "Average unit cost rounded to 2 decimals",
     "=ROUND(AVERAGE(F2:F13),2)"),
    (INVENTORY, "inv-roundup", "en", "math", "Round 17.341 up to 2 decimals",
     "=ROUNDUP(17.341,2)"),
    (INVENTORY, "inv-value", "en", "math", "Total stock value: qty multiplied by unit cost, summed",
     "=SUMPRODUCT(E2:E13,F2:F13)"),
    (INVENTORY, "inv-sqrt", "en", "math", "Square root of 144", "=SQRT(144)"),
    (INVENTORY, "inv-mod", "en", "math", "Remainder of 47 divided by 5", "=MOD(47,5)"),
    (INVENTORY, "inv-median", "en", "stat", "Median quantity", "=MEDIAN(E2:E13)"),
    (INVENTORY, "inv-stdev", "en", "stat", "Sample standard deviation of the unit cost",
     "=STDEV.S(F2:F13)"),
    (INVENTORY, "inv-large", "en", "stat", "Second largest quantity", "=LARGE(E2:E13,2)"),
    (INVENTORY, "inv-rank", "en", "stat",
     "Rank of the first item's qty among all quantities, largest first", "=RANK.EQ(E2,E2:E13)"),
    (INVENTORY, "inv-pct", "en", "stat", "90th percentile of unit cost",
     "=PERCENTILE.INC(F2:F13,0.9)"),
    (INVENTORY, "inv-small", "en", "stat", "Third smallest quantity", "=SMALL(E2:E13,3)"),
    # --- inventory, Chinese
    (INVENTORY, "inv-sum", "zh", "agg", "库存数量合计", "=SUM(E2:E13)"),
    (INVENTORY, "inv-avgcost", "zh", "agg", "单位成本的平均值", "=AVERAGE(F2:F13)"),
    (INVENTORY, "inv-sumif", "zh", "cond", "Tools 类别的数量总和", '=SUMIF(C2:C13,"Tools",E2:E13)'),
    (INVENTORY, "inv-countifs", "zh", "cond", "WH1 仓库里数量小于50的商品有几个",
     '=COUNTIFS(D2:D13,"WH1",E2:E13,"<50")'),
    (INVENTORY, "inv-maxdate", "zh", "date", "最近的入库日期", "=MAX(G2:G13)"),
    (INVENTORY, "inv-countafter", "zh", "date", "2024年6月1日之后入库的商品有几个",
     '=COUNTIF(G2:G13,">"&DATE(2024,6,1))'),
    (INVENTORY, "inv-month-first", "zh", "date", "第一行的入库日期是几月", "=MONTH(G2)"),
    (INVENTORY, "inv-span", "zh", "date", "最早和最晚入库日期相差多少天",
     "=MAX(G2:G13)-MIN(G2:G13)"),
    (INVENTORY, "inv-lookup-qty", "zh", "lookup", "Drill 的数量是多少",
     '=XLOOKUP("Drill",B2:B13,E2:E13)'),
    (INVENTORY, "inv-lookup-city", "zh", "lookup", "WH2 仓库所在的城市",
     '=XLOOKUP("WH2",I2:I4,J2:J4)'),
    (INVENTORY, "inv-indexmatch", "zh", "lookup", "单位成本最高的商品（用 INDEX/MATCH）",
     "=INDEX(B2:B13,MATCH(MAX(F2:F13),F2:F13,0))"),
    (INVENTORY, "inv-upper", "zh", "text", "把第一个商品名称转成大写", "=UPPER(B2)"),
    (INVENTORY, "inv-textjoin", "zh", "text", "用逗号和空格连接所有商品名称",
     '=TEXTJOIN(", ",TRUE,B2:B13)'),
    (INVENTORY, "inv-right", "zh", "text", "第一个SKU的后3个字符", "=RIGHT(A2,3)"),
    (INVENTORY, "inv-if", "zh", "logic", "如果第一个商品的数量小于20就显示“补货”，否则显示“正常”",
     '=IF(E2<20,"补货","正常")'),
    (INVENTORY, "inv-iferror", "zh", "logic", "10除以0，出错时返回0", "=IFERROR(10/0,0)"),
    (INVENTORY, "inv-filter", "zh", "dynarray", "列出 Power 类别的所有商品",
     '=FILTER(B2:B13,C2:C13="Power")'),
    (INVENTORY, "inv-unique", "zh", "dynarray", "不重复的仓库列表", "=UNIQUE(D2:D13)"),
    (INVENTORY, "inv-sort", "zh", "dynarray", "单位成本从高到低排序", "=SORT(F2:F13,1,-1)"),
    (INVENTORY, "inv-sequence", "zh", "dynarray", "生成1到12的序列", "=SEQUENCE(12)"),
    (INVENTORY, "inv-distinct", "zh", "dynarray", "有多少个不同的类别", "=COUNTA(UNIQUE(C2:C13))"),
    (INVENTORY, "inv-round", "zh", "math", "单位成本的平均值，保留两位小数",
     "=ROUND(AVERAGE(F2:F13),2)"),
    (INVENTORY, "inv-roundup", "zh", "math", "把17.341向上舍入到2位小数", "=ROUNDUP(17.341,2)"),
    (INVENTORY, "inv-median", "zh", "stat", "数量的中位数", "=MEDIAN(E2:E13)"),
    (INVENTORY, "inv-stdev", "zh", "stat", "单位成本的样本标准差", "=STDEV.S(F2:F13)"),
    (INVENTORY, "inv-large", "zh", "stat", "数量第二大的值", "=LARGE(E2:E13,2)"),
    (INVENTORY, "inv-pct", "zh", "stat", "单位成本的第90百分位数", "=PERCENTILE.INC(F2:F13,0.9)"),
    # --- scores, English
    (SCORES, "sc-avg", "en", "agg", "Average math score", "=AVERAGE(C2:C9)"),
    (SCORES, "sc-maxifs", "en", "cond", "Highest science score in class 7A",
     '=MAXIFS(E2:E9,B2:B9,"7A")'),
    (SCORES, "sc-countif", "en", "cond", "How many students scored at least 80 in English?",
     '=COUNTIF(D2:D9,">=80")'),
    (SCORES, "sc-top", "en", "lookup", "Who got the top math score?",
     "=INDEX(A2:A9,MATCH(MAX(C2:C9),C2:C9,0))"),
    (SCORES, "sc-xlookup", "en", "lookup", "Cara's English score", '=XLOOKUP("Cara",A2:A9,D2:D9)'),
    (SCORES, "sc-if", "en", "logic",
     'Show "Pass" if the first student\'s math score is 60 or more, otherwise "Fail"',
     '=IF(C2>=60,"Pass","Fail")'),
    (SCORES, "sc-filter", "en", "dynarray", "List the students in class 7B",
     '=FILTER(A2:A9,B2:B9="7B")'),
    (SCORES, "sc-sortunique", "en", "dynarray", "Sorted list of the unique classes",
     "=SORT(UNIQUE(B2:B9))"),
    (SCORES, "sc-min", "en", "agg", "Lowest English score", "=MIN(D2:D9)"),
    (SCORES, "sc-stdev", "en", "stat", "Standard deviation (sample) of science scores",
     "=STDEV.S(E2:E9)"),
    (SCORES, "sc-rowsum", "en", "math", "Total of the first student's math, English and science scores",
     "=C2+D2+E2"),
    (SCORES, "sc-lower", "en", "text", "The last student's name in lowercase", "=LOWER(A9)"),
    # --- scores, Chinese
    (SCORES, "sc-avg", "zh", "agg", "数学平均分", "=AVERAGE(C2:C9)"),
    (SCORES, "sc-maxifs", "zh", "cond", "7A班科学最高分", '=MAXIFS(E2:E9,B2:B9,"7A")'),
    (SCORES, "sc-countif", "zh", "cond", "英语80分及以上的学生人数", '=COUNTIF(D2:D9,">=80")'),
    (SCORES, "sc-top", "zh", "lookup", "数学最高分的学生是谁",
     "=INDEX(A2:A9,MATCH(MAX(C2:C9),C2:C9,0))"),
    (SCORES, "sc-xlookup", "zh", "lookup", "Cara 的英语成绩", '=XLOOKUP("Cara",A2:A9,D2:D9)'),
    (SCORES, "sc-filter", "zh", "dynarray", "列出7B班的学生", '=FILTER(A2:A9,B2:B9="7B")'),
    (SCORES, "sc-if", "zh", "logic", "第一个学生的数学成绩不低于60显示“及格”，否则显示“不及格”",
     '=IF(C2>=60,"及格","不及格")'),
    (SCORES, "sc-small", "zh", "stat", "数学成绩第二低的分数", "=SMALL(C2:C9,2)"),
    (SCORES, "sc-median", "zh", "stat", "英语成绩的中位数", "=MEDIAN(D2:D9)"),
    # --- staff (Chinese headers), Chinese
    (STAFF, "st-sum", "zh", "agg", "月薪总和", "=SUM(E2:E11)"),
    (STAFF, "st-avgif", "zh", "cond", "技术部的平均月薪", '=AVERAGEIF(B2:B11,"技术部",E2:E11)'),
    (STAFF, "st-countif", "zh", "cond", "绩效高于85分的员工有多少人", '=COUNTIF(F2:F11,">85")'),
    (STAFF, "st-sumifs", "zh", "cond", "北京的经理月薪合计",
     '=SUMIFS(E2:E11,G2:G11,"北京",C2:C11,"经理")'),
    (STAFF, "st-mindate", "zh", "date", "最早的入职日期", "=MIN(D2:D11)"),
    (STAFF, "st-year", "zh", "date", "第一位员工的入职年份", "=YEAR(D2)"),
    (STAFF, "st-datedif", "zh", "date", "最早入职日期和最晚入职日期之间相差几年（用 DATEDIF）",
     '=DATEDIF(MIN(D2:D11),MAX(D2:D11),"Y")'),
    (STAFF, "st-eomonth", "zh", "date", "第一位员工入职日期所在月份的最后一天", "=EOMONTH(D2,0)"),
    (STAFF, "st-weekday", "zh", "date", "第一位员工的入职日期是星期几（数字）", "=WEEKDAY(D2)"),
    (STAFF, "st-xlookup", "zh", "lookup", "陈静的月薪", '=XLOOKUP("陈静",A2:A11,E2:E11)'),
    (STAFF, "st-budget", "zh", "lookup", "第一位员工所在部门的预算", "=XLOOKUP(B2,I2:I5,J2:J5)"),
    (STAFF, "st-top", "zh", "lookup", "月薪最高的员工姓名", "=INDEX(A2:A11,MATCH(MAX(E2:E11),E2:E11,0))"),
    (STAFF, "st-vlookup", "zh", "lookup", "用 VLOOKUP 查找王芳的部门", '=VLOOKUP("王芳",A2:G11,2,FALSE)'),
    (STAFF, "st-textjoin", "zh", "text", "把所有姓名用顿号连接起来", '=TEXTJOIN("、",TRUE,A2:A11)'),
    (STAFF, "st-concat", "zh", "text", "第一位员工的姓名和部门用“-”连接", '=A2&"-"&B2'),
    (STAFF, "st-left", "zh", "text", "第二位员工姓名的第一个字", "=LEFT(A3,1)"),
    (STAFF, "st-if", "zh", "logic", "如果第一位员工的绩效不低于90则显示“优秀”，否则显示“合格”",
     '=IF(F2>=90,"优秀","合格")'),
    (STAFF, "st-filter", "zh", "dynarray", "列出技术部的员工姓名", '=FILTER(A2:A11,B2:B11="技术部")'),
    (STAFF, "st-unique", "zh", "dynarray", "不重复的城市", "=UNIQUE(G2:G11)"),
    (STAFF, "st-sort", "zh", "dynarray", "月薪从高到低排序", "=SORT(E2:E11,1,-1)"),
    (STAFF, "st-distinct", "zh", "dynarray", "一共有几个不同的部门", "=COUNTA(UNIQUE(B2:B11))"),
    (STAFF, "st-round", "zh", "math", "平均月薪四舍五入到整数", "=ROUND(AVERAGE(E2:E11),0)"),
    (STAFF, "st-sumproduct", "zh", "math", "销售部员工的月薪总和，用 SUMPRODUCT",
     '=SUMPRODUCT((B2:B11="销售部")*E2:E11)'),
    (STAFF, "st-median", "zh", "stat", "绩效的中位数", "=MEDIAN(F2:F11)"),
    (STAFF, "st-stdev", "zh", "stat", "月薪的样本标准差", "=STDEV.S(E2:E11)"),
    (STAFF, "st-large", "zh", "stat", "第三高的绩效", "=LARGE(F2:F11,3)"),
    (STAFF, "st-rank", "zh", "stat", "第一位员工的月薪在所有人中的排名", "=RANK.EQ(E2,E2:E11)"),
]

# second batch, written after the first tuning round (new sheets, varied phrasing)
TRIPS = {
    "sheet": "Trips", "range": "A1:F10",
    "header": ["Driver", "Vehicle", "Route", "Km", "Fuel Cost", "Date"],
    "rows": [
        ["Omar", "Van", "North", 120, 35.5, "2024-05-02"],
        ["Lena", "Truck", "South", 340, 98.0, "2024-05-03"],
        ["Omar", "Truck", "East", 210, 61.25, "2024-05-06"],
        ["Paul", "Van", "North", 95, 27.0, "2024-05-07"],
        ["Lena", "Van", "West", 150, 44.1, "2024-05-09"],
        ["Paul", "Truck", "South", 400, 115.0, "2024-05-13"],
        ["Omar", "Van", "West", 80, 22.4, "2024-05-14"],
        ["Lena", "Truck", "East", 260, 75.8, "2024-05-16"],
        ["Paul", "Van", "East", 130, 38.0, "2024-05-20"],
    ],
}
SHOPS = {
    "sheet": "门店", "range": "A1:E8",
    "header": ["门店", "区域", "店长", "营业额", "客流量"],
    "rows": [
        ["一号店", "华东", "孙丽", 52000, 1800],
        ["二号店", "华南", "钱坤", 47000, 1500],
        ["三号店", "华东", "李雷", 61000, 2100],
        ["四号店", "华北", "孙丽", 39000, 1200],
        ["五号店", "华南", "周敏", 58000, 1950],
        ["六号店", "华北", "李雷", 44000, 1400],
        ["七号店", "华东", "钱坤", 36000, 1100],
    ],
}
ITEMS += [
    (TRIPS, "tr-sum-driver", "en", "cond", "Total km driven by Omar", '=SUMIF(A2:A10,"Omar",D2:D10)'),
    (TRIPS, "tr-avg-truck", "en", "cond", "Average fuel cost of truck trips",
     '=AVERAGEIF(B2:B10,"Truck",E2:E10)'),
    (TRIPS, "tr-count-route", "en", "cond", "Number of trips on the East route", '=COUNTIF(C2:C10,"East")'),
    (TRIPS, "tr-count-km", "en", "cond", "How many trips were longer than 200 km?",
     '=COUNTIF(D2:D10,">200")'),
    (TRIPS, "tr-sumifs", "en", "cond", "Fuel cost of Lena's van trips",
     '=SUMIFS(E2:E10,A2:A10,"Lena",B2:B10,"Van")'),
    (TRIPS, "tr-max-cond", "en", "cond", "Longest trip by Paul in km", '=MAXIFS(D2:D10,A2:A10,"Paul")'),
    (TRIPS, "tr-sum-date", "en", "cond", "Total fuel cost for trips from 10 May 2024 onwards",
     '=SUMIF(F2:F10,">="&DATE(2024,5,10),E2:E10)'),
    (TRIPS, "tr-count-all", "en", "agg", "How many trips are there?", "=COUNTA(A2:A10)"),
    (TRIPS, "tr-sum", "en", "agg", "Sum of all fuel costs", "=SUM(E2:E10)"),
    (TRIPS, "tr-last-driver", "en", "lookup", "Who drove the last trip?", "=A10"),
    (TRIPS, "tr-argmin", "en", "lookup", "Which driver had the cheapest fuel cost?",
     "=INDEX(A2:A10,MATCH(MIN(E2:E10),E2:E10,0))"),
    (TRIPS, "tr-per-km", "en", "math", "Fuel cost per km for the first trip", "=E2/D2"),
    (TRIPS, "tr-round-total", "en", "math", "Total fuel cost rounded to the nearest whole number",
     "=ROUND(SUM(E2:E10),0)"),
    (TRIPS, "tr-if", "en", "logic",
     'Show "Long" when the first trip\'s km is at least 100, otherwise "Short"',
     '=IF(D2>=100,"Long","Short")'),
    (TRIPS, "tr-filter", "en", "dynarray", "Show the routes Omar drove", '=FILTER(C2:C10,A2:A10="Omar")'),
    (TRIPS, "tr-unique", "en", "dynarray", "List each driver once", "=UNIQUE(A2:A10)"),
    (TRIPS, "tr-weekday", "en", "date", "Day of the week of the second trip's date", "=WEEKDAY(F3)"),
    (TRIPS, "tr-avg-fmt", "en", "stat", "The mean km", "=AVERAGE(D2:D10)"),
    (TRIPS, "tr-sum-driver", "zh", "cond", "Omar 的Km总和", '=SUMIF(A2:A10,"Omar",D2:D10)'),
    (TRIPS, "tr-count-route", "zh", "cond", "East路线的行程有几次", '=COUNTIF(C2:C10,"East")'),
    (SHOPS, "sh-sum", "zh", "agg", "所有门店的营业额合计", "=SUM(D2:D8)"),
    (SHOPS, "sh-avg-region", "zh", "cond", "华东区域门店的平均营业额", '=AVERAGEIF(B2:B8,"华东",D2:D8)'),
    (SHOPS, "sh-sum-manager", "zh", "cond", "孙丽管理的门店营业额总和", '=SUMIF(C2:C8,"孙丽",D2:D8)'),
    (SHOPS, "sh-count", "zh", "cond", "营业额超过50000的门店数量", '=COUNTIF(D2:D8,">50000")'),
    (SHOPS, "sh-count-region", "zh", "cond", "华南有多少家门店", '=COUNTIF(B2:B8,"华南")'),
    (SHOPS, "sh-max-region", "zh", "cond", "华北区域的最高客流量", '=MAXIFS(E2:E8,B2:B8,"华北")'),
    (SHOPS, "sh-sumifs", "zh", "cond", "华东区域且客流量不少于1500的营业额合计",
     '=SUMIFS(D2:D8,B2:B8,"华东",E2:E8,">=1500")'),
    (SHOPS, "sh-lookup", "zh", "lookup", "三号店的店长是谁", '=XLOOKUP("三号店",A2:A8,C2:C8)'),
    (SHOPS, "sh-argmax", "zh", "lookup", "客流量最多的门店", "=INDEX(A2:A8,MATCH(MAX(E2:E8),E2:E8,0))"),
    (SHOPS, "sh-ratio", "zh", "math", "第一家门店的营业额除以客流量", "=D2/E2"),
    (SHOPS, "sh-filter", "zh", "dynarray", "李雷负责的门店", '=FILTER(A2:A8,C2:C8="李雷")'),
    (SHOPS, "sh-sort", "zh", "dynarray", "客流量按降序排列", "=SORT(E2:E8,1,-1)"),
    (SHOPS, "sh-large", "zh", "stat", "营业额排名第二的数值", "=LARGE(D2:D8,2)"),
    (SHOPS, "sh-if", "zh", "logic", "第一家门店营业额大于50000则为“达标”，否则为“未达标”",
     '=IF(D2>50000,"达标","未达标")'),
    (SHOPS, "sh-textjoin", "zh", "text", "把所有店长的名字用逗号连起来", '=TEXTJOIN(",",TRUE,C2:C8)'),
]

# third batch: English conditional aggregates phrased many ways (written after the
# second hold-out measurement showed English conditions failing there; the hold-out
# requests themselves were not read)
TICKETS = {
    "sheet": "Tickets", "range": "A1:F11",
    "header": ["Ticket", "Agent", "Priority", "Status", "Hours", "Opened"],
    "rows": [
        ["T-101", "Kim", "High", "Open", 6.5, "2024-02-01"],
        ["T-102", "Raj", "Low", "Closed", 1.5, "2024-02-03"],
        ["T-103", "Kim", "Low", "Closed", 2.0, "2024-02-08"],
        ["T-104", "Sara", "High", "Closed", 8.0, "2024-02-12"],
        ["T-105", "Raj", "Medium", "Open", 3.25, "2024-02-15"],
        ["T-106", "Sara", "Low", "Open", 0.75, "2024-02-21"],
        ["T-107", "Kim", "Medium", "Closed", 4.0, "2024-02-26"],
        ["T-108", "Raj", "High", "Open", 7.5, "2024-03-02"],
        ["T-109", "Sara", "Medium", "Closed", 2.5, "2024-03-05"],
        ["T-110", "Kim", "High", "Closed", 5.0, "2024-03-09"],
    ],
}
ITEMS += [
    (TICKETS, "tk-sum-prio", "en", "cond", "Total hours for high priority tickets",
     '=SUMIF(C2:C11,"High",E2:E11)'),
    (TICKETS, "tk-avg-agent", "en", "cond", "Average hours spent by Kim", '=AVERAGEIF(B2:B11,"Kim",E2:E11)'),
    (TICKETS, "tk-count-open", "en", "cond", "How many tickets are still open?", '=COUNTIF(D2:D11,"Open")'),
    (TICKETS, "tk-countifs", "en", "cond", "Count the closed tickets handled by Raj",
     '=COUNTIFS(D2:D11,"Closed",B2:B11,"Raj")'),
    (TICKETS, "tk-sum-status", "en", "cond", "Sum of hours where the status is Open",
     '=SUMIF(D2:D11,"Open",E2:E11)'),
    (TICKETS, "tk-count-hours", "en", "cond", "Number of tickets with more than 5 hours",
     '=COUNTIF(E2:E11,">5")'),
    (TICKETS, "tk-max-low", "en", "cond", "Max hours on a low priority ticket",
     '=MAXIFS(E2:E11,C2:C11,"Low")'),
    (TICKETS, "tk-sumifs", "en", "cond", "Total hours of Kim's open tickets",
     '=SUMIFS(E2:E11,B2:B11,"Kim",D2:D11,"Open")'),
    (TICKETS, "tk-avg", "en", "agg", "Average hours across all tickets", "=AVERAGE(E2:E11)"),
    (TICKETS, "tk-sum", "en", "agg", "What's the total number of hours logged?", "=SUM(E2:E11)"),
    (TICKETS, "tk-assigned", "en", "cond", "Total hours for tickets assigned to Kim",
     '=SUMIF(B2:B11,"Kim",E2:E11)'),
    (TICKETS, "tk-min-open", "en", "cond", "Smallest hours value among open tickets",
     '=MINIFS(E2:E11,D2:D11,"Open")'),
    (TICKETS, "tk-hyphen", "en", "cond", "Sum the hours of every high-priority ticket",
     '=SUMIF(C2:C11,"High",E2:E11)'),
    (TICKETS, "tk-date", "en", "cond", "How many tickets were opened in March 2024 or later?",
     '=COUNTIF(F2:F11,">="&DATE(2024,3,1))'),
    (TICKETS, "tk-avg-medium", "en", "cond", "Mean hours of medium-priority tickets that are closed",
     '=AVERAGEIFS(E2:E11,C2:C11,"Medium",D2:D11,"Closed")'),
]


def write_items(items: list, out: Path) -> int:
    """Compute each gold formula on its table (as written to .xlsx) and write the JSONL."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from eval_formula import write_xlsx

    from o3local.tasks.formula.engine import evaluate
    from o3local.tasks.formula.schema import read_sheet

    tmp = Path(tempfile.mkdtemp(prefix="o3-formula-dev-"))
    lines = []
    for k, (table, ident, lang, cat, question, gold) in enumerate(items):
        path = tmp / f"{k}.xlsx"
        write_xlsx(table, path)
        if gold is None:  # a request that must be refused: no formula, no value
            lines.append(json.dumps({"id": f"{out.stem.split('-')[-1]}-{ident}-{lang}",
                                     "lang": lang, "category": cat, "question": question,
                                     "table": table, "gold_formula": None, "gold_value": None},
                                    ensure_ascii=False))
            continue
        ev = evaluate(gold, read_sheet(path))
        if not ev.ok:
            print(f"gold does not evaluate: {ident}-{lang} {gold}: {ev.error}", file=sys.stderr)
            return 1
        lines.append(json.dumps({"id": f"{out.stem.split('-')[-1]}-{ident}-{lang}", "lang": lang,
                                 "category": cat, "question": question, "table": table,
                                 "gold_formula": gold, "gold_value": ev.value}, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} requests -> {out}")
    return 0


def main() -> int:
    return write_items(ITEMS, Path(__file__).with_name("formula-dev.jsonl"))


if __name__ == "__main__":
    sys.exit(main())
