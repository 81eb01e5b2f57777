"""Write formula-holdout2.jsonl: a blind hold-out on three new sheets, en and zh.

Written before the rule reader was generalised (and before its code was read
in depth), and committed before the first run on it: the first run is the
clean out-of-sample figure.  Requests are phrased the way office users type
(short, informal, lower case names, "how many", "who has the highest",
"总共", "有几个", "大于").  Items whose ``gold_formula`` is ``None`` must be
refused (a group-by request, an ambiguous one, a column that does not exist):
the evaluation counts a refusal there as right and any answer as wrong.

    python bench/data/make_formula_holdout2.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HR = {  # staff sheet with Chinese headers
    "sheet": "员工", "range": "A1:E9",
    "header": ["姓名", "部门", "工资", "入职日期", "城市"],
    "rows": [
        ["张伟", "技术部", 12000, "2018-03-12", "北京"],
        ["李娜", "财务部", 9500, "2020-07-01", "上海"],
        ["王芳", "技术部", 15000, "2016-11-20", "上海"],
        ["刘洋", "市场部", 8000, "2021-02-15", "北京"],
        ["陈静", "财务部", 11000, "2019-09-09", "广州"],
        ["杨磊", "技术部", 13500, "2022-05-30", "北京"],
        ["赵敏", "市场部", 8800, "2017-04-18", "上海"],
        ["黄强", "人事部", 7600, "2023-01-03", "广州"],
    ],
}
TASKS = {  # a task tracker with statuses, priorities and due dates
    "sheet": "Tasks", "range": "A1:F11",
    "header": ["Task", "Assignee", "Status", "Priority", "Hours", "Due"],
    "rows": [
        ["Fix login bug", "Omar", "Done", "High", 5, "2024-03-04"],
        ["Write docs", "Priya", "In progress", "Low", 8, "2024-03-15"],
        ["Update API", "Omar", "Open", "High", 12, "2024-03-20"],
        ["Design logo", "Kenji", "Done", "Medium", 6, "2024-02-28"],
        ["Test release", "Priya", "Open", "High", 4, "2024-04-02"],
        ["Migrate DB", "Kenji", "In progress", "High", 16, "2024-03-25"],
        ["Team survey", "Lucia", "Open", "Low", 2, "2024-04-10"],
        ["Refactor UI", "Omar", "Done", "Medium", 9, "2024-02-20"],
        ["Budget plan", "Lucia", "Done", "Medium", 3, "2024-03-01"],
        ["Security audit", "Priya", "Open", "High", 10, "2024-04-18"],
    ],
}
GRADES = {  # a school grades sheet
    "sheet": "Grades", "range": "A1:E9",
    "header": ["Student", "Class", "Math", "English", "Science"],
    "rows": [
        ["Amy", "7A", 88, 92, 79],
        ["Ben", "7B", 72, 65, 81],
        ["Chloe", "7A", 95, 89, 93],
        ["Dan", "7B", 58, 70, 62],
        ["Ella", "7A", 81, 77, 85],
        ["Finn", "7C", 67, 84, 74],
        ["Grace", "7C", 90, 95, 88],
        ["Hugo", "7B", 76, 58, 69],
    ],
}

REFUSE = None  # gold_formula of a request that must be refused

ITEMS = [
    # --- HR, zh
    (HR, "hr-sum-dept", "zh", "cond", "技术部总共多少工资", '=SUMIF(B2:B9,"技术部",C2:C9)'),
    (HR, "hr-count-city", "zh", "cond", "北京有几个人", '=COUNTIF(E2:E9,"北京")'),
    (HR, "hr-avg", "zh", "agg", "平均工资", "=AVERAGE(C2:C9)"),
    (HR, "hr-count-gt", "zh", "cond", "工资大于10000的有几个", '=COUNTIF(C2:C9,">10000")'),
    (HR, "hr-sumifs", "zh", "cond", "上海技术部的工资总和",
     '=SUMIFS(C2:C9,E2:E9,"上海",B2:B9,"技术部")'),
    (HR, "hr-argmax", "zh", "lookup", "谁的工资最高", "=INDEX(A2:A9,MATCH(MAX(C2:C9),C2:C9,0))"),
    (HR, "hr-lookup-date", "zh", "lookup", "王芳的入职日期", '=XLOOKUP("王芳",A2:A9,D2:D9)'),
    (HR, "hr-after", "zh", "date", "2020年1月1日之后入职的有几个人",
     '=COUNTIF(D2:D9,">"&DATE(2020,1,1))'),
    (HR, "hr-avgif", "zh", "cond", "财务部平均工资", '=AVERAGEIF(B2:B9,"财务部",C2:C9)'),
    (HR, "hr-min", "zh", "agg", "最低工资是多少", "=MIN(C2:C9)"),
    (HR, "hr-filter", "zh", "dynarray", "列出技术部的员工姓名", '=FILTER(A2:A9,B2:B9="技术部")'),
    (HR, "hr-top3", "zh", "stat", "工资前三名的总和",
     "=LARGE(C2:C9,1)+LARGE(C2:C9,2)+LARGE(C2:C9,3)"),
    (HR, "hr-by-dept", "zh", "refuse", "每个部门的平均工资", REFUSE),
    (HR, "hr-by-city", "zh", "refuse", "各城市有多少人", REFUSE),
    (HR, "hr-round-k", "zh", "math", "李娜的工资四舍五入到千位",
     '=ROUND(XLOOKUP("李娜",A2:A9,C2:C9),-3)'),
    (HR, "hr-headcount", "zh", "agg", "员工一共有几个", "=COUNTA(A2:A9)"),
    (HR, "hr-earliest", "zh", "lookup", "最早入职的是谁", "=INDEX(A2:A9,MATCH(MIN(D2:D9),D2:D9,0))"),
    (HR, "hr-between", "zh", "cond", "工资在9000到12000之间的人数",
     '=COUNTIFS(C2:C9,">=9000",C2:C9,"<=12000")'),
    (HR, "hr-unique", "zh", "dynarray", "不重复的城市", "=UNIQUE(E2:E9)"),
    (HR, "hr-year", "zh", "date", "2021年入职的有几个",
     '=COUNTIFS(D2:D9,">="&DATE(2021,1,1),D2:D9,"<="&DATE(2021,12,31))'),
    (HR, "hr-no-col", "zh", "refuse", "员工的平均年龄", REFUSE),
    (HR, "hr-avg-city", "zh", "cond", "上海的人平均工资多少", '=AVERAGEIF(E2:E9,"上海",C2:C9)'),
    # --- Tasks, en
    (TASKS, "tk-count-open", "en", "cond", "how many tasks are open", '=COUNTIF(C2:C11,"Open")'),
    (TASKS, "tk-sum", "en", "agg", "total hours", "=SUM(E2:E11)"),
    (TASKS, "tk-sum-who", "en", "cond", "total hours for omar", '=SUMIF(B2:B11,"Omar",E2:E11)'),
    (TASKS, "tk-countifs", "en", "cond", "how many high priority tasks are still open",
     '=COUNTIFS(D2:D11,"High",C2:C11,"Open")'),
    (TASKS, "tk-argmax", "en", "lookup", "which task takes the most hours",
     "=INDEX(A2:A11,MATCH(MAX(E2:E11),E2:E11,0))"),
    (TASKS, "tk-lookup", "en", "lookup", "who is assigned to Migrate DB",
     '=XLOOKUP("Migrate DB",A2:A11,B2:B11)'),
    (TASKS, "tk-before", "en", "date", "how many tasks are due before 2024-03-10",
     '=COUNTIF(F2:F11,"<"&DATE(2024,3,10))'),
    (TASKS, "tk-filter", "en", "dynarray", "list tasks assigned to priya",
     '=FILTER(A2:A11,B2:B11="Priya")'),
    (TASKS, "tk-avgif", "en", "cond", "average hours of done tasks",
     '=AVERAGEIF(C2:C11,"Done",E2:E11)'),
    (TASKS, "tk-by-who", "en", "refuse", "hours by assignee", REFUSE),
    (TASKS, "tk-per-status", "en", "refuse", "count tasks per status", REFUSE),
    (TASKS, "tk-max-date", "en", "date", "latest due date", "=MAX(F2:F11)"),
    (TASKS, "tk-minifs", "en", "date", "earliest due date for open tasks",
     '=MINIFS(F2:F11,C2:C11,"Open")'),
    (TASKS, "tk-status-of", "en", "lookup", "status of Test release",
     '=XLOOKUP("Test release",A2:A11,C2:C11)'),
    (TASKS, "tk-count-who", "en", "cond", "how many tasks does Kenji have",
     '=COUNTIF(B2:B11,"Kenji")'),
    (TASKS, "tk-sum-prio", "en", "cond", "sum of hours for high priority tasks",
     '=SUMIF(D2:D11,"High",E2:E11)'),
    (TASKS, "tk-count-gt", "en", "cond", "number of tasks with more than 8 hours",
     '=COUNTIF(E2:E11,">8")'),
    (TASKS, "tk-no-col", "en", "refuse", "total cost of all tasks", REFUSE),
    (TASKS, "tk-show-done", "en", "dynarray", "show the tasks that are done",
     '=FILTER(A2:A11,C2:C11="Done")'),
    (TASKS, "tk-maxifs", "en", "cond", "max hours for Priya", '=MAXIFS(E2:E11,B2:B11,"Priya")'),
    (TASKS, "tk-when", "en", "lookup", "when is Update API due", '=XLOOKUP("Update API",A2:A11,F2:F11)'),
    (TASKS, "tk-round", "en", "math", "total hours rounded to the nearest ten",
     "=ROUND(SUM(E2:E11),-1)"),
    (TASKS, "tk-in-month", "en", "date", "how many tasks are due in April 2024",
     '=COUNTIFS(F2:F11,">="&DATE(2024,4,1),F2:F11,"<="&DATE(2024,4,30))'),
    (TASKS, "tk-avg", "en", "agg", "avg hours", "=AVERAGE(E2:E11)"),
    (TASKS, "tk-filter2", "en", "dynarray", "list open high priority tasks",
     '=FILTER(A2:A11,(C2:C11="Open")*(D2:D11="High"))'),
    # --- Tasks, zh (English headers, as in mixed offices)
    (TASKS, "tk-count-who", "zh", "cond", "Omar的任务有几个", '=COUNTIF(B2:B11,"Omar")'),
    (TASKS, "tk-count-open", "zh", "cond", "Status是Open的任务有多少", '=COUNTIF(C2:C11,"Open")'),
    (TASKS, "tk-sum", "zh", "agg", "Hours总共多少", "=SUM(E2:E11)"),
    (TASKS, "tk-sum-who", "zh", "cond", "Priya的Hours合计", '=SUMIF(B2:B11,"Priya",E2:E11)'),
    (TASKS, "tk-by-who", "zh", "refuse", "每个Assignee的Hours合计", REFUSE),
    # --- Grades, en
    (GRADES, "gr-avg", "en", "agg", "average math score", "=AVERAGE(C2:C9)"),
    (GRADES, "gr-avgif", "en", "cond", "average math score in 7A", '=AVERAGEIF(B2:B9,"7A",C2:C9)'),
    (GRADES, "gr-count-lt", "en", "cond", "how many students scored below 60 in math",
     '=COUNTIF(C2:C9,"<60")'),
    (GRADES, "gr-argmax", "en", "lookup", "who has the highest english score",
     "=INDEX(A2:A9,MATCH(MAX(D2:D9),D2:D9,0))"),
    (GRADES, "gr-lookup", "en", "lookup", "Chloe's science score", '=XLOOKUP("Chloe",A2:A9,E2:E9)'),
    (GRADES, "gr-count-class", "en", "cond", "how many students in 7B", '=COUNTIF(B2:B9,"7B")'),
    (GRADES, "gr-total-row", "en", "math", "amy's total score across math, english and science",
     '=XLOOKUP("Amy",A2:A9,C2:C9)+XLOOKUP("Amy",A2:A9,D2:D9)+XLOOKUP("Amy",A2:A9,E2:E9)'),
    (GRADES, "gr-min", "en", "agg", "lowest science score", "=MIN(E2:E9)"),
    (GRADES, "gr-by-class", "en", "refuse", "average english by class", REFUSE),
    (GRADES, "gr-filter", "en", "dynarray", "list students with math above 85",
     '=FILTER(A2:A9,C2:C9>85)'),
    (GRADES, "gr-count-gt", "en", "cond", "how many scored more than 90 in science",
     '=COUNTIF(E2:E9,">90")'),
    (GRADES, "gr-no-col", "en", "refuse", "average history score", REFUSE),
    (GRADES, "gr-median", "en", "stat", "median english score", "=MEDIAN(D2:D9)"),
    (GRADES, "gr-countifs", "en", "cond", "number of 7C students with english above 80",
     '=COUNTIFS(B2:B9,"7C",D2:D9,">80")'),
    (GRADES, "gr-large", "en", "stat", "second highest math score", "=LARGE(C2:C9,2)"),
    (GRADES, "gr-ambiguous", "en", "refuse", "score of Amy", REFUSE),
    # --- Grades, zh (English headers)
    (GRADES, "gr-avgif", "zh", "cond", "7A班Math平均分", '=AVERAGEIF(B2:B9,"7A",C2:C9)'),
    (GRADES, "gr-argmax", "zh", "lookup", "Science最高分是谁",
     "=INDEX(A2:A9,MATCH(MAX(E2:E9),E2:E9,0))"),
    (GRADES, "gr-count-lt", "zh", "cond", "Math低于60分的有几个", '=COUNTIF(C2:C9,"<60")'),
    (GRADES, "gr-by-class", "zh", "refuse", "每个班的人数", REFUSE),
    (GRADES, "gr-lookup", "zh", "lookup", "Grace的English成绩", '=XLOOKUP("Grace",A2:A9,D2:D9)'),
    (GRADES, "gr-count-class", "zh", "cond", "7B班有几个学生", '=COUNTIF(B2:B9,"7B")'),
]


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from make_formula_dev import write_items

    return write_items(ITEMS, Path(__file__).with_name("formula-holdout2.jsonl"))


if __name__ == "__main__":
    sys.exit(main())
