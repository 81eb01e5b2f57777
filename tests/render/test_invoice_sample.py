"""The invoice sample (issue 18, "Done when"): line totals, tax, total, 大写金额 and
dates computed in the template from raw quantities and unit prices, in en-US,
de-DE and zh-CN, and the request's locale (--locale, the hook, the service)."""

from __future__ import annotations

import hashlib
import json

import pytest

import o3local
from o3local import hook
from o3local.errors import DataError
from o3local.render import bundled_templates

SAMPLE = bundled_templates()["invoice"]
GOLDEN = {
    "data.json": "fb16c6709ad360076b3025114648eae04dd97087de52ed63d46a0d496b4c5a3a",
    "data-de.json": "d65f890071ce24cabae93c7f3e0635a1ad549b731894bed2ef39860e0b4cf7e6",
    "data-zh.json": "916a7d2e2108579d80bdf52c8d17102bfdbb96c6c8ec61d24ba3b8f022b6aead",
}


def page_text(result) -> str:
    from o3local.export.items import walk

    out = []
    for page in result.display_list["pages"]:
        for item, _where in walk(page["items"], "page"):
            if item["type"] == "text":
                out += ["".join(r["text"] for r in line["runs"]) for line in item["lines"]]
    return "\n".join(out)


def rendered(name: str, **kw):
    return o3local.render("invoice", data=str(SAMPLE / "samples" / name), fmt="svg", **kw)


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("data.json", ["Invoice", "Date: May 10, 2026", "Due: June 9, 2026", "$240.00", "$2,880.00", "$269.97",
                       "$753.00", "$5,352.97", "Tax 8%", "$428.24", "$5,781.21", "Please pay by Tuesday, June 9, 2026."]),
        ("data-de.json", ["Rechnung", "Rechnungsdatum: 10. Mai 2026", "Fällig am: 24. Mai 2026", "219,00\u00a0€",
                          "2.628,00\u00a0€", "239,70\u00a0€", "4.832,70\u00a0€", "MwSt. 19\u00a0%", "918,21\u00a0€",
                          "5.750,91\u00a0€", "Zahlbar bis Sonntag, 24. Mai 2026 ohne Abzug."]),
        ("data-zh.json", ["发票", "开票日期：2026年5月10日", "付款期限：2026年6月9日", "¥1,680.00", "¥20,160.00",
                          "¥1,798.50", "¥37,038.50", "增值税 13%", "¥4,815.01", "¥41,853.51",
                          "价税合计（大写）：肆万壹仟捌佰伍拾叁元伍角壹分（小写）¥41,853.51",
                          "开票日期：二〇二六年五月十日"]),
    ],
)
def test_the_invoice_is_computed_and_formatted_per_locale(name, lines):
    result = rendered(name)
    text = page_text(result)
    for want in lines:
        assert want in text, f"{want!r} not in\n{text}"
    assert result.page_count == 1 and result.diagnostics == []
    assert hashlib.sha256(result.display_list_bytes).hexdigest() == result.sha256 == GOLDEN[name]


def test_only_a_cny_invoice_has_the_amount_in_capitals():
    assert "大写" not in page_text(rendered("data.json"))
    assert "大写" not in page_text(rendered("data-de.json"))


def test_the_request_locale_overrides_the_data_locale_for_formatting():
    result = o3local.render("invoice", sample=True, fmt="svg", locale="fr-FR")
    text = page_text(result)
    assert "5\u202f781,21\u00a0$US" in text and "10 mai 2026" in text
    assert "Invoice" in text  # the labels follow the data's locale
    assert result.sha256 != GOLDEN["data.json"]


def test_locale_reaches_the_module_from_the_cli_and_the_hook(tmp_path):
    from click.testing import CliRunner

    from o3local.cli import main

    out = tmp_path / "inv.svg"
    ran = CliRunner().invoke(main, ["render", "invoice", "--sample", "--locale", "de-DE", "--json", "-o", str(out)])
    assert ran.exit_code == 0, ran.output
    direct = o3local.render("invoice", sample=True, fmt="svg", locale="de-DE")
    assert json.loads(ran.output)["sha256"] == direct.sha256
    env = hook.call("render", {"template": "invoice", "sample": True, "format": "svg", "locale": "de-DE"})
    assert env["ok"] and env["result"]["sha256"] == direct.sha256
    bad = CliRunner().invoke(main, ["render", "invoice", "--sample", "--locale", "de-AT", "-o", str(tmp_path / "x.svg")])
    assert bad.exit_code == 1 and "unknown locale 'de-AT'" in bad.output and "did you mean 'de-DE'" in bad.output
    assert not (tmp_path / "x.svg").exists()
    with pytest.raises(DataError):
        o3local.render("invoice", sample=True, fmt="svg", locale="xx")


def test_preview_renders_with_its_locale():
    from o3local.preview import PreviewSession

    session = PreviewSession(SAMPLE, locale="de-DE")
    pdf, name = session.download("pdf")
    assert name == "doc-invoice.pdf"
    assert pdf == o3local.render("invoice", sample=True, fmt="pdf", locale="de-DE").files[0]
    assert pdf != o3local.render("invoice", sample=True, fmt="pdf").files[0]
