"""The ``inputs`` schema and sample data of an imported template, inferred from its tags.

An author who types ``{{ company.name }}`` into a slide means an object
``company`` with a string ``name``; ``{% for r in rows %}`` ... ``{{ r.region }}``
means an array of objects with a ``region``; ``{{ total | currency("$") }}``,
``{{ a * b }}`` or ``{{ x > 3 }}`` mean numbers, ``| date(...)`` a date.  Every
tag of the body is parsed with the template language's expression grammar
(docs/template-format.md: filters loosest, then ``or and not``, comparisons,
``+ - ~``, ``* / %``, unary minus, then paths), and each path is given the
strongest type its uses say: an object when something is read from it, an
array when it is looped over or indexed, then number, date, string, and a
boolean when it is only tested.  ``user.*`` are context values (they go to
``samples/context.json``); ``loop``, ``page`` and ``ai`` are the runtime's.

The sample data is readable placeholder values ("Company name", 1234.5,
2026-05-10, three rows per array), so the imported template renders at once
and shows where each value goes; data the deck itself holds (a chart's
numbers) is passed in as ``known`` and used as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .tags import STATEMENT, TAG

#: filters whose input is a number
NUMBER_FILTERS = frozenset({"number", "currency", "percent", "round", "abs", "cny_upper"})
#: filters whose input is text
STRING_FILTERS = frozenset({"upper", "lower", "truncate"})
#: filters whose input is a list (``attribute=`` names a property of its items)
LIST_FILTERS = frozenset({"length", "first", "last", "join", "sort", "map", "sum", "min", "max",
                          "groupby", "selectattr", "rejectattr"})
#: filters whose attribute is numeric
_NUMERIC_ATTRIBUTE = frozenset({"sum", "min", "max"})
#: names the runtime provides, never inputs
RUNTIME_ROOTS = frozenset({"loop", "page", "ai"})
CONTEXT_ROOT = "user"
ITEM = "[]"
MAX_TAGS = 20_000

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<num>\d+(?:\.\d+)?)
  | (?P<name>[^\W\d]\w*)
  | (?P<op>\.\[|==|!=|<=|>=|[.\[\](),|=<>+\-*/%~])
  | (?P<bad>.)
""", re.X | re.S)


class ExprSyntax(Exception):
    """The tag is not an expression this grammar reads (the layout module will say why)."""


@dataclass(frozen=True)
class Path:
    """A data path: ``("company", "name")``; ``ITEM`` stands for any element of an array."""

    keys: tuple[str, ...]


@dataclass
class Node:
    """What the uses of one path say about it."""

    kinds: set[str] = field(default_factory=set)
    children: dict[str, Node] = field(default_factory=dict)
    item: Node | None = None
    optional: bool = False
    percent: bool = False

    def child(self, key: str) -> Node:
        self.kinds.add("object")
        return self.children.setdefault(key, Node())

    def items(self) -> Node:
        self.kinds.add("array")
        if self.item is None:
            self.item = Node()
        return self.item


