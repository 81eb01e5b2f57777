"""The fields a template's ``inputs`` schema asks for, and what kind of answer each is.

Every leaf of the schema (and every array) is a :class:`Field` with a JSON
pointer, its keys, description and a fill kind: the template's own
``x-o3-fill`` hint when it gives one, else one inferred from the type, the
format and the name (docs/template-format.md, "x-o3-fill").  Kinds:

``headline``   one short line (a title, a tagline)
``text``       a paragraph (a description, a note)
``bullets``    a list of short strings (points, features)
``names``      a list of names (partners, customers)
``name``       a proper name (the company)
``number``     a number, with the unit and scale the description gives
``date``       an ISO date
``from-table`` an array of objects, one per row of the document's matching table
``sections``   an array of {heading, paragraphs} objects, one per document section
``document``   the document's own text (a memo the template summarizes itself)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

HINTS = ("headline", "text", "bullets", "names", "name", "number", "date", "from-table",
         "sections", "document")

#: general bilingual business vocabulary: a field key -> words a document
#: uses for it.  Retrieval also uses the key itself and its description.
GLOSSARY: dict[str, tuple[str, ...]] = {
    "company": ("company", "about", "overview", "公司", "简介", "概况"),
    "name": ("name", "名称"),
    "tagline": ("tagline", "slogan", "in one line", "one-liner", "one-line", "mission", "口号", "一句话"),
    "founded": ("founded", "established", "incorporated", "incorporation", "started", "dates from",
                "成立", "创立", "创办"),
    "description": ("description", "overview", "what we do", "about", "简介", "介绍"),
    "problem": ("problem", "pain", "pain point", "challenge", "issue", "what is wrong", "what is broken",
                "why", "broken", "struggle", "instead of", "do not", "fall behind", "empty",
                "cannot", "lose", "waste", "lack", "too expensive", "never notice", "never know",
                "overbilled", "overpay", "at best", "by hand", "miss", "missed", "still", "on paper",
                "spreadsheets", "hours a week", "mistakes", "errors", "问题", "痛点", "挑战", "难题",
                "浪费", "缺乏", "难以", "无法"),
    "solution": ("solution", "product", "how it works", "approach", "what we do", "our answer",
                 "how you solve it", "how we solve it",
                 "we build", "we built", "what we built", "what we make", "解决方案", "方案", "产品", "我们提供", "我们开发", "我们的产品"),
    "market": ("market", "市场", "规模"),
    "tam": ("tam", "total addressable market", "total market", "global market", "market size", "market for", "market at",
            "is worth", "market worth",
            "billion market", "market opportunity", "opportunity",
            "市场总规模", "潜在市场", "市场规模"),
    "sam": ("sam", "serviceable addressable market", "serviceable available market",
            "serviceable market", "serviceable", "reachable", "can serve", "can reach", "we can serve", "can address",
            "可服务市场"),
    "som": ("som", "serviceable obtainable market", "obtainable market", "obtainable", "capture",
            "realistic", "win", "within reach", "expect to reach", "aim for", "of it by", "of that by", "in five years",
            "within five years", "可获得市场"),
    "cagr": ("cagr", "compound annual growth", "annual growth rate", "per year", "a year", "annually",
             "年复合增长率", "复合增长率", "年均增长"),
    "products": ("products", "product line", "pricing", "产品", "产品线"),
    "price": ("price", "pricing", "per seat", "per month", "costs", "价格", "售价", "定价"),
    "margin": ("margin", "gross margin", "毛利率", "毛利"),
    "features": ("features", "feature", "功能", "特性"),
    "summary": ("summary", "概述", "简介"),
    "traction": ("traction", "progress", "metrics", "results", "进展", "业绩", "成绩"),
    "users": ("users", "user", "use", "used by", "using", "log in", "active", "learning", "learners",
              "enrolled", "subscribers", "subscribe", "on a subscription", "through the app", "via the app", "have used", "has used",
              "用户", "使用"),
    "arr": ("arr", "annual recurring revenue", "recurring revenue", "run-rate", "run rate", "年度经常性收入", "经常性收入"),
    "growth": ("growth", "grew", "grown", "growing", "grows", "increase", "up", "down", "fell", "declined",
               "decreased", "dropped", "a quarter", "per quarter", "on the quarter", "qoq", "mom", "yoy",
               "quarter on quarter", "quarter over quarter", "month over month", "year over year", "增长",
               "增幅", "涨幅", "上升", "提升", "下降", "减少", "增速", "同比", "环比",
               # "比去年同月多了12%", "较上年同期增加": year on year in words
               "去年同期", "上年同期", "去年同月", "上年同月", "去年同季", "上年同季",
               "增减", "变动率",
               # spoken: "比去年涨了百分之六十五"
               "涨了"),
    "retention": ("retention", "retained", "renewal", "renew", "still with us", "still active", "stayed", "net revenue retention", "nrr",
                  "grr", "留存", "续约率", "续约"),
    "since": ("since", "launched", "live", "began", "first paid", "first paying", "first customers", "started our first",
              "our first", "first sale", "shipped its first", "shipped our first", "first shipped",
              "first commercial", "started shipping", "started selling", "started renting", "started serving",
              "began shipping", "began selling", "began renting", "began serving",
              "上线", "以来"),
    "quarters": ("quarter", "quarterly", "季度"),
    "label": ("label", "quarter", "period", "item", "use", "名称", "季度", "项目", "用途"),
    "target": ("target", "plan", "planned", "goal", "目标", "计划"),
    "china": ("china", "chinese", "中国", "国内"),
    "launch": ("launch", "launches", "release", "open", "enter", "go live", "上线", "发布", "推出",
               "进入", "开业"),
    "partners": ("partners", "partner", "合作伙伴", "合作方", "伙伴"),
    "note": ("note", "notes", "备注", "说明"),
    "ask": ("ask", "raise", "raising", "funding", "round", "融资", "募资", "本轮"),
    "amount": ("raising", "raise", "seeking", "round", "amount", "series", "seed round", "extension", "bridge",
               "looking for", "融资", "募集", "金额"),
    "runway_months": ("runway", "months", "跑道", "个月"),
    "use_of_funds": ("use of funds", "use of proceeds", "allocation", "资金用途", "用途", "使用计划"),
    "share": ("share", "percent", "%", "占比", "比例", "份额"),
    "headline": ("headline", "title", "标题"),
    "points": ("points", "key points", "要点"),
    "title": ("title", "report", "标题", "报告"),
    "period": ("period", "reporting period", "quarter", "报告期", "期间", "统计期", "统计周期", "报告周期", "统计口径"),
    "date": ("date", "dated", "日期", "报告日期", "发布日期", "发送时间", "发件时间", "发送日期",
             "会议时间", "会议日期", "召开时间", "meeting date", "date of meeting",
             # an interview's, a post's or a recording's own day ("（采访时间：2026年11月30日）", "发布于 2026-11-22")
             "采访时间", "访谈时间", "发布于", "发表于", "编辑于", "直播时间", "录制时间"),
    "figures": ("figures", "key figures", "highlights", "主要指标", "关键数据", "核心数据", "主要数据",
                "经营数据"),
    "revenue": ("revenue", "sales", "turnover", "收入", "营收", "营业收入", "销售额", "营业额",
                # spoken: "一共卖了三千二百万元", "流水做到两千万"
                "卖了", "流水",
                # an online shop's sales as its platform reports them ("支付金额：1.36亿元")
                "支付金额", "成交金额", "成交额"),
    "customers": ("customers", "clients", "paying", "客户", "客户数", "用户", "用户数", "付费", "签约",
                  "会员", "会员数", "买家", "顾客", "经销商", "商户", "学员",
                  # the hospitals a diagnostics or medical-device maker sells to ("期末合作医院（家）")
                  "合作医院", "覆盖医院", "服务医院", "终端医院",
                  # the shops a brand or a supply chain sells through ("走进了全国1,200家合作门店", "合作门店数")
                  "合作门店", "签约门店"),
    "sections": ("sections", "章节"),
    "heading": ("heading", "title", "标题"),
    "paragraphs": ("paragraphs", "text", "正文"),
    "mix": ("mix", "revenue mix", "by product", "product line", "by segment", "breakdown", "of revenue",
            "收入结构", "收入构成", "业务结构", "业务构成", "分业务", "分产品", "分品类", "业务板块", "占比", "构成",
            "占营业收入", "占总收入", "占收入", "收入占", "销售额占", "收入中", "营收中", "销售额中", "销售收入中", "按收入", "按营收",
            # spoken: "销售里面，挂耳咖啡占一半", "流水里头"
            "收入里", "营收里", "销售里", "流水里", "流水中",
            "按销售额", "按业务", "按产品", "按品类", "按渠道", "占全部", "占总销售额", "占销售额"),
    "memo": ("memo", "备忘录"),
}



def _extend_glossary(name: str) -> None:
    """Add the words of the lexicon file ``name`` (next to this module: key -> words) to GLOSSARY,
    and take out those its ``_not`` lists."""
    import json
    from pathlib import Path

    extra = json.loads((Path(__file__).with_name(name)).read_text(encoding="utf-8"))
    for key, words in extra.items():
        if not key.startswith("_"):
            GLOSSARY[key] = tuple(dict.fromkeys(GLOSSARY.get(key, ()) + tuple(words)))
    for key, words in extra.get("_not", {}).items():
        GLOSSARY[key] = tuple(w for w in GLOSSARY.get(key, ()) if w not in words)


_extend_glossary("glossary_en.json")

#: a part of a pitch that comes right after another one: a memo without headings states
#: its solution in the paragraph after its problem
FOLLOWS: dict[str, str] = {"solution": "problem"}

#: parent objects about one market or place: their fields are filled only from text about it
#: (a sentence naming it, or a section headed by it) -- "since our launch on 9 January 2024"
#: is the company's launch, not ``china.launch``
SCOPES: dict[str, tuple[str, ...]] = {
    "china": ("china", "mainland", "prc", "中国", "国内", "大陆"),
}

#: places a memo names often (a market it enters, where it sells): never the company's name,
#: however often they recur ("China" in a memo about entering China)
PLACES = frozenset({
    "china", "mainland china", "hong kong", "taiwan", "japan", "korea", "south korea", "india",
    "singapore", "indonesia", "vietnam", "thailand", "malaysia", "philippines", "asia",
    "southeast asia", "europe", "eu", "uk", "britain", "england", "germany", "france", "spain",
    "italy", "netherlands", "sweden", "norway", "denmark", "poland", "ireland", "switzerland",
    "us", "usa", "america", "north america", "latin america", "canada", "mexico", "brazil",
    "chile", "argentina", "australia", "new zealand", "africa", "nigeria", "kenya",
    "south africa", "egypt", "middle east", "uae", "dubai", "saudi arabia", "israel", "turkey",
})

#: words for other companies than the one a document is about: a figure in a sentence or under a
#: heading naming them is theirs ("The incumbent, Clausewise, ... says 120,000 lawyers use its
#: platform" gives no count of the memo's own users)
OTHERS: tuple[str, ...] = ("competition", "competitor", "competitors", "competitive", "incumbent",
                           "incumbents", "rival", "rivals", "竞品", "竞争对手", "竞争者", "竞争格局",
                           # a partner's or a peer's figures ("我们的合作伙伴万象云上半年营收达3.5亿元")
                           "合作伙伴", "友商", "同行",
                           # a sentence that disclaims its figures ("…is worth $16 billion; neither
                           # is our market")
                           "not our market", "neither is our market", "not our markets",
                           # an investor's other companies, set beside the one pitched ("Our
                           # portfolio company Lexo is at $5M ARR, for comparison")
                           "portfolio company", "portfolio companies")

#: keys that say only what shape a nested field has (a headline, a list of points), not what it
#: is about: their words retrieve nothing
SHAPE_KEYS = frozenset({"headline", "points"})

_FRACTION_KEYS = ("growth", "retention", "margin", "share", "cagr", "rate", "ratio", "churn")
_WORD = re.compile(r"[A-Za-z]+|[\u4e00-\u9fff]+")


@dataclass
class Field:
    pointer: str
    keys: tuple[str, ...]  # object keys from the top ("products" for an array's items)
    schema: dict[str, Any]
    kind: str
    required: bool = False
    children: list[Field] = field(default_factory=list)
    #: stems of the other fields' keys: a glossary word that names another field is not
    #: this field's ("launched" is a word for ``since``, but ``launch`` is a field of its own)
    rivals: frozenset[str] = frozenset()

    @property
    def key(self) -> str:
        return self.keys[-1] if self.keys else ""

    @property
    def description(self) -> str:
        return str(self.schema.get("description", ""))

    @property
    def type(self) -> str:
        t = self.schema.get("type", "string")
        if isinstance(t, list):
            t = next((x for x in t if x != "null"), "string")
        return str(t)

    def words(self, own_only: bool = False) -> list[str]:
        """Retrieval words: the key's glossary words, its own name split, the description's words."""
        from .words import stem

        keys = self.keys[-1:] if own_only else self.keys
        out: list[str] = []
        for k in keys:
            out += [w for w in GLOSSARY.get(k, ()) if stem(w) not in self.rivals or w == k]
            out += [w for w in re.split(r"[_\-\s]+", k) if len(w) > 2 or w == k]  # not "of"
        hint = self.schema.get("x-o3-keywords")
        if isinstance(hint, list):
            out += [str(w) for w in hint]
        return list(dict.fromkeys(w.lower() for w in out if w))

    def own_words(self) -> list[str]:
        return self.words(own_only=True)

    def topic_words(self, own_only: bool = False) -> list[str]:
        """The words that say what the field is about, for finding its section: without a
        nested shape key's (problem.headline is about the problem: "Headlines" is not it)."""
        words = self.words(own_only)
        if self.key in SHAPE_KEYS and len(self.keys) > 1:
            shape = {w.lower() for w in GLOSSARY.get(self.key, ())} | {self.key}
            words = [w for w in words if w not in shape]
        return words

    # -- numbers -------------------------------------------------------------
    @property
    def fraction(self) -> bool:
        """A share written as a fraction (0.184 for 18.4 %)."""
        d = self.description.lower()
        if "fraction" in d or "小数" in d:
            return True
        if "percent" in d and "fraction" not in d:
            return False
        return any(k in self.key.lower() for k in _FRACTION_KEYS) or (
            self.schema.get("maximum") == 1 and self.schema.get("minimum") == 0)

    @property
    def unit_scale(self) -> float:
        """What one unit of the field is worth: 1e6 for "millions of US dollars"."""
        d = self.description.lower() + " " + self._parent_description.lower()
        for word, scale in (("thousands", 1e3), ("millions", 1e6), ("billions", 1e9),
                            ("千元", 1e3), ("万元", 1e4), ("百万", 1e6), ("亿元", 1e8)):
            if word in d:
                return scale
        return 1.0

    _parent_description: str = ""

    @property
    def max_items(self) -> int:
        return int(self.schema.get("maxItems", 6))

    @property
    def max_chars(self) -> int | None:
        v = self.schema.get("maxLength")
        return int(v) if isinstance(v, int) else None


