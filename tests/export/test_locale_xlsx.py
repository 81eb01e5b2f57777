"""Spreadsheet cells formatted for a locale are numbers again in the XLSX: the
display list carries the document's locale symbols (1.234,50 € is 1234.5 in de-DE,
never 1.234)."""

from __future__ import annotations

import io
from decimal import Decimal

import openpyxl
import pytest

from o3local.export import export
from o3local.export.numbers import parse_formatted
from o3local.layout import LayoutEngine

SHEET = ('<document kind="spreadsheet"{attr}><page><table x="0" y="0" w="6in" h="4in">'
         '<tr header="true"><td>n</td><td>amount</td><td>share</td></tr>'
         '{{% for r in rows %}}<tr><td>{{{{ r.n | number }}}}</td><td>{{{{ r.a | currency("EUR") }}}}</td>'
         '<td>{{{{ r.s | percent(1) }}}}</td></tr>{{% endfor %}}</table></page></document>')
ROWS = {"rows": [{"n": 1234, "a": 1234.5, "s": 0.125}, {"n": 7, "a": -0.5, "s": 1}]}


def workbook(attr: str = "", locale: str | None = None):
    dl = LayoutEngine.shared().layout(SHEET.format(attr=attr), "s.o3x", ROWS, {}, {}, locale=locale).display_list
    ws = openpyxl.load_workbook(io.BytesIO(export(dl, "xlsx")[0])).active
    return dl, [[(c.value, c.number_format) for c in row] for row in ws.iter_rows(min_row=2, max_row=3)]


@pytest.mark.parametrize(("attr", "locale"), [(' locale="de-DE"', None), ("", "de-DE"), (' locale="fr-FR"', None)])
def test_locale_numbers_are_numbers_in_the_workbook(attr, locale):
    dl, rows = workbook(attr, locale)
    assert dl["locale"]["tag"] == (locale or attr.split('"')[1])
    values = [[v for v, _ in row] for row in rows]
    assert values == [[1234, 1234.5, 0.125], [7, -0.5, 1]]
    amount_format = rows[0][1][1]
    assert amount_format.startswith("#,##0.00") and amount_format.endswith('\u00a0€"')


def test_without_a_chosen_locale_the_display_list_and_workbook_are_as_before():
    dl, rows = workbook()
    assert "locale" not in dl
    assert rows[0] == [(1234, "#,##0"), (1234.5, '"€"#,##0.00'), (0.125, "0.0%")]


@pytest.mark.parametrize(
    ("text", "symbols", "expected"),
    [
        ("1.234", {"decimal": ",", "group": "."}, (Decimal("1234"), "#,##0")),
        ("1.234", {}, (Decimal("1.234"), "#,##0.000")),
        ("-12,5\u00a0%", {"decimal": ",", "group": "."}, (Decimal("-0.125"), '0.0"\u00a0"%')),
        ("1\u202f234,50\u00a0€", {"decimal": ",", "group": "\u202f"}, (Decimal("1234.50"), '#,##0.00"\u00a0€"')),
        ("1,5 Stk", {"decimal": ",", "group": "."}, None),
        ("€1,5€", {"decimal": ",", "group": "."}, None),
    ],
)
def test_parse_formatted_reads_the_locale_symbols(text, symbols, expected):
    assert parse_formatted(text, **symbols) == expected
