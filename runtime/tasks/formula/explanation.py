"""Say a checked formula back in the request's language, from the formula itself.

Each reader used to write its own explanation line, in English whatever the
request's language, with placeholders ("B{r}") and generic names ("sales -
cost") leaking through; the model path had none.  Reading the final formula
instead gives one explanation for every answer, whoever wrote it, in the words
of the sheet's own headers (issue 16 item 5: "explain the formula back in the
request's language").  The phrases are data (``lexicon/explanation.json``); a
function without a phrase is said as ``NAME(arguments)``, so nothing is hidden.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .rowbase import lexicon
from .schema import SheetSchema

_CJK = re.compile(r"[\u3400-\u9fff]")
_REF = re.compile(r"^(?:('?)([^!]+)\1!)?(\$?)([A-Z]{1,3})(\$?)(\d+)(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?$")
_OPS = {">=": "≥", "<=": "≤", "<>": "≠", "=": "=", ">": ">", "<": "<"}
_PREC = {"=": 1, "<>": 1, "<": 1, ">": 1, "<=": 1, ">=": 1, "&": 2, "+": 3, "-": 3, "*": 4, "/": 4,
         "^": 5}
_CONDS = {"SUMIF": "if", "AVERAGEIF": "if", "COUNTIF": "if", "SUMIFS": "ifs", "AVERAGEIFS": "ifs",
          "MAXIFS": "ifs", "MINIFS": "ifs", "COUNTIFS": "ifs"}


@dataclass
class Node:
    kind: str  # num, text, bool, ref, call, bin, neg, pct
    value: str = ""
    args: list[Node] = field(default_factory=list)


def language(request: str) -> str:
    """``zh`` when the request has Chinese characters, else ``en``."""
    return "zh" if _CJK.search(request) else "en"


def inclusive_note(request: str, formula: str) -> str:
    """"（以上、以下含本数）" where a Chinese request bounds a number by 以上 / 以下 alone and the
    formula takes the number in (>= / <=): the common reading, said so the user can see which was
    taken (a bracket that says 不含 is a strict bound already and needs no note)."""
    if language(request) != "zh" or not re.search(r"\d\s*[\u4e00-\u9fff%％]{0,3}?(?:及|或)?(?:以上|以下)", request) \
            or not re.search(r">=|<=", formula):
        return ""
    return lexicon("explanation")["words"]["inclusive_bound"]["zh"]


def explain_formula(text: str, schema: SheetSchema | None, lang: str, *,
                    per_row: bool = False) -> str | None:
    """The formula in words, or ``None`` when it cannot be read (the caller keeps its own line)."""
    try:
        tree = _parse(text)
    except (ValueError, IndexError):
        return None
    said = _Sayer(schema, lang, per_row).say(tree)
    if per_row:
        said += lexicon("explanation")["words"]["per_row"][lang]
    return said


def _parse(text: str) -> Node:
    from openpyxl.formula import Tokenizer

    toks = [t for t in Tokenizer(text if text.startswith("=") else "=" + text).items
            if t.type != "WHITE-SPACE"]
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def expr(min_prec: int = 1) -> Node:
        nonlocal pos
        left = unary()
        while True:
            t = peek()
            if t is None or t.type != "OPERATOR-INFIX":
                return left
            prec = _PREC.get(t.value)
            if prec is None:
                raise ValueError(f"cannot say the operator {t.value}")
            if prec < min_prec:
                return left
            pos += 1
            left = Node("bin", t.value, [left, expr(prec + 1)])

    def unary() -> Node:
        nonlocal pos
        t = peek()
        if t is not None and t.type == "OPERATOR-PREFIX":
            pos += 1
            inner = unary()
            return inner if t.value == "+" else Node("neg", "-", [inner])
        node = atom()
        while peek() is not None and peek().type == "OPERATOR-POSTFIX":
            pos += 1
            node = Node("pct", "%", [node])
        return node

    def atom() -> Node:
        nonlocal pos
        t = peek()
        if t is None:
            raise ValueError("formula ends early")
        pos += 1
        if t.type == "OPERAND":
            kind = {"NUMBER": "num", "TEXT": "text", "LOGICAL": "bool", "RANGE": "ref"}.get(t.subtype)
            if kind is None:
                raise ValueError(f"cannot say {t.value}")
            return Node(kind, t.value[1:-1].replace('""', '"') if kind == "text" else t.value)
        if t.type == "PAREN" and t.subtype == "OPEN":
            inner = expr()
            if peek() is None or peek().type != "PAREN":
                raise ValueError("unbalanced parenthesis")
            pos += 1
            return inner
        if t.type == "FUNC" and t.subtype == "OPEN":
            name, args = t.value[:-1].upper().removeprefix("_XLFN."), []
            if peek() is not None and peek().type == "FUNC" and peek().subtype == "CLOSE":
                pos += 1
                return Node("call", name, args)
            while True:
                args.append(expr())
                t2 = peek()
                pos += 1
                if t2 is None:
                    raise ValueError("unclosed function")
                if t2.type == "FUNC" and t2.subtype == "CLOSE":
                    return Node("call", name, args)
                if t2.type != "SEP":
                    raise ValueError(f"unexpected {t2.value}")
        raise ValueError(f"cannot say {t.value}")

    tree = expr()
    if pos != len(toks):
        raise ValueError("text after the formula")
    return tree


class _Sayer:
    def __init__(self, schema: SheetSchema | None, lang: str, per_row: bool) -> None:
        self.schema, self.lang, self.per_row = schema, lang, per_row
        lex = lexicon("explanation")
        self.fn, self.words, self.units = lex["functions"], lex["words"], lex["datedif_units"]

    def w(self, key: str, **kw: str) -> str:
        return self.words[key][self.lang].format(**kw)

    def header(self, letter: str, sheet: str | None = None) -> str | None:
        schema = self.schema
        if schema is not None and sheet and sheet.upper() != schema.sheet.upper():  # Plans!B2:B5
            schema = next((o for n, o in schema.others.items() if n.upper() == sheet.upper()), None)
        if schema is None:
            return None
        for col in schema.columns:
            if col.letter == letter and str(col.header).strip():
                return str(col.header).strip()
        return None

    def ref(self, text: str) -> str:
        m = _REF.match(text)
        if not m:
            return text
        _q, sheet, a1, c1, a2, r1, a3, c2, a4, r2 = m.groups()
        sheet = sheet.replace("''", "'") if sheet else None
        name1 = self.header(c1, sheet)
        if c2 is None:  # one cell
            if name1 is None:
                return text
            return name1 if self.per_row else self.w("row_cell", col=name1, row=r1)
        name2 = self.header(c2, sheet)
        if c1 == c2:
            if name1 is None:
                return text
            if a2 == "$" and a4 != "$" and self.per_row:  # $D$2:D3, a running range
                return self.w("running", col=name1, row=r1)
            return name1
        if name1 and name2 and r1 == r2:  # B2:F2, across one row
            return self.w("span", a=name1, b=name2)
        return text

    def cond(self, rng: Node, crit: Node) -> str:
        col = self.say(rng)
        if crit.kind == "text":
            v = crit.value
            m = re.match(r"^(>=|<=|<>|=|>|<)(.*)$", v)
            if m:
                op, rest = m.groups()
                value = rest if re.fullmatch(r"-?\d+(\.\d+)?", rest) else (f"“{rest}”" if rest else
                                                                          self.w("empty"))
                if op == "=":
                    return self.w("is", col=col, v=value)
                return self.w("cmp", col=col, op=_OPS[op], v=value)
            if v.startswith("*") and v.endswith("*") and len(v) > 2:
                return self.w("contains", col=col, v=f"“{v[1:-1]}”")
            if v.endswith("*") and len(v) > 1:
                return self.w("starts", col=col, v=f"“{v[:-1]}”")
            if v.startswith("*") and len(v) > 1:
                return self.w("ends", col=col, v=f"“{v[1:]}”")
            return self.w("is", col=col, v=f"“{v}”")
        if crit.kind == "bin" and crit.value == "&" and crit.args[0].kind == "text" \
                and crit.args[0].value in _OPS:
            op = _OPS[crit.args[0].value]
            value = self.say(crit.args[1])
            if op == "=":
                return self.w("is", col=col, v=value)
            return self.w("cmp", col=col, op=op, v=value)
        return self.w("is", col=col, v=self.say(crit))

    def say(self, node: Node) -> str:
        k = node.kind
        if k == "num":
            return node.value
        if k == "text":
            return f"“{node.value}”" if node.value else self.w("empty")
        if k == "bool":
            return self.w("true" if node.value.upper() == "TRUE" else "false")
        if k == "ref":
            return self.ref(node.value)
        if k == "neg":
            return f"-{self.say(node.args[0])}"
        if k == "pct":
            return f"{self.say(node.args[0])}%"
        if k == "bin":
            left, right = (self.say(a) for a in node.args)
            if node.value == "&":
                return f"{left}{self.w('join')}{right}"
            op = {"*": "×", "/": "÷", "^": "^"}.get(node.value, _OPS.get(node.value, node.value))
            left = self.paren(node.args[0], node.value, left)
            right = self.paren(node.args[1], node.value, right, right_side=True)
            return f"{left} {op} {right}"
        return self.call(node)

    def grouped(self, node: Node) -> str:
        """An argument said inside a phrase: arithmetic in brackets, so that
        "(Sales × 1.13) rounded to 2 places" does not read as rounding 1.13 alone."""
        said = self.say(node)
        if node.kind == "bin" and node.value in "+-*/^&":
            return f"({said})" if self.lang == "en" else f"（{said}）"
        return said

    def paren(self, child: Node, op: str, said: str, right_side: bool = False) -> str:
        if child.kind != "bin" or child.value == "&":
            return said
        inner, outer = _PREC.get(child.value, 9), _PREC.get(op, 0)
        if inner < outer or (right_side and inner == outer and op in "-/"):
            return f"({said})"
        return said

    def call(self, node: Node) -> str:
        name, args = node.value, node.args
        lang = self.lang
        if name == "INDEX" and len(args) == 2 and args[1].kind == "call" and args[1].value == "MATCH" \
                and len(args[1].args) == 3:
            what, look_in = args[1].args[0], args[1].args[1]
            if what.kind == "call" and what.value in ("MAX", "MIN") and len(what.args) == 1 \
                    and self.say(what.args[0]) == self.say(look_in):
                most = {"MAX": {"en": "largest", "zh": "最大"}, "MIN": {"en": "smallest", "zh": "最小"}}
                col = self.say(look_in)
                return (f"the {self.say(args[0])} of the row with the {most[what.value]['en']} {col}"
                        if lang == "en" else f"{col}{most[what.value]['zh']}的那一行的{self.say(args[0])}")
            cond = self.w("is", col=self.say(look_in), v=self.say(what))
            return (f"the {self.say(args[0])} of the row where {cond}" if lang == "en"
                    else f"{cond}的那一行的{self.say(args[0])}")
        if name in _CONDS and name in self.fn:
            if _CONDS[name] == "if":
                value = args[2] if len(args) > 2 else args[0]
                pairs = [(args[0], args[1])] if len(args) >= 2 else []
            else:
                value = None if name == "COUNTIFS" else args[0]
                rest = args if name == "COUNTIFS" else args[1:]
                pairs = list(zip(rest[0::2], rest[1::2], strict=False))
            conds = self.words["and"][lang].join(self.cond(r, c) for r, c in pairs)
            return self.fn[name][lang].format(value=self.say(value) if value is not None else "",
                                              conds=conds)
        if name == "DATE" and len(args) == 3 and all(a.kind == "num" for a in args):
            y, m, d = (int(float(a.value)) for a in args)
            return f"{y:04d}-{m:02d}-{d:02d}" if lang == "en" else f"{y}年{m}月{d}日"
        if name == "DATEDIF" and len(args) == 3 and args[2].kind == "text" \
                and args[2].value.upper() in self.units:
            unit = self.units[args[2].value.upper()][lang]
            return self.fn[name][lang].format(self.say(args[0]), self.say(args[1]), unit)
        if name in ("RANK", "RANK.EQ") and len(args) == 3 and args[2].kind == "num" \
                and float(args[2].value) != 0:
            said = self.fn[name][lang].format(self.say(args[0]), self.say(args[1]))
            return said.replace("largest", "smallest").replace("最大", "最小")
        said = [self.grouped(a) for a in args]
        arity = 1 if name in ("LEFT", "RIGHT") and said[1:] == ["1"] else len(args)
        key = f"{name}/{arity}" if f"{name}/{arity}" in self.fn else name
        if name == "MOD" and said[1:] == ["1"]:  # MOD(end - start, 1): a span of time across midnight
            key = "MOD/day"
        phrase = self.fn.get(key, {}).get(lang)
        if phrase is None:
            return f"{name}({', '.join(said)})"
        joins = {"all": ", " if lang == "en" else "、", "all_and": self.words["and"][lang],
                 "all_or": self.words["or"][lang], "all_join": self.words["join"][lang]}
        extra = {k: j.join(said) for k, j in joins.items()}
        try:
            return phrase.format(*said, **extra)
        except (IndexError, KeyError):  # an argument count the phrase does not fit
            return f"{name}({', '.join(said)})"