def _kind(schema: dict[str, Any], keys: tuple[str, ...]) -> str:
    hint = schema.get("x-o3-fill")
    if isinstance(hint, str) and hint in HINTS:
        return hint
    key = keys[-1] if keys else ""
    t = schema.get("type", "string")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "string")
    desc = str(schema.get("description", "")).lower()
    if t in ("number", "integer"):
        return "number"
    if t == "array":
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        if items.get("type") == "object":
            props = items.get("properties") or {}
            arrays = [k for k, v in props.items() if isinstance(v, dict) and v.get("type") == "array"]
            if any(k in props for k in ("heading", "title")) and arrays:
                return "sections"
            return "from-table"
        if key in ("partners", "customers", "investors", "clients", "names", "team"):
            return "names"
        return "bullets"
    if t == "string":
        if schema.get("format") in ("date", "date-time"):
            return "date"
        if key in ("memo", "body", "full_text", "document") or "memo" in desc:
            return "document"
        if key in ("name", "company", "company_name", "organization"):
            return "name"
        if key in ("launch", "since", "founded", "date", "deadline"):
            return "date"
        if key in ("description", "note", "summary", "about", "overview", "paragraph", "body"):
            return "text"
        return "headline"
    return "text"


def walk(schema: dict[str, Any]) -> list[Field]:
    """The fields of an object schema, in schema order (objects are walked into)."""
    from .words import stem

    fields = _walk(schema)
    keys = {f.key for f in fields}
    # a field under a scope (china.launch) fills only from text about it, so its key is no
    # rival of the others' words: "We launched on 3 May 2021" is the traction's since
    scoped = {f.key for f in fields if any(k in SCOPES for k in f.keys[:-1])}
    unscoped = {f.key for f in fields if not any(k in SCOPES for k in f.keys[:-1])}
    for f in fields:
        f.rivals = frozenset(stem(k) for k in keys if k != f.key and (k in unscoped or k not in scoped))
    return fields


