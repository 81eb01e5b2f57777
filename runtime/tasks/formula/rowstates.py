"""A label for whether a row's step is done yet (issue 16 item 1): "没取写未取，取了的写已取",
"取衣状态：已取/未取", "标出在售还是已售", "没付的标待付，付了的空着".

A clerk names the step by its verb (取, 付, 售), not by the column that records it; the
sheet records it in the one column whose header holds that verb: a date left blank until the
step happens (取衣日期, 售出日期), or a 是/否 column (已付).  The labels are the request's own:
the not-done one said after the negated verb, or the one of a pair that starts with a
not-yet word (未取 / 已取, 在售 还是 已售).  Anything unclear (no such column, two of them, a
label missing): no answer.  Vocabulary: ``lexicon/labels.json`` state.
"""

from __future__ import annotations

import re

from .rowbase import RowReading, blank_on_table_rows, lexicon, ref, table_values, values
from .schema import Column, SheetSchema


def _column(schema: SheetSchema, verb: str) -> tuple[Column, str] | None:
    """The one column recording step ``verb``, and the test that it is not done yet."""
    found = []
    for c in schema.columns:
        if verb not in c.header:
            continue
        vals = table_values(schema, c) if c.type == "date" else values(schema, c)
        timed = c.type == "date" or c.type in ("text", "mixed") and re.search(r"时间|日期|时刻", c.header)
        if c.type != "date" and timed:
            vals = table_values(schema, c)  # 取机时间 kept as text ("14:30"): blank until the step happens
        if timed and any(v in (None, "") for v in vals) and any(v not in (None, "") for v in vals):
            found.append((c, f'{ref(c)}=""'))
        elif c.type in ("text", "mixed"):
            said = {str(v).strip() for v in vals if v not in (None, "")}
            yes_no = [p for p in lexicon("labels")["state"]["yes_no"] if said and said <= set(p)]
            if yes_no and blank_on_table_rows(schema, c):
                found.append((c, f'{ref(c)}<>"{yes_no[0][0]}"'))  # 是 / 否 and blanks: a blank is not done yet
            elif yes_no:
                found.append((c, f'{ref(c)}="{yes_no[0][1]}"'))
    return found[0] if len(found) == 1 else None


def _same_step(verb: str | None, v: str) -> str | None:
    """The step two clauses name, or None when they name two: "还没交货的…，交了的…" name one
    step, 交货 said once whole and once by its verb 交 (the longer kept, it finds the column); "没完成…，
    完成了的…" name one, 完成 said whole and by its last character before 了."""
    if verb is None or verb == v:
        return v
    if verb.startswith(v) or v.startswith(verb) or verb.endswith(v) or v.endswith(verb):
        return max(verb, v, key=len)  # "没完成…，完成了的…": 了 takes the verb's last character
    return None


def _other_label(label: str, done: str, schema: SheetSchema) -> bool:
    """Whether ``label`` can be the not-done label beside ``done`` ("借出中" beside "已归还"): no
    column's header nor a value of the sheet, nor the done label."""
    if label == done or any(label in c.header or c.header in label for c in schema.columns):
        return False
    return not any(label == str(v).strip() for c in schema.columns if c.type in ("text", "mixed")
                   for v in values(schema, c))


def _asked(text: str, lex: dict) -> tuple[str, tuple[int, int]] | None:
    """The state asked ("判断每笔还没还", "交货状态"; ``lexicon/labels.json`` state.asked): the step and
    the span read.  It only accounts for those words beside labels said; no labels are made of it."""
    for pat in lex["asked"]:
        m = re.search(pat, text)
        if m is not None:
            if "(?P=v)" in pat and m.group("o"):
                # "缴没缴费", "交没交货": whether the labels are 已缴 / 未缴 or 已缴费 / 未缴费 is the user's
                # to say (both are written); guessing gave one or the other wrong, so ask for them
                continue
            step = m.group("v") + (m.group("o") or "")
            return step, m.span()
    return None


