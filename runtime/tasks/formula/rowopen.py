"""A per-row value for the rows whose step is not done yet, the done rows left blank (issue 16
item 1): "没还的算算欠了多少天，还了的空着", "未完成的算一下等待天数，已完成的不填", "每笔没还的欠了几天？
已经还了的不用算", "按今天算，未还款的赊了几天".

The step is named by its verb (还, 完成, 转正), as :mod:`rowstates` finds it: the one column holding
the verb that is blank until the step happens.  The request says the open rows ("没还的", a
restriction before the value) and/or the done rows left out ("还了的空着", "已完成的不填"); the rest is
read on its own as one number and the answer is ``IF(<not done>,<number>,"")``.  A number that
already falls back on the step's column for the open rows ("借了多少天" = ``IF(F2="",today,F2)-C2``)
is its open-row branch.  The done rows said to get a value of their own ("已还的算到还款日期") make
the ask another one (no answer).  The "not done" rows left blank ("没完成的留空") are the opposite ask
(``rows._blank_guarded``).  Vocabulary: ``lexicon/rows.json`` open_only.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .rowbase import RowReading, lexicon
from .rowstates import _column, _same_step
from .schema import SheetSchema


def _step(verb: str, schema: SheetSchema):
    """The column recording step ``verb`` and its not-done test, or None (as :mod:`rowstates`)."""
    return _column(schema, verb) or (_column(schema, verb[0]) if len(verb) > 1 else None)


def read(request: str, schema: SheetSchema,
         inner: Callable[[str], RowReading | None]) -> RowReading | None:
    """The reading of ``request`` for its open rows only, or None."""
    lex = lexicon("rows")["open_only"]
    text = request.strip()
    verb, spans = None, []
    left_out = "|".join(re.escape(w) for w in sorted(lex["left_out"], key=len, reverse=True))
    for key in ("done_blank", "open"):
        for pat in lex[key]:
            pat = pat.replace("{left_out}", left_out)
            for m in re.finditer(pat, text):
                if key == "done_blank" and not (m.group("yi") or m.group("le")):
                    continue  # "还的不填": neither 已 nor 了 says the step was done
                verb = _same_step(verb, m.group("v"))
                if verb is None:
                    return None
                spans.append(m.span())
    if verb is None or not spans:
        return None
    for pat in lex["done_said"]:  # "已还的算到还款日期，没还的算到今天": the done rows get a value of their own
        if any(not any(a <= m.start() < b for a, b in spans) and _same_step(verb, m.group("v")) is not None
               for m in re.finditer(pat, text)):
            return None
    found = _step(verb, schema)
    if found is None:
        return None
    col, test = found
    rest = list(text)
    for a, b in spans:
        rest[a:b] = "，" * (b - a)
    said = re.sub(r"[，,]{2,}", "，", "".join(rest)).strip("，,；;。.？?！! ")
    if not said:
        return None
    reading = inner(said)
    if reading is None or not reading.template.startswith("="):
        return None
    body = reading.template[1:]
    cell = re.escape(f"{col.letter}{{r}}")
    fallback = re.fullmatch(rf'IF\({cell}="",(?P<open>[^,()]+(?:\([^()]*\))?),{cell}\)(?P<rest>-[A-Z]{{1,3}}\{{r\}})', body)
    if fallback is not None:
        body = fallback.group("open") + fallback.group("rest")
    if '"' in body or re.search(rf"(?<![A-Z$]){cell}", body) or re.search(r"\b(?:IF|IFS|AND|OR)\(", body):
        return None  # a label, or a number that reads the step's own column otherwise: not said
    return RowReading(f'=IF({test},{body},"")', f"{reading.explanation}，{col.header}为空（还没有{verb}）的行；其余留空",
                      reading.consumed)