class _Parser:
    """One expression, parsed only as far as it says something about data paths."""

    def __init__(self, text: str, scope: Inference) -> None:
        self.tokens = []
        for m in _TOKEN.finditer(text):
            kind = m.lastgroup
            if kind == "ws":
                continue
            if kind == "bad":
                raise ExprSyntax(text)
            self.tokens.append((kind, m.group(0)))
        self.pos = 0
        self.scope = scope

    def peek(self, offset: int = 0) -> tuple[str, str] | None:
        i = self.pos + offset
        return self.tokens[i] if i < len(self.tokens) else None

    def take(self, value: str | None = None) -> tuple[str, str]:
        tok = self.peek()
        if tok is None or (value is not None and tok[1] != value):
            raise ExprSyntax(value or "end")
        self.pos += 1
        return tok

    def at(self, value: str) -> bool:
        tok = self.peek()
        return tok is not None and tok[1] == value and tok[0] in ("op", "name")

    def done(self) -> bool:
        return self.pos >= len(self.tokens)

    # grammar -----------------------------------------------------------------------------
    def expression(self) -> Any:
        value = self.or_()
        while self.at("|"):
            self.take("|")
            value = self.filter(value)
        return value

    def filter(self, value: Any) -> Any:
        name = self.take()[1]
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        if self.at("("):
            self.take("(")
            while not self.at(")"):
                if self.peek() and self.peek()[0] == "name" and self.peek(1) \
                        and self.peek(1)[1] == "=":
                    key = self.take()[1]
                    self.take("=")
                    kwargs[key] = self.or_()
                else:
                    args.append(self.or_())
                if not self.at(")"):
                    self.take(",")
            self.take(")")
        return self.scope.apply_filter(value, name, args, kwargs)

    def or_(self) -> Any:
        value = self.and_()
        while self.at("or"):
            self.take()
            self.scope.use(value, "boolean")
            self.scope.use(self.and_(), "boolean")
            value = None
        return value

    def and_(self) -> Any:
        value = self.not_()
        while self.at("and"):
            self.take()
            self.scope.use(value, "boolean")
            self.scope.use(self.not_(), "boolean")
            value = None
        return value

    def not_(self) -> Any:
        if self.at("not"):
            self.take()
            self.scope.use(self.not_(), "boolean")
            return None
        return self.comparison()

    def comparison(self) -> Any:
        left = self.additive()
        tok = self.peek()
        if tok and tok[1] in ("==", "!=", "<", "<=", ">", ">="):
            self.take()
            right = self.additive()
            for a, b in ((left, right), (right, left)):
                if isinstance(b, (int, float)) and not isinstance(b, bool):
                    self.scope.use(a, "number")
                elif isinstance(b, str):
                    self.scope.use(a, "string")
                elif tok[1] not in ("==", "!="):
                    self.scope.use(a, "number")
            return None
        return left

    def additive(self) -> Any:
        value = self.multiplicative()
        while self.peek() and self.peek()[1] in ("+", "-", "~"):
            op = self.take()[1]
            right = self.multiplicative()
            kind = "string" if op == "~" else "number"
            self.scope.use(value, kind)
            self.scope.use(right, kind)
            value = None
        return value

    def multiplicative(self) -> Any:
        value = self.unary()
        while self.peek() and self.peek()[1] in ("*", "/", "%"):
            self.take()
            right = self.unary()
            self.scope.use(value, "number")
            self.scope.use(right, "number")
            value = None
        return value

    def unary(self) -> Any:
        if self.at("-"):
            self.take()
            self.scope.use(self.unary(), "number")
            return None
        return self.postfix(self.primary())

    def primary(self) -> Any:
        kind, text = self.take()
        if kind == "num":
            return float(text) if "." in text else int(text)
        if kind == "str":
            return text[1:-1]
        if kind == "name":
            if text in ("true", "false"):
                return text == "true"
            if text == "null":
                return None
            return self.scope.lookup(text)
        if text == "(":
            value = self.expression()
            self.take(")")
            return value
        raise ExprSyntax(text)

    def postfix(self, value: Any) -> Any:
        while True:
            if self.at("."):
                self.take(".")
                kind, key = self.take()
                if kind == "num":
                    value = self.scope.index(value)
                elif kind == "name" and isinstance(value, Path):
                    value = Path(value.keys + (key,))
                    self.scope.node(value)
                elif kind == "name":
                    value = None
                else:
                    raise ExprSyntax(key)
            elif self.at("[") or self.at(".["):
                self.take()
                key = self.expression()
                self.take("]")
                if isinstance(key, str) and isinstance(value, Path):
                    value = Path(value.keys + (key,))
                    self.scope.node(value)
                else:
                    value = self.scope.index(value)
            else:
                return value


