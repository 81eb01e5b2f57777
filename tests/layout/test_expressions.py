"""Arithmetic, {% set %}, list filters and error messages of the expression
language (issue 18 item 1), evaluated inside the layout module."""

from __future__ import annotations

import pytest

from o3local.errors import TemplateError

from .conftest import doc, fill, render, text_box

ITEMS = {
    "q": 3,
    "p": "19.99",
    "rate": 0.13,
    "items": [
        {"name": "Pen", "qty": 2, "price": 1.25, "区域": "华东", "active": True},
        {"name": "Ink", "qty": 3, "price": 0.1, "区域": "华北", "active": False},
        {"name": "Pad", "qty": 1, "price": 10, "区域": "华东", "active": True},
    ],
    "r": {"区域": "华南", "Straße": "Hauptstr.", "名前": "山田"},
    "nums": [3, 1.5, -2],
}


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        # exact decimals: no binary float ever appears
        ("{{ q * p }}", "59.97"),
        ("{{ q + p }}", "22.99"),
        ("{{ 0.1 + 0.2 }} {{ 0.1 + 0.2 == 0.3 }}", "0.3 true"),
        ("{{ 1.10 * 3 }}", "3.3"),
        ("{{ 10 / 4 }} {{ 10 / 3 }} {{ 2 / 3 }}", "2.5 3.3333333333 0.6666666667"),
        ("{{ -1 / 3 }}", "-0.3333333333"),
        ("{{ 7 % 3 }} {{ -7 % 3 }} {{ 7.5 % 2 }}", "1 -1 1.5"),
        ("{{ 2 + 3 * 4 }} {{ (2 + 3) * 4 }} {{ 10 - 2 - 3 }}", "14 20 5"),
        ("{{ -q }} {{ 1 - -2 }} {{ q -1 }} {{ -(q * 2) }}", "-3 3 2 -6"),
        ("{{ q * p | currency(\"$\") }}", "$59.97"),
        ("{{ 99999999999999999999 * 99999999999999999999 }}", "9999999999999999999800000000000000000001"),
        ("{{ \"a\" ~ q ~ \"b\" }}", "a3b"),
        # comparisons and logic anywhere
        ("{{ q > 2 and rate < 1 }} {{ not (q == 3) or false }}", "true false"),
        ("{{ items | length > 2 }}", "true"),
        ("{% if items | sum(attribute=\"qty\") >= 6 %}big{% else %}small{% endif %}", "big"),
        # set
        ("{% set t = q * p %}{{ t }} {{ t * 2 }}", "59.97 119.94"),
        ("{% for it in items %}{% set line = it.qty * it.price %}{{ line }};{% endfor %}", "2.5;0.3;10;"),
        ("{% set x = 1 %}{% for it in items %}{% set x = 2 %}{% endfor %}{{ x }}", "1"),
        # list filters
        ("{{ items | sum(attribute=\"price\") }}", "11.35"),
        ("{{ nums | sum }} {{ nums | sum(start=10) }}", "2.5 12.5"),
        ("{{ items | sort(attribute=\"name\") | map(attribute=\"name\") | join(\",\") }}", "Ink,Pad,Pen"),
        ("{{ items | sort(attribute=\"price\", reverse=true) | map(attribute=\"name\") | join }}", "Pad, Pen, Ink"),
        ("{{ nums | sort | join(\" \") }}", "-2 1.5 3"),
        ("{% for g in items | groupby(\"区域\") %}{{ g.grouper }}:{{ g.list | map(attribute=\"name\") | join(\"+\") }};"
         "{% endfor %}", "华东:Pen+Pad;华北:Ink;"),
        ("{{ items | selectattr(\"active\") | map(attribute=\"name\") | join }}", "Pen, Pad"),
        ("{{ items | rejectattr(\"active\") | map(attribute=\"name\") | join }}", "Ink"),
        ("{{ items | selectattr(\"qty\", \">\", 1) | length }}", "2"),
        ("{{ items | selectattr(\"区域\", \"==\", \"华东\") | length }}", "2"),
        ("{{ (items | first).name }} {{ (items | last).name }} {{ \"中文\" | first }}", "Pen Pad 中"),
        ("{{ items | join(\"/\", attribute=\"name\") }}", "Pen/Ink/Pad"),
        ("{{ (items | max(attribute=\"price\")).name }} {{ nums | min }}", "Pad -2"),
        ("{{ 2.5 | round }} {{ -2.5 | round }} {{ 2.345 | round(2) }} {{ 2.341 | round(2, \"ceil\") }}",
         "3 -3 2.35 2.35"),
        ("{{ 2.99 | round(method=\"floor\") }} {{ -2.1 | round(0, \"floor\") }} {{ -2.9 | round(0, \"trunc\") }}",
         "2 -3 -2"),
        ("{{ -3.5 | abs }} {{ \"-4\" | abs }}", "3.5 4"),
        # Chinese uppercase amounts (大写金额)
        ("{{ 12345.60 | cny_upper }}", "壹万贰仟叁佰肆拾伍元陆角整"),
        ("{{ 0 | cny_upper }}/{{ 100000 | cny_upper }}/{{ 1001.05 | cny_upper }}", "零元整/壹拾万元整/壹仟零壹元零伍分"),
        ("{{ 100000001 | cny_upper }}/{{ 10203 | cny_upper }}/{{ -10.01 | cny_upper }}",
         "壹亿零壹元整/壹万零贰佰零叁元整/负壹拾元零壹分"),
        ("{{ q * p | cny_upper }}", "伍拾玖元玖角柒分"),
        # dotted access for identifiers of any script
        ("{{ r.区域 }} {{ r.Straße }} {{ r.名前 }}", "华南 Hauptstr. 山田"),
        ("{% for it in items %}{{ it.区域 }}{% endfor %}", "华东华北华东"),
        # loop and set variables are identifiers of any script too
        ("{% for 行 in items %}{{ 行.区域 }}{{ loop.index }};{% endfor %}", "华东1;华北2;华东3;"),
        ("{% for Straße in nums %}{{ Straße }},{% endfor %}", "3,1.5,-2,"),
        ("{% set 合计 = items | sum(attribute=\"qty\") %}{{ 合计 * 2 }}", "12"),
    ],
)
def test_expressions(engine, snippet, expected):
    assert fill(engine, snippet, ITEMS) == expected


