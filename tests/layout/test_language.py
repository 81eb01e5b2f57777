"""The template language as evaluated inside the module (contract section 1)."""

from __future__ import annotations

import pytest

from o3local.errors import DataError, LayoutError, TemplateError

from .conftest import doc, fill, render

DATA = {
    "user_count": 3,
    "order": {"id": "A-7", "items": [{"name": "Pen", "price": 1.5}, {"name": "Ink", "price": 1234.5}]},
    "tags": ["red", "green", "blue"],
    "empty": [],
    "zero": 0,
    "nothing": None,
    "when": "2024-03-05T10:30:00",
    "rate": 0.125,
    "big": 1e16,
    "tiny": 1e-05,
    "neg": -1234.5,
    "meta": {"b": 2, "a": 1},
}


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        ("{{ order.id }}", "A-7"),
        ("{{ order.items.[1].name }}", "Ink"),
        ("{{ order.items[0].name }}", "Pen"),
        ("{{ order.items[1].price }}", "1234.5"),
        ('{{ order["id"] }}', "A-7"),
        ("{{ user.name }}", "Ada"),
        ("{{ ai.summary }}", "Short."),
        ("{{ big }} {{ tiny }}", "10000000000000000 0.00001"),
        ("{{ order.items[1].price | number(2) }}", "1,234.50"),
        ("{{ 0.1 | number(20) }}", "0.10000000000000000000"),
        ("{{ 2.675 | number(2) }}", "2.68"),
        ("{{ 1.005 | number(2) }}", "1.01"),
        ("{{ -0.5 | number }}", "-1"),
        ("{{ -0.004 | number(2) }}", "0.00"),
        ("{{ 999999.995 | number(2) }}", "1,000,000.00"),
        ("{{ order.items[1].price | currency(\"¥\") }}", "¥1,234.50"),
        ("{{ neg | currency(\"¥\") }}", "-¥1,234.50"),
        ("{{ order.items[0].price | currency }}", "$1.50"),
        ("{{ 12 | currency(\"€\", 0) }}", "€12"),
        ("{{ rate | percent(1) }}", "12.5%"),
        ("{{ rate | percent }}", "13%"),
        ('{{ "2024-03-05" | date("YYYY年M月D日") }}', "2024年3月5日"),
        ('{{ when | date("DD/MM/YYYY") }}', "05/03/2024"),
        ('{{ "ab" | upper }}', "AB"),
        ('{{ "Àé中" | upper }}', "ÀÉ中"),
        ('{{ "ÀÉ" | lower }}', "àé"),
        ("{{ missing.path | default(\"n/a\") }}", "n/a"),
        ("{{ nothing | default(\"none\") }}", "none"),
        ("{{ missing | upper | default(\"x\") }}", "x"),
        ("{{ tags | join(\" / \") }}", "red / green / blue"),
        ("{{ tags | length }} {{ \"中文字\" | length }}", "3 3"),
        ('{{ "abcdef" | truncate(4) }}', "abc…"),
        ('{{ "abc" | truncate(4) }}', "abc"),
        ("{% if zero %}yes{% elif user_count > 2 %}many{% else %}no{% endif %}", "many"),
        ("{% if empty or nothing %}a{% elif not tags %}b{% else %}c{% endif %}", "c"),
        ("{% if order.id == \"A-7\" and user_count >= 3 %}ok{% endif %}", "ok"),
        ("{% if 10 > 9.5 %}num{% endif %}", "num"),
        ("{% for t in tags %}{{ loop.index }}:{{ t }}{% if not loop.last %},{% endif %}{% endfor %}", "1:red,2:green,3:blue"),
        ("{% for t in tags %}{{ loop.index0 }}{{ loop.first }}{{ loop.length }} {% endfor %}",
         "0true3 1false3 2false3"),
        ("{% for k in meta %}{{ k }};{% endfor %}", "b;a;"),
        ("{% for i in order.items %}{{ i.name }} {{ i.price | number(1) }}; {% endfor %}", "Pen 1.5; Ink 1,234.5;"),
        ("a &amp; b &lt;c&gt; &#x4E2D;&#25991;", "a & b <c> 中文"),
        ("{# hidden #}shown", "shown"),
        ("{{ '<b>not markup</b>' }}", "<b>not markup</b>"),
    ],
)
def test_snippets(engine, snippet, expected):
    assert fill(engine, snippet, DATA, user={"name": "Ada"}, ai={"summary": "Short."}) == expected


def test_repeated_pages_and_attributes(engine):
    src = ('<document kind="presentation" width="10in" height="5.625in">{% for p in products %}'
           '<page background="{{ p.bg }}"><rect x="{{ loop.index0 }}in" y="0" w="1in" h="1in" fill="#abc"/>'
           '</page>{% endfor %}</document>')
    data = {"products": [{"bg": "#ffffff"}, {"bg": "#000000"}, {"bg": "#123456"}]}
    dl = render(engine, src, data).display_list
    assert [p["background"] for p in dl["pages"]] == ["#ffffff", "#000000", "#123456"]
    assert [p["items"][0]["x"] for p in dl["pages"]] == [0, 914400, 1828800]
    assert dl["pages"][0]["items"][0]["fill"] == "#aabbcc"