class Inference:
    """The schema every tag of a template body implies, built tag by tag."""

    def __init__(self) -> None:
        self.root = Node()
        self.context: dict[str, None] = {}
        #: loop variables and {% set %} names, innermost last: name -> Path or None
        self.frames: list[dict[str, Path | None]] = [{}]

    # value plumbing ------------------------------------------------------------------------
    def lookup(self, name: str) -> Path | None:
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        if name in RUNTIME_ROOTS:
            return None
        if name == CONTEXT_ROOT:
            return Path((CONTEXT_ROOT,))
        path = Path((name,))
        self.node(path)
        return path

    def node(self, path: Path) -> Node | None:
        if not path.keys or path.keys[0] == CONTEXT_ROOT:
            if len(path.keys) == 2:
                self.context.setdefault(path.keys[1], None)
            return None
        node = self.root
        for key in path.keys:
            node = node.items() if key == ITEM else node.child(key)
        return node

    def index(self, value: Any) -> Path | None:
        if isinstance(value, Path):
            self.node(value)
            if value.keys and value.keys[0] != CONTEXT_ROOT:
                path = Path(value.keys + (ITEM,))
                self.node(path)
                return path
        return None

    def use(self, value: Any, kind: str, *, percent: bool = False) -> None:
        if not isinstance(value, Path):
            return
        node = self.node(value)
        if node is not None:
            node.kinds.add(kind)
            node.percent = node.percent or percent

    def apply_filter(self, value: Any, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        if name == "default":
            node = self.node(value) if isinstance(value, Path) else None
            if node is not None:
                node.optional = True
            return value
        if name in NUMBER_FILTERS:
            self.use(value, "number", percent=name == "percent")
            return None
        if name == "date":
            self.use(value, "date")
            return None
        if name in STRING_FILTERS:
            self.use(value, "string")
            return None
        if name in LIST_FILTERS and isinstance(value, Path):
            item = self.index(value)
            attribute = kwargs.get("attribute", args[0] if args and name not in ("join",) else None)
            if name == "join":
                attribute = kwargs.get("attribute", args[1] if len(args) > 1 else None)
            if isinstance(attribute, str) and item is not None:
                prop = Path(item.keys + tuple(attribute.split(".")))
                self.use(prop, "number" if name in _NUMERIC_ATTRIBUTE else "string")
            if name in ("first", "last"):
                return item
            if name in ("sort", "selectattr", "rejectattr"):
                return value
            if name == "map" and isinstance(attribute, str) and item is not None:
                return None
            return None
        return None

    # tags ----------------------------------------------------------------------------------
    def tag(self, tag: str, numeric: bool = False) -> None:
        """Read one tag (``{{ }}``, ``{% %}`` or ``{# #}``) in body order."""
        if tag.startswith("{#"):
            return
        if tag.startswith("{{"):
            inner = tag[2:-2].strip().strip("-").strip()
            value = _Parser(inner, self)
            result = value.expression()
            if not value.done():
                raise ExprSyntax(inner)
            self.use(result, "number" if numeric else "string")
            return
        match = STATEMENT.fullmatch(tag.strip())
        if match is None:
            return
        keyword, rest = match.group(1), match.group(2).strip()
        if keyword == "for":
            head = re.match(r"([^\W\d]\w*)\s+in\s+(.*)$", rest, re.S)
            if head is None:
                raise ExprSyntax(rest)
            parser = _Parser(head.group(2), self)
            iterable = parser.expression()
            item = self.index(iterable) if isinstance(iterable, Path) else None
            self.frames.append({head.group(1): item, "loop": None})
        elif keyword == "endfor":
            if len(self.frames) > 1:
                self.frames.pop()
        elif keyword in ("if", "elif"):
            parser = _Parser(rest, self)
            self.use(parser.expression(), "boolean")
        elif keyword == "set":
            head = re.match(r"([^\W\d]\w*)\s*=\s*(.*)$", rest, re.S)
            if head is None:
                raise ExprSyntax(rest)
            value = _Parser(head.group(2), self).expression()
            self.frames[-1][head.group(1)] = value if isinstance(value, Path) else None


def infer(body: str) -> Inference:
    """Read every tag of a template body; a tag inside ``<v>`` (a chart value) is a number."""
    inference = Inference()
    for count, match in enumerate(TAG.finditer(body)):
        if count >= MAX_TAGS:
            break
        before = body[max(0, match.start() - 8):match.start()].rstrip()
        numeric = before.endswith("<v>")
        try:
            inference.tag(match.group(0), numeric)
        except (ExprSyntax, RecursionError):
            continue  # validate reports it with its line:column
    return inference


def _kind(node: Node) -> str:
    for kind in ("object", "array", "number", "date", "string"):
        if kind in node.kinds:
            return kind
    return "boolean" if "boolean" in node.kinds else "string"


def _words(keys: tuple[str, ...]) -> str:
    named = [k for k in keys if k != ITEM]
    text = " ".join(named[-2:]).replace("_", " ").strip() or "value"
    return text[:1].upper() + text[1:]


def schema_of(node: Node) -> dict[str, Any]:
    kind = _kind(node)
    if kind == "object":
        props = {k: schema_of(v) for k, v in node.children.items()}
        required = [k for k, v in node.children.items() if not v.optional and _kind(v) != "boolean"]
        out: dict[str, Any] = {"type": "object", "properties": props}
        if required:
            out["required"] = required
        return out
    if kind == "array":
        return {"type": "array", "items": schema_of(node.item or Node())}
    if kind == "date":
        return {"type": "string", "format": "date"}
    return {"type": kind}


def sample_of(node: Node, keys: tuple[str, ...] = (), index: int = 0) -> Any:
    kind = _kind(node)
    if kind == "object":
        return {k: sample_of(v, keys + (k,), index) for k, v in node.children.items()}
    if kind == "array":
        return [sample_of(node.item or Node(), keys + (ITEM,), i + 1) for i in range(3)]
    if kind == "number":
        base = 0.125 if node.percent else 1234.5
        return base * index if index else base
    if kind == "date":
        return f"2026-05-{10 + index:02d}"
    if kind == "boolean":
        return True
    return _words(keys) + (f" {index}" if index else "")


def schema_of_value(value: Any) -> dict[str, Any]:
    """The schema of a known value (a chart's rows): types as the value has them."""
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, (int, float)):
        return {"type": "number"}
    if isinstance(value, list):
        return {"type": "array", "items": schema_of_value(value[0]) if value else {}}
    if isinstance(value, dict):
        return {"type": "object", "properties": {k: schema_of_value(v) for k, v in value.items()},
                "required": list(value)}
    return {"type": "string"}


def build(body: str, known: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
    """(inputs schema, sample data, sample context) for a template body.

    ``known`` holds data the deck carries for some top-level keys (a chart's
    categories and values); those keys get that data and its types.
    """
    inference = infer(body)
    root = schema_of(inference.root) if inference.root.children else {"type": "object",
                                                                       "properties": {}}
    sample = sample_of(inference.root) if inference.root.children else {}
    for key, value in known.items():
        root.setdefault("properties", {})[key] = schema_of_value(value)
        root.setdefault("required", [])
        if key not in root["required"]:
            root["required"].append(key)
        sample[key] = value
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **root}
    context = {key: _words((key,)) for key in inference.context}
    return schema, sample, context
