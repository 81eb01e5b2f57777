"""Charts a reader checks by eye: bar heights proportional to the values,
round tick values, pie slices sized by share, labels that never overlap."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest

from o3local.errors import TemplateError

from .conftest import render

MONTHS = [{"label": m, "revenue": v, "cost": c}
          for m, v, c in [("Jan", 120.5, 80), ("Feb", 180, 90), ("Mar", 95, 70), ("Apr", 240, 100)]]


def chart_doc(attrs: str, body: str | None = None, series: int = 1) -> str:
    if body is None:
        body = '<categories>{% for m in months %}<c>{{ m.label }}</c>{% endfor %}</categories>'
        body += '<series name="Revenue">{% for m in months %}<v>{{ m.revenue }}</v>{% endfor %}</series>'
        if series > 1:
            body += '<series name="Cost">{% for m in months %}<v>{{ m.cost }}</v>{% endfor %}</series>'
    return ('<document><page>'
            f'<chart x="0.5in" y="0.5in" w="6in" h="4in" {attrs}>{body}</chart></page></document>')


def chart(engine, attrs, data=None, **kw):
    result = render(engine, chart_doc(attrs, **kw), {"months": MONTHS} if data is None else data)
    (g,) = [it for it in result.display_list["pages"][0]["items"] if it["type"] == "group"]
    assert g["role"] == "chart" and result.display_list["version"] == 2
    return g


def text_of(item):
    return "".join(r["text"] for p in item["paragraphs"] for r in p["runs"])


def tick_labels(g):
    """Right-aligned texts left of the plot: the value axis, top to bottom."""
    ticks = [it for it in g["items"] if it["type"] == "text" and it["align"] == "right"]
    return [text_of(t) for t in sorted(ticks, key=lambda t: t["y"])]


def is_nice(step: Decimal) -> bool:
    exp = step.adjusted()
    mant = step.scaleb(-exp)
    return mant in (Decimal(1), Decimal(2), Decimal("2.5"), Decimal(5))


def test_bars_are_proportional_to_values_and_ticks_are_nice(engine):
    g = chart(engine, 'type="bar" title="Monthly revenue"')
    bars = [it for it in g["items"] if it["type"] == "rect" and it["fill"] == "#1f3a5f" and it["w"] > 200000]
    assert len(bars) == 4
    values = [m["revenue"] for m in MONTHS]
    unit = bars[-1]["h"] / values[-1]
    for bar, v in zip(bars, values, strict=True):
        assert abs(bar["h"] - v * unit) <= 2
    bottoms = {b["y"] + b["h"] for b in bars}
    assert len(bottoms) == 1  # all stand on the zero line
    labels = [Decimal(t) for t in tick_labels(g)][::-1]
    assert 4 <= len(labels) <= 6
    steps = {b - a for a, b in zip(labels, labels[1:], strict=False)}
    assert len(steps) == 1 and is_nice(steps.pop())
    assert labels[0] == 0 and labels[-1] >= 240 and labels[-2] < 240
    assert [text_of(t) for t in g["items"] if t["type"] == "text" and t["align"] == "center"][0] == \
        "Monthly revenue"


@pytest.mark.parametrize("values,first,last", [
    ([0.012, 0.037, 0.02], "0.00", "0.04"),
    ([-30, 45, 10], "-40", "60"),
    ([1234567, 2500000], "0", "2,500,000"),
])
def test_tick_ranges_cover_the_data_with_round_steps(engine, values, first, last):
    months = [{"label": f"M{i}", "revenue": v} for i, v in enumerate(values)]
    g = chart(engine, 'type="bar"', {"months": months})
    labels = tick_labels(g)[::-1]
    assert labels[0] == first and labels[-1] == last, labels
    nums = [Decimal(x.replace(",", "")) for x in labels]
    steps = {b - a for a, b in zip(nums, nums[1:], strict=False)}
    assert len(steps) == 1 and is_nice(steps.pop()) and 4 <= len(nums) <= 6


def test_number_formats_label_the_axis_and_values(engine):
    g = chart(engine, 'type="bar" number-format="currency:$:0" labels="true"')
    assert tick_labels(g)[::-1][:2] == ["$0", "$50"]
    texts = [text_of(t) for t in g["items"] if t["type"] == "text"]
    assert "$121" in texts and "$240" in texts  # 120.5 rounds half away from zero
    months = [{"label": "a", "revenue": 0.125}, {"label": "b", "revenue": 0.5}]
    g = chart(engine, 'type="bar" number-format="percent:1" labels="true"', {"months": months})
    texts = [text_of(t) for t in g["items"] if t["type"] == "text"]
    assert "12.5%" in texts and "50.0%" in texts and "0.0%" in texts
    assert g["meta"]["number_format"] == "percent:1"
    assert g["meta"]["series"][0]["values"] == ["0.125", "0.5"]


def test_stacked_bars_add_up_and_lines_follow_values(engine):
    g = chart(engine, 'type="stacked-bar" legend="right"', series=2)
    rev = [it for it in g["items"] if it["type"] == "rect" and it["fill"] == "#1f3a5f" and it["w"] > 200000]
    cost = [it for it in g["items"] if it["type"] == "rect" and it["fill"] == "#f2a900" and it["w"] > 200000]
    for r, c in zip(rev, cost, strict=True):
        assert c["y"] + c["h"] == r["y"]  # cost sits on revenue
        assert r["x"] == c["x"] and r["w"] == c["w"]
    g = chart(engine, 'type="line"', series=2)
    lines = [it for it in g["items"] if it["type"] == "polyline"]
    assert [pl["stroke"] for pl in lines] == ["#1f3a5f", "#f2a900"]
    ys = [p[1] for p in lines[0]["points"]]
    order = sorted(range(4), key=lambda i: -MONTHS[i]["revenue"])
    assert sorted(range(4), key=lambda i: ys[i]) == order  # higher value, higher on the page
    xs = [p[0] for p in lines[0]["points"]]
    assert xs == sorted(xs)
    legend = [text_of(t) for t in g["items"] if t["type"] == "text" and t["align"] == "left"]
    assert legend == ["Revenue", "Cost"]


def test_pie_wedges_are_proportional_and_arcs_are_fine(engine):
    g = chart(engine, 'type="pie" legend="right"')
    wedges = [it for it in g["items"] if it["type"] == "polygon"]
    assert len(wedges) == 4
    total = sum(m["revenue"] for m in MONTHS)
    cx, cy = wedges[0]["points"][0]
    radii = []
    for w, m in zip(wedges, MONTHS, strict=True):
        pts = w["points"]
        assert pts[0] == [cx, cy]

        def ang(p):
            return math.degrees(math.atan2(p[0] - cx, cy - p[1])) % 360

        arc = [ang(p) for p in pts[1:]]
        span = (arc[-1] - arc[0]) % 360 or 360
        assert abs(span - 360 * m["revenue"] / total) < 0.05
        for a, b in zip(arc, arc[1:], strict=False):
            assert 0 < (b - a) % 360 <= 2.0001
        radii += [math.hypot(p[0] - cx, p[1] - cy) for p in pts[1:]]
    assert max(radii) - min(radii) < 3  # on the circle, to a few EMU
    # consecutive wedges share their boundary points exactly
    for a, b in zip(wedges, wedges[1:], strict=False):
        assert a["points"][-1] == b["points"][1]
    assert wedges[0]["points"][1] == [cx, cy - round(radii[0])] or abs(wedges[0]["points"][1][0] - cx) <= 1
    legend = [text_of(t) for t in g["items"] if t["type"] == "text" and t["align"] == "left"]
    assert legend == ["Jan", "Feb", "Mar", "Apr"]


def test_many_long_category_labels_never_overlap(engine):
    months = [{"label": f"Category number {i}", "revenue": i + 1} for i in range(30)]
    g = chart(engine, 'type="bar"', {"months": months})
    boxes = []
    for t in g["items"]:
        if t["type"] == "text" and t["align"] == "center" and text_of(t).startswith("Category"):
            for ln in t["lines"]:
                boxes.append((ln["x"], ln["x"] + ln["width"], ln["y"]))
    assert 3 <= len({b[0] for b in boxes}) < 30  # thinned, not dropped
    by_row: dict[int, list] = {}
    for x0, x1, y in boxes:
        by_row.setdefault(y, []).append((x0, x1))
    for spans in by_row.values():
        spans.sort()
        for (_a0, a1), (b0, _) in zip(spans, spans[1:], strict=False):
            assert a1 <= b0


@pytest.mark.parametrize("attrs,body,code,line", [
    ('type="bar"', "<series><v>abc</v></series>", "template.type", 1),
    ('type="pie"', "<series><v>1</v></series><series><v>2</v></series>", "template.attribute", 1),
    ('type="donut"', "<series><v>1</v></series>", "template.attribute", 1),
    ('type="bar" number-format="0.0x"', "<series><v>1</v></series>", "template.attribute", 1),
    ('type="bar"', "<series><c>1</c></series>", "template.syntax", 1),
    ('type="bar"', "<legend/>", "template.syntax", 1),
])
def test_bad_charts_are_template_errors_with_position(engine, attrs, body, code, line):
    with pytest.raises(TemplateError) as err:
        render(engine, chart_doc(attrs, body))
    assert err.value.code == code and err.value.where.line == line and err.value.where.column > 1
