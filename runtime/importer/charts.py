"""A deck's native chart as a template ``<chart>`` bound to data.

The chart's numbers live in the deck (its cached values), but in a template
they are data: each chart is bound to one input key, an array with one
object per category (``label`` and one number per series), and the deck's
own numbers become that key's sample data, so the imported template shows
the same chart until real data replaces them.  The key is the chart's
``{{ key }}`` alt text (or shape name) when the author wrote one, else its
title made into a key (``Revenue by quarter`` -> ``revenue_by_quarter``), else
``chart_N``.  Column, bar, line and pie charts are read; others are not
(the import says so).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from .model import Chart, Origin, Series
from .styles import A, Theme, color

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
_KEY = re.compile(r"^\{\{\s*([^\W\d]\w*)\s*\}\}$")
_WORD = re.compile(r"\w+")


class ChartRefused(Exception):
    """This chart cannot be a template chart; the message says why."""


def _type(chart: Any) -> tuple[str, str | None]:
    """(our chart type, a note) for python-pptx's chart type."""
    name = chart.chart_type.name if chart.chart_type is not None else ""
    if name in ("COLUMN_CLUSTERED", "THREE_D_COLUMN_CLUSTERED"):
        return "bar", None
    if name in ("COLUMN_STACKED", "THREE_D_COLUMN_STACKED"):
        return "stacked-bar", None
    if name == "BAR_CLUSTERED":
        return "bar", "horizontal bars are drawn as columns"
    if name == "BAR_STACKED":
        return "stacked-bar", "horizontal bars are drawn as columns"
    if name.startswith("LINE") and "100" not in name:
        return "line", None
    if name in ("PIE", "PIE_EXPLODED", "THREE_D_PIE", "DOUGHNUT"):
        return "pie", "a doughnut is drawn as a pie" if name == "DOUGHNUT" else None
    raise ChartRefused(f"{name.lower().replace('_', ' ') or 'this'} charts are not imported "
                       "(column, bar, line and pie are)")


def key_of(text: str, taken: set[str], fallback: str) -> str:
    """A data key for ``text``: its words joined by ``_`` (any script), unused so far."""
    words = _WORD.findall(text.lower())
    key = "_".join(words)[:40].strip("_")
    if not key or key[0].isdigit():
        key = f"{fallback}_{key}" if key else fallback
    base, n = key, 2
    while key in taken:
        key = f"{base}_{n}"
        n += 1
    taken.add(key)
    return key


def _number_text(value: Any) -> str | None:
    if value is None:
        return None
    try:
        d = Decimal(str(value))
    except InvalidOperation:
        return None
    if not d.is_finite():
        return None
    text = format(d.normalize(), "f")
    return text


def _number_format(chart: Any) -> str | None:
    try:
        fmt = chart.value_axis.tick_labels.number_format
    except (ValueError, AttributeError, KeyError):
        return None
    match = re.fullmatch(r"(?:\[\$([^\]-]+)[^\]]*\]|\"?([$€£¥])\"?)?#?,?#*0(?:\.(0+))?(%?)", fmt or "")
    if not match:
        return None
    symbol = match.group(1) or match.group(2)
    places = len(match.group(3) or "")
    if match.group(4):
        return f"percent:{places}"
    if symbol:
        return f"currency:{symbol}:{places}"
    return "0." + "0" * places if places else "0"


def _legend(chart: Any) -> str:
    if not chart.has_legend:
        return "none"
    legend = chart._chartSpace.find(f"{C}chart/{C}legend/{C}legendPos")
    return "right" if legend is not None and legend.get("val") in ("r", "l", "tr") else "bottom"


def _series_color(ser: Any, theme: Theme) -> str | None:
    solid = ser.find(f"{C}spPr/{A}solidFill")
    if solid is None:
        solid = ser.find(f"{C}spPr/{A}ln/{A}solidFill")
    return color(solid, theme) if solid is not None else None


def read_chart(frame: Any, origin: Origin, box: tuple[int, int, int, int], theme: Theme,
               taken: set[str], index: int) -> tuple[Chart, list[dict[str, Any]], list[str]]:
    """(the chart, its sample rows, notes) for a graphic frame holding a chart."""
    chart = frame.chart
    kind, note = _type(chart)
    notes = [note] if note else []
    plot = chart.plots[0]
    categories = [str(c) if c is not None else "" for c in plot.categories]
    if len(chart.plots) > 1:
        notes.append("only its first plot is imported")
    title = None
    if chart.has_title and chart.chart_title.has_text_frame:
        title = chart.chart_title.text_frame.text.strip() or None
    alt = (frame._element.find(".//{http://schemas.openxmlformats.org/presentationml/2006/main}"
                               "cNvPr").get("descr") or "").strip()
    named = _KEY.match(alt) or _KEY.match(frame.name.strip())
    if named:
        binding = named.group(1)
        taken.add(binding)
    else:
        binding = key_of(title or "", taken, f"chart_{index}")
    series: list[Series] = []
    keys: set[str] = {"label"}
    rows: list[dict[str, Any]] = [{"label": c} for c in categories]
    accents = [theme.scheme(f"accent{i}") for i in range(1, 7)]
    for s_index, s in enumerate(plot.series):
        name = s.name or f"Series {s_index + 1}"
        key = key_of(name, keys, "s")
        values = []
        for row, value in zip(rows, s.values, strict=False):
            text = _number_text(value)
            if text is None:
                text = "0"
            values.append(text)
            number = Decimal(text)
            row[key] = int(number) if number == number.to_integral_value() else float(text)
        own = _series_color(s._element, theme)
        fallback = accents[s_index % 6]
        series.append(Series(name, key, own or (f"#{fallback.lower()}" if fallback else None),
                             values))
    if not series:
        raise ChartRefused("it has no data series")
    if kind == "pie" and len(series) > 1:
        notes.append("a pie shows its first series only")
        series = series[:1]
    labels = bool(plot.has_data_labels)
    x, y, w, h = box
    size = 10 * 12700  # the office apps' chart text size when the chart does not say
    default = chart._chartSpace.find(f"{C}txPr/{A}p/{A}pPr/{A}defRPr")
    if default is not None and (default.get("sz") or "").isdigit():
        size = max(int(default.get("sz")) * 127, 6350)
    result = Chart(origin, x, y, w, h, kind, binding, title, categories, series,
                   _legend(chart), labels, _number_format(chart), size)
    return result, rows, notes
