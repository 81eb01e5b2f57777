"""A Chinese status label decided by whether a column is filled in (issue 16 item 1):
"有还款日期写已还清，没有写未还清", "空的是审查中，不空是已授权", "结账是“是”的写已结，不然写未结",
"退宿日期空着就写在住，其余写已退宿", "归还日期有值的标已还，否则标未还".

Each clause is a condition and the label it gets (said after 写 / 标 / 显示 / 填 / 算 / 记为 / 是 / 为).
A condition says the column is blank (为空, 空着, 没填, 没有…, bare 空的 / 没有), filled (有…, 不空,
有值, 填了), 是 (a 是/否 column said to be 是) or not 是, or it is the else word (否则, 其余, 不然).
The two clauses must name one column between them and its two sides, each with its own label.
A blank cell is "not yet": a date or text column blank on some rows is tested ``=""``; a 是
column (是 and blanks, or 是 / 否) is tested ``="是"``, its blanks among the not-done rows.
A heading ("H列标注还款状态：") and where the result goes ("写在H列") are left for the caller's
residue check; any other clause, a label not said, or a label that is a column's name: no answer.
Vocabulary: ``lexicon/zhfilled.json``.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, blank_on_table_rows, is_zh, lexicon, mentions, ref, table_values
from .schema import Column, SheetSchema

_SPLIT = re.compile(r"[，,；;。！!]")
_LABEL = re.compile(r"[“\"「『']?(?P<lab>[\u4e00-\u9fffA-Za-z0-9]{1,8})[”\"」』']?")
_QUOTED_YES = r"[“\"「『']?是[”\"」』']?"


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _clause(part: str, lex: dict) -> tuple[str, str, int] | None:
    """(condition, label, where the label starts) of one clause: the last marking verb whose
    rest is one label, or a blank-words branch ("其他空着") read as ""."""
    verbs = _alt(lex["verbs"])
    for m in reversed(list(re.finditer(rf"(?=({verbs}))", part))):
        start, end = m.start(), m.start() + len(m.group(1))
        said = re.sub(r"^(?:一下|一个|个)", "", part[end:].strip())  # "标一下待调休": the label after 一下
        cond = part[:start].strip()
        if not cond:
            continue
        if said in lex["blank_labels"]:
            return cond, "", end
        lab = _LABEL.fullmatch(said)
        if lab is not None and "的" not in lab.group("lab"):
            return cond, lab.group("lab"), end
    tail = re.fullmatch(rf"(?P<c>.+?)(?:的)?(?P<b>{_alt(lex['blank_labels'])})", part.strip())
    if tail is not None:  # "其他空着", "没完成的留空"
        return tail.group("c"), "", tail.start("b")
    return None


def _column(said: str, schema: SheetSchema) -> Column | None:
    """The one column ``said`` names whole (with 那列 / 一栏 after it)."""
    from .rows import _mention_end

    said = re.sub(r"(?:那一?列|这一?列|一栏|一列|那栏|栏|列)$", "", said.strip())
    ms = mentions(said, schema)
    if len({c.letter for _, c in ms}) != 1 or ms[0][0] != 0 or _mention_end(said, 0, ms[0][1], schema) < len(said):
        return None
    return ms[0][1]


def _kind(cond: str, schema: SheetSchema, lex: dict) -> tuple[str, Column | None, str | None] | None:
    """(blank | filled | yes | no | else, the column named or None, a word naming it in part)."""
    cond = re.sub(rf"^(?:{_alt(lex['leads'])})", "", cond.strip())
    if re.sub(r"的$", "", cond) in lex["else"]:  # (否则 before its 则 is taken off)
        return "else", None, None
    cond = re.sub(rf"(?:{_alt(lex['trails'])})+$", "", cond).strip()
    if cond in lex["else"]:
        return "else", None, None
    unit = r"(?:那一?列|这一?列|一栏|一列|那栏|栏|列)?"
    for kind in ("blank", "filled"):
        if cond in lex[f"{kind}_alone"]:
            return kind, None, None
    done = _done_verb(cond, schema, lex)
    if done is not None:
        return done
    for kind, words in (("no", lex["not_yes"]), ("yes", lex["is_yes"])):
        m = re.fullmatch(rf"(?P<c>.+?){unit}(?:{_alt(words)})\s*{_QUOTED_YES}", cond)
        if m is not None:
            col = _column(m.group("c"), schema)
            return (kind, col, None) if col is not None else None
    for kind in ("blank", "filled"):
        m = re.fullmatch(rf"(?P<c>.+?){unit}(?:{_alt(lex[f'{kind}_after'])})", cond) \
            or re.fullmatch(rf"(?:{_alt(lex[f'{kind}_before'])})(?P<c>.+?)", cond)
        if m is None:
            continue
        col = _column(m.group("c"), schema)
        if col is not None:
            return kind, col, None
        if re.fullmatch(r"[\u4e00-\u9fff]{1,4}", m.group("c")):
            return kind, None, m.group("c")  # "有日期就是已还清": the column named in part, found by the other clause
        return None
    return None


def _done_verb(cond: str, schema: SheetSchema, lex: dict) -> tuple[str, Column, None] | None:
    """A 已… column named by its verb: "还没调休" is its not-yes side, "调过" / "已调休" / "调休了" its
    yes side (已调休: 调休, or 调 before 过 / 了)."""
    for kind, pat in (("no", rf"(?:{_alt(lex['not_done'])})(?P<v>[\u4e00-\u9fff]{{2,4}})"),
                      ("yes", r"(?:已经|已)?(?P<v>[\u4e00-\u9fff]{1,4}?)(?:过了|过|了)"),
                      ("yes", r"(?:已经|已)(?P<v>[\u4e00-\u9fff]{2,4})")):
        m = re.fullmatch(pat, cond)
        if m is None:
            continue
        v = m.group("v")
        cols = [c for c in schema.columns if c.header.strip().startswith("已") and len(c.header.strip()) >= 3
                and (c.header.strip()[1:] == v or kind == "yes" and c.header.strip()[1:].startswith(v))]
        if len(cols) == 1:
            return kind, cols[0], None
    return None


def _yes_column(schema: SheetSchema, col: Column) -> bool | None:
    """True for a column of 是 (and blanks or 否), False for one blank on some rows and filled on
    others (a date, a note), None for neither."""
    said = {str(v).strip() for v in table_values(schema, col) if v not in (None, "") and str(v).strip()}
    if col.type in ("text", "mixed") and said and said <= {"是", "否"} and "是" in said:
        return True
    if said and blank_on_table_rows(schema, col):
        return False
    return None


def read(request: str, schema: SheetSchema) -> tuple[RowReading, str] | None:
    """The reading and ``request`` with its clauses blanked, or None."""
    if not is_zh(request):
        return None
    lex = lexicon("zhfilled")
    text = request.strip()
    head = re.match(r"[^：:，,；;]{1,20}[：:]", text)
    body_at = head.end() if head else 0
    clauses: list[tuple[str, Column | None, str | None, str]] = []
    spans: list[tuple[int, int]] = []
    clauses_named: list[Column] = []
    pos = body_at
    for part in _SPLIT.split(text[body_at:]):
        at, pos = pos, pos + len(part) + 1
        if not part.strip():
            continue
        if re.fullmatch(lex["placed"], part.strip()):
            continue  # "写在H列": where the result goes, the caller's
        topic = re.fullmatch(lex["topic"], part.strip())
        if topic is not None and _column(topic.group("c"), schema) is not None:
            clauses_named.append(_column(topic.group("c"), schema))
            continue  # "用IF判断授权日是否为空": the column asked about, the clauses say the labels
        read = _clause(part, lex)
        kind = _kind(read[0], schema, lex) if read else None
        if kind is None:
            return None
        clauses.append((*kind, read[1]))
        spans.append((at, at + len(part)))
    if len(clauses) != 2:
        return None
    cols = {c.letter: c for _, c, _, _ in clauses if c is not None} | {c.letter: c for c in clauses_named}
    titled = _column(head.group()[:-1], schema) if head else None
    if titled is not None and set(cols) <= {titled.letter}:  # "归还日期：空=未还，不空=已还": the column as the heading
        cols = {titled.letter: titled}
    if len(cols) != 1:
        return None
    col = next(iter(cols.values()))
    if any(stem is not None and stem not in col.header for _, _, stem, _ in clauses):
        return None  # "有发票的" names another column than the one the other clause tests
    yes = _yes_column(schema, col)
    if yes is None or col.type == "number":
        return None
    kinds = [k for k, _, _, _ in clauses]
    if not yes and any(k in ("yes", "no") for k in kinds):
        return None
    done = {"filled": True, "yes": True, "blank": False, "no": False}
    if yes and "blank" in kinds and "否" in {str(v).strip() for v in table_values(schema, col) if v is not None}:
        return None  # "空的写未结" on a column of 是, 否 and blanks: the 否 rows? not said
    sides = [done.get(k) for k in kinds]
    if sides.count(None) == 2:
        return None
    if None in sides:
        sides[sides.index(None)] = not sides[1 - sides.index(None)]
    if sides[0] == sides[1]:
        return None
    labels = {side: lab for side, (_, _, _, lab) in zip(sides, clauses, strict=True)}
    if labels[True] == labels[False] or not (labels[True] or labels[False]):
        return None
    from .rowlabels import _names

    names = {n for c in schema.columns for n in _names(c, schema)}
    if any(lab in names and not (yes and lab == col.header.strip()) for lab in labels.values()):
        return None  # a label that is a column's name: the column shown, or a word? not said
    test = f'{ref(col)}="是"' if yes else f'{ref(col)}=""'
    then, other = (labels[True], labels[False]) if yes else (labels[False], labels[True])
    why = f"“{then or '（空）'}”：{col.header}{'为是' if yes else '为空'}；否则“{other or '（空）'}”"
    rest = list(request)
    for a, b in spans:
        rest[a:b] = " " * (b - a)
    return RowReading(f'=IF({test},"{then}","{other}")', why), "".join(rest)