def _walk(schema: dict[str, Any], keys: tuple[str, ...] = (), pointer: str = "",
          required: bool = True, parent_description: str = "") -> list[Field]:
    fields: list[Field] = []
    if schema.get("type") == "object" and isinstance(schema.get("properties"), dict):
        req = set(schema.get("required") or [])
        desc = str(schema.get("description", "")) or parent_description
        for name, sub in schema["properties"].items():
            if not isinstance(sub, dict):
                continue
            ptr = f"{pointer}/{name.replace('~', '~0').replace('/', '~1')}"
            if sub.get("type") == "object" and "x-o3-fill" not in sub:
                fields += _walk(sub, keys + (name,), ptr, required and name in req, desc)
            else:
                fields.append(_field(sub, keys + (name,), ptr, name in req and required, desc))
    return fields


def _field(schema: dict[str, Any], keys: tuple[str, ...], pointer: str, required: bool,
           parent_description: str) -> Field:
    f = Field(pointer, keys, schema, _kind(schema, keys), required)
    f._parent_description = parent_description
    if f.kind == "from-table":
        items = schema.get("items") or {}
        req = set(items.get("required") or [])
        for name, sub in (items.get("properties") or {}).items():
            if isinstance(sub, dict):
                child = _field(sub, keys + (name,), f"{pointer}/-/{name}", name in req,
                               str(schema.get("description", "")))
                f.children.append(child)
    return f
