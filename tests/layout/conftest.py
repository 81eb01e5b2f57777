"""Shared helpers of the layout tests: one real engine, small template builders."""

from __future__ import annotations

from typing import Any

import pytest

from o3local.layout import LayoutEngine, LayoutResult


@pytest.fixture(scope="session")
def engine() -> LayoutEngine:
    return LayoutEngine.shared()


def doc(body: str, lang: str = "en", kind: str = "presentation") -> str:
    return f'<document kind="{kind}" width="10in" height="5.625in" lang="{lang}"><page>{body}</page></document>'


def text_box(content: str, **attrs: str) -> str:
    attrs.setdefault("w", "9in")
    attrs.setdefault("h", "4in")
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f"<text {extra}>{content}</text>"


def render(engine: LayoutEngine, source: str, data: Any = None, **kw: Any) -> LayoutResult:
    return engine.layout(source, "test.o3x", data if data is not None else {}, kw.pop("user", {}),
                         kw.pop("ai", {}), **kw)


def texts(result: LayoutResult) -> list[dict[str, Any]]:
    return [it for page in result.display_list["pages"] for it in page["items"] if it["type"] == "text"]


def line_texts(item: dict[str, Any]) -> list[str]:
    return ["".join(run["text"] for run in line["runs"]) for line in item["lines"]]


def para_text(item: dict[str, Any]) -> str:
    return "\n\n".join("".join(r["text"] for r in p["runs"]) for p in item["paragraphs"])


def fill(engine: LayoutEngine, expr_body: str, data: Any = None, **kw: Any) -> str:
    """The text a {{ }} / {% %} snippet produces inside one wide text box."""
    result = render(engine, doc(text_box(expr_body, w="100in", h="50in")), data, **kw)
    return para_text(texts(result)[0])