def test_lengths_are_exact_integers(engine):
    src = doc('<rect x="0.25in" y="1cm" w="2.5mm" h="1.5pt"/><rect x="10px" y="123" w="7emu" h="0.0000001in"/>')
    items = render(engine, src).display_list["pages"][0]["items"]
    assert [(i["x"], i["y"], i["w"], i["h"]) for i in items] == [(228600, 360000, 90000, 19050), (95250, 123, 7, 0)]


def err(engine, source, data=None, **kw):
    with pytest.raises((TemplateError, DataError, LayoutError)) as info:
        render(engine, source, data, **kw)
    return info.value


def test_missing_path_names_path_and_position(engine):
    src = '<document>\n<page>\n  <text w="1in" h="1in">Hi {{ order.items[3].price }}</text>\n</page></document>'
    e = err(engine, src, DATA)
    assert isinstance(e, TemplateError)
    assert e.code == "template.missing"
    assert (e.where.file, e.where.line, e.where.column) == ("test.o3x", 3, 31)
    assert "order.items[3].price" in e.message


@pytest.mark.parametrize(
    ("source", "code", "line", "column"),
    [
        ("<document><page><text>{{ a. }}</text></page></document>", "template.syntax", 1, 29),
        ("<document><page>\n<text>{% if x %}</text></page></document>", "template.syntax", 2, 7),
        ("<document><page><text></page></document>", "template.syntax", 1, 23),
        ("<document><page><rect x=1/></page></document>", "template.syntax", 1, 25),
        ("<document><page><rect x=\"9zz\"/></page></document>", "template.attribute", 1, 23),
        ("<document><page><text>{{ x | nope }}</text></page></document>", "template.filter", 1, 30),
        ("<document><page><text>{{ tags }}</text></page></document>", "template.type", 1, 26),
        ("<document><page><text>{{ order.id | number }}</text></page></document>", "template.type", 1, 37),
        ("<document><page><text>{% for x in zero %}{% endfor %}</text></page></document>", "template.type", 1, 35),
        ("<document><page><text>&bogus;</text></page></document>", "template.syntax", 1, 23),
        ("<document><page><table/></page></document>", "template.attribute", 1, 17),
        ('<document><page><table w="1in" h="1in"><tr><td colspan="2">a</td></tr></table></page></document>',
         "template.unsupported", 1, 48),
        ("<document>\n  <page><text>{% endif %}</text></page></document>", "template.syntax", 2, 15),
        ("<doc/>", "template.syntax", 1, 1),
    ],
)
def test_error_codes_and_positions(engine, source, code, line, column):
    e = err(engine, source, {"x": 1, "tags": ["a"], "zero": 0, "order": {"id": "A"}})
    assert isinstance(e, TemplateError), e
    assert (e.code, e.where.line, e.where.column) == (code, line, column), str(e)
    assert e.where.file == "test.o3x"


def test_data_errors(engine):
    e = err(engine, doc(""), user={"n": 3})
    assert isinstance(e, DataError) and e.code == "data.user"
    e = err(engine, doc(""), {"x": float("nan")})
    assert isinstance(e, DataError)
    with pytest.raises(DataError):
        render(engine, doc(""), {"x": object()})


def test_limits_pages_and_items(engine):
    from o3local.layout import LayoutLimits

    many = '<document>{% for i in xs %}<page/>{% endfor %}</document>'
    e = err(engine, many, {"xs": list(range(20))}, limits=LayoutLimits(max_pages=10))
    assert isinstance(e, LayoutError) and e.code == "limit.pages"
    items = doc('{% for i in xs %}<rect/>{% endfor %}')
    e = err(engine, items, {"xs": list(range(20))}, limits=LayoutLimits(max_items=5))
    assert e.code == "limit.items"
    e = err(engine, items, {"xs": list(range(20))}, limits=LayoutLimits(max_output_bytes=300))
    assert e.code == "limit.output"


@pytest.mark.parametrize("snippet,expected", [
    ("{{ loop.index + 1 }}", "234"),
    ("{{ loop.index - 1 }}", "012"),
    ("{{ loop.index -1 }}", "012"),
    ("{{ 10 + loop.index0 - 2 }}", "8910"),
])
def test_integer_arithmetic_for_row_numbers(engine, snippet, expected):
    assert fill(engine, "{% for x in xs %}" + snippet + "{% endfor %}", {"xs": [1, 2, 3]}) == expected


def test_arithmetic_on_text_names_the_value_and_place(engine):
    e = err(engine, '<document><page><text>{{ x + "abc" }}</text></page></document>', {"x": 1})
    assert e.code == "template.type" and (e.where.line, e.where.column) == (1, 30)
    assert "'+' needs numbers" in str(e) and '"abc"' in str(e)
