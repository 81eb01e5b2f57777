"""A small English-Chinese glossary of office-template vocabulary, for cross-language search.

Publishers often describe a template in one language; users ask in
either.  Before indexing, each template's text gains the other language's
word for every glossary term it contains ("budget" adds 预算, 会议 adds
meeting), so BM25 can match across languages without a translation model.
The list is generic office vocabulary (document types, business and HR
words), not phrases taken from any request set.
"""

from __future__ import annotations

#: English term -> Chinese terms (both directions are used)
PAIRS: dict[str, tuple[str, ...]] = {
    "report": ("报告", "汇报"), "summary": ("总结", "摘要"), "review": ("回顾", "总结"),
    "annual": ("年度", "年终"), "year-end": ("年终",), "quarterly": ("季度",), "monthly": ("月度",),
    "weekly": ("每周", "周报"), "plan": ("计划", "规划"), "progress": ("进展", "进度"),
    "meeting": ("会议",), "minutes": ("纪要", "会议记录"), "agenda": ("议程",),
    "action items": ("待办", "待办事项"), "decision": ("决议", "决定"), "attendees": ("参会", "出席"),
    "contract": ("合同",), "agreement": ("协议",), "legal": ("法务", "法律"),
    "confidentiality": ("保密",), "terms": ("条款",), "payment": ("付款", "支付"),
    "budget": ("预算",), "expense": ("费用", "开支"), "expenses": ("费用", "开支"), "cost": ("成本", "费用"),
    "finance": ("财务",), "revenue": ("营收", "收入"), "profit": ("利润",), "tax": ("税", "含税"),
    "invoice": ("发票",), "billing": ("账单", "开票"), "bill": ("账单",), "price": ("价格", "单价"),
    "quotation": ("报价", "报价单"), "total": ("合计", "总计"),
    "sales": ("销售", "销量"), "orders": ("订单",), "order": ("订单",), "customer": ("客户",),
    "customers": ("客户",), "region": ("区域", "地区"), "product": ("产品",), "products": ("产品",),
    "launch": ("发布", "上市"), "new product": ("新品", "新产品"), "marketing": ("营销", "市场"),
    "market": ("市场",), "growth": ("增长",), "chart": ("图表",), "table": ("表格",),
    "pitch": ("路演",), "investor": ("投资人",), "investors": ("投资人",), "funding": ("融资",),
    "fundraising": ("融资",), "startup": ("创业", "初创"), "business plan": ("商业计划书",),
    "training": ("培训",), "course": ("课程", "课件"), "onboarding": ("入职",),
    "new hires": ("新员工",), "employee": ("员工",), "employees": ("员工",), "staff": ("员工",),
    "attendance": ("考勤", "出勤"), "timesheet": ("工时",), "overtime": ("加班",), "leave": ("请假",),
    "hr": ("人事", "人力资源"), "resume": ("简历",), "cv": ("简历",), "job": ("求职", "工作"),
    "experience": ("经历", "经验"), "education": ("教育",), "skills": ("技能",),
    "status": ("状态", "进展"), "risks": ("风险",), "project": ("项目",), "team": ("团队",),
    "company": ("公司",), "department": ("部门",), "work": ("工作",), "letter": ("信函",),
    "proposal": ("方案", "提案"), "analysis": ("分析",), "data": ("数据",),
}


def expansions(text: str) -> str:
    """The other language's words for every glossary term in ``text`` (space-separated)."""
    low = text.lower()
    out: list[str] = []
    for en, zh in PAIRS.items():
        has_en = _has_word(low, en)
        has_zh = any(z in text for z in zh)
        if has_en and not has_zh:
            out.extend(zh)
        elif has_zh and not has_en:
            out.append(en)
    return " ".join(out)


def _has_word(low: str, word: str) -> bool:
    import re

    return re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", low) is not None
