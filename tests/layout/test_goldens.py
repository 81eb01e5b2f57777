"""Golden display-list hashes of a table + chart + image template: any change
to the bytes of version 2 items must be deliberate (update the hash here)."""

from __future__ import annotations

import hashlib

from .conftest import render

TABLE_CHART = """<document kind="presentation" width="10in" height="5.625in" lang="en">
<page background="#ffffff">
  <rect x="0" y="0" w="10in" h="0.6in" fill="#1f3a5f"/>
  <image src="assets/logo.png" x="8.3in" y="0.05in" w="1.5in" h="0.5in" fit="contain"/>
  <table x="0.4in" y="0.9in" w="4.4in" h="2.2in" font-size="11pt" columns="fit" header-fill="#1f3a5f"
         header-color="#ffffff" stripe="#f4f6f9" border="#cccccc" border-width="0.75pt" padding="0.05in"
         continued="(continued)">
    <tr header="true"><td>Region</td><td align="right">Amount</td><td align="right">Share</td></tr>
    {% for r in rows %}
    <tr><td>{{ r.region }}</td><td align="right">{{ r.amount | number(2) }}</td>
        <td align="right" formula="=B{{ loop.index + 1 }}/SUM(B:B)">{{ r.share | percent(1) }}</td></tr>
    {% endfor %}
  </table>
  <chart type="bar" x="5in" y="0.9in" w="4.6in" h="3.2in" title="Revenue by month"
         number-format="currency:$:0" legend="bottom" labels="true">
    <categories>{% for m in months %}<c>{{ m.label }}</c>{% endfor %}</categories>
    <series name="2025">{% for m in months %}<v>{{ m.revenue }}</v>{% endfor %}</series>
    <series name="2024">{% for m in months %}<v>{{ m.last }}</v>{% endfor %}</series>
  </chart>
  <chart type="pie" x="0.4in" y="3.4in" w="4.4in" h="2in" legend="right" labels="true" number-format="0">
    <categories>{% for m in months %}<c>{{ m.label }}</c>{% endfor %}</categories>
    <series name="2025">{% for m in months %}<v>{{ m.revenue }}</v>{% endfor %}</series>
  </chart>
  <text x="8in" y="5.2in" w="1.6in" h="0.3in" font-size="10pt" align="right">{{ page.number }} / {{ page.count }}</text>
</page>
</document>
"""

TABLE_CHART_DATA = {
    "rows": [{"region": f"Region {i}", "amount": 1000 + i * 137.25, "share": round(0.01 * i, 4)}
             for i in range(1, 19)],
    "months": [{"label": m, "revenue": r, "last": p} for m, r, p in
               [("Jan", 120.5, 100), ("Feb", 180, 150), ("Mar", 95, 120), ("Apr", 240, 170),
                ("May", 210, 190), ("Jun", 260.25, 200)]],
}
TABLE_CHART_IMAGES = {"assets/logo.png": (640, 256)}

GOLDEN = "1f0dbd9a51132581b4ee5a6f3e7cde7be44f073ad6374c1cf307d13b254342c2"


def test_table_chart_golden(engine):
    result = render(engine, TABLE_CHART, TABLE_CHART_DATA, images=TABLE_CHART_IMAGES)
    dl = result.display_list
    assert len(dl["pages"]) > 1  # the table continues
    again = render(engine, TABLE_CHART, TABLE_CHART_DATA, images=TABLE_CHART_IMAGES)
    assert again.display_list_bytes == result.display_list_bytes
    assert hashlib.sha256(result.display_list_bytes).hexdigest() == GOLDEN