def read(request: str, schema: SheetSchema) -> tuple[RowReading, str] | None:
    """The state label's reading and ``request`` with the words it read blanked; None if unclear."""
    lex = lexicon("labels")["state"]
    text = request.strip()
    labels: dict[str, str] = {}
    verb = None
    verbs_said: set[str] = set()
    spans: list[tuple[int, int]] = []
    for key in ("not_done", "done", "pair_done", "pair", "else"):
        for pat in lex[key]:
            for m in re.finditer(pat, text):
                if key in ("pair", "pair_done") and any(a < m.end() and m.start() < b for a, b in spans):
                    continue  # "已回寄/未回寄" read whole: its "回寄/未回" is no second pair
                g = m.groupdict()
                if key == "pair_done":
                    if g["o"][0] in lex["not_yet"] and g["o"][1:] == g["s"]:
                        continue  # "已取/未取": a pair of one verb, read as such below
                    if g["o"][0] in "未没":
                        return None  # "已寄回/未寄出": two steps, not one pair ("在借" is a state)
                    if not _other_label(g["o"], g["d"], schema):
                        return None
                    verb = _same_step(verb, g["s"])
                    if verb is None:
                        return None
                    labels.setdefault("not_done", g["o"])
                    labels.setdefault("done", g["d"])
                    spans.append(m.span())
                    continue
                v = g.get("v")
                if v is not None:
                    verb = _same_step(verb, v)
                    verbs_said.add(v)
                    if verb is None:
                        return None  # two steps named
                if key == "pair":
                    a, b = g["a"], g["b"]
                    if a[1:] != b[1:] or (a[0] in lex["not_yet"]) == (b[0] in lex["not_yet"]):
                        return None
                    nd, d = (a, b) if a[0] in lex["not_yet"] else (b, a)
                    pv = nd[1:]
                    if len(pv) > 3 or verb not in (None, pv):
                        return None
                    verb = pv
                    labels.setdefault("not_done", nd)
                    labels.setdefault("done", d)
                elif key in ("not_done", "done", "else"):
                    said = g.get("label")
                    said = "" if said is None or re.fullmatch(lex["blank"], said) else said
                    slot = "done" if key == "else" else key
                    if slot in labels and labels[slot] != said:
                        return None
                    labels[slot] = said
                spans.append(m.span())
    asked = _asked(text, lex)
    # A state asked with no labels said ("交接状态", "I列标还款状态") gets none made up: the labels are
    # the user's to say (未交接 / 未完成 / 未还 / 未还款 ...), and a guess was wrong three times in the
    # fresh sets (dev19, dev21, dev22) for one time right (dev12's 交货状态列).
    if asked is not None and verb is not None and _same_step(verb, asked[0]) == verb \
            and not any(a < asked[1][1] and asked[1][0] < b for a, b in spans):
        spans.append(asked[1])  # "判断每笔还没还，没还写未还，还了写已还": the state asked, then its labels
    if verb is None or set(labels) != {"not_done", "done"} or labels["not_done"] == labels["done"] \
            or not (labels["not_done"] or labels["done"]):
        return None
    # "没完成…，完成了…" (成 said for 完成) names the header's 完成 whole; "缴清了…" is no 缴 column's
    tail = any(verb != v and verb.endswith(v) and not verb.startswith(v) for v in verbs_said)
    found = _column(schema, verb) or (_column(schema, verb[0]) if len(verb) > 1 and not tail else None)
    if found is None:
        return None
    col, test = found
    # "完成了的…": the done clause read from 成 (its last character); 完 before it is the verb's too
    spans = [(a - k, b) if 0 < (k := len(verb) - 1) <= a and text[a - k:a - k + len(verb)] == verb else (a, b)
             for a, b in spans]
    rest = list(text)
    for a, b in spans:
        rest[a:b] = " " * (b - a)
    nd, d = labels["not_done"], labels["done"]
    return (RowReading(f'=IF({test},"{nd}","{d}")', f"“{nd or '（空）'}”：{col.header}还没有{verb}；否则“{d or '（空）'}”"),
            "".join(rest))