def test_line_totals_tax_and_total_from_raw_numbers(engine):
    body = (
        "{% for it in items %}{{ it.name }} {{ it.qty * it.price | number(2) }}<br/>{% endfor %}"
        "{% set sub = 0 %}"
        "{% set sub = items | map(attribute=\"price\") | sum %}"
        "Tax {{ sub * rate | number(2) }} Total {{ sub * (1 + rate) | currency(\"$\") }}"
    )
    assert fill(engine, body, ITEMS).split("\n") == ["Pen 2.50", "Ink 0.30", "Pad 10.00", "Tax 1.48 Total $12.83"]


def err(engine, snippet, data=None):
    with pytest.raises(TemplateError) as info:
        render(engine, doc(text_box(snippet)), data if data is not None else ITEMS)
    return info.value


# column of the snippet's first character in doc(text_box(snippet))
COL0 = len(doc(text_box("\0")).split("\0")[0]) + 1


@pytest.mark.parametrize(
    ("snippet", "code", "offset", "words"),
    [
        ("{{ q + \"abc\" }}", "template.type", 7, ["'+' needs numbers", '"abc"', "join text with ~"]),
        ("{{ q * items }}", "template.type", 7, ["'*' needs numbers, not an array"]),
        ("{{ 1 / 0 }}", "template.type", 5, ["division by zero"]),
        ("{{ 5 % (q - 3) }}", "template.type", 5, ["remainder by zero"]),
        ("{{ -items }}", "template.type", 3, ["'-' needs a number"]),
        ("{{ q * }}", "template.syntax", 7, ["expression expected"]),
        ("{{ q q }}", "template.syntax", 5, ["missing operator"]),
        ("{{ q = 3 }}", "template.syntax", 5, ["use =="]),
        ("{{ 1 < q < 5 }}", "template.syntax", 9, ["do not chain"]),
        ("{{ \"abc }}", "template.syntax", 0, ["unclosed '{{'"]),
        ("{{ q | default(\"abc) }}", "template.syntax", 0, ["unclosed"]),
        ("{{ items | frist }}", "template.filter", 11, ["unknown filter 'frist'", "did you mean 'first'"]),
        ("{{ items | sort(atribute=\"name\") }}", "template.filter", 25, ["did you mean 'attribute'"]),
        ("{{ items | sum(attribute=\"name\") }}", "template.type", 11, ["item 0 (name) is not a number"]),
        ("{{ items | sort(attribute=\"nope\") }}", "template.missing", 11, ["item 0 has no 'nope'"]),
        ("{{ items | groupby }}", "template.filter", 11, ["needs the attribute"]),
        ("{{ r | sum }}", "template.type", 7, ["needs an array (this is an object)"]),
        ("{{ q | round(30) }}", "template.filter", 7, ["places must be an integer from 0 to 20"]),
        ("{{ q | round(method=\"up\") }}", "template.filter", 7, ["method must be"]),
        ("{{ \"x\" < 1 }}", "template.type", 7, ["cannot order-compare a string with a number"]),
        ("{% endfro %}", "template.syntax", 0, ["unknown tag {% endfro %}", "did you mean {% endfor %}"]),
        ("{% set loop = 1 %}", "template.syntax", 0, ["reserved name"]),
        ("{% set x 1 %}", "template.syntax", 0, ["NAME = EXPR"]),
        ("{% for 1st in items %}{% endfor %}", "template.syntax", 0, ["must not start with a digit"]),
        ("{% for 行、in items %}{% endfor %}", "template.syntax", 0, ["no ' in ' after '行'"]),
        ("{% for in items %}{% endfor %}", "template.syntax", 0, ["no ' in ' after 'in'"]),
    ],
)
def test_errors_have_message_and_position(engine, snippet, code, offset, words):
    e = err(engine, snippet)
    assert e.code == code
    assert (e.where.line, e.where.column) == (1, COL0 + offset), str(e)
    for w in words:
        assert w in e.message, e.message
    assert len(e.message) > 15


def test_big_results_are_bounded(engine):
    e = err(engine, "{{ " + " * ".join(["99999999999999999999"] * 12) + " }}")
    assert e.code == "template.type" and "out of range" in e.message


def test_unknown_element_and_attribute_hints(engine):
    with pytest.raises(TemplateError) as info:
        render(engine, doc('<img src="a.png"/>'))
    assert "did you mean <image>" in info.value.message
    with pytest.raises(TemplateError) as info:
        render(engine, doc('<text w="1in" h="1in" colr="#000">x</text>'))
    assert "did you mean 'color'" in info.value.message
