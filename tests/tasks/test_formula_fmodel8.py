"""What the local model's rewrite may leave out (issue 16 item 4, h/fmodel8).

The paraphraser's rewrite is used only when it carries every word of the request that could
say which rows or which quantity: a word of the sheet's headers or values, or a unit or head
count ("people"), never dropped at any confidence; other words either carried (a cue of the
phrasing: "mean" by "average") or filler.  A rewrite that carries everything is trusted below
the old confidence floor.  The model is stood in for (``decode`` patched): these tests pin the
guard, not the model.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.paraphrase import dropped, paraphrase
from o3local.tasks.formula.schema import read_sheet


@pytest.fixture(scope="module")
def laps(tmp_path_factory) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Karting"
    ws.append(["Driver", "Track", "Finished", "Secs behind", "Riders"])
    for r in [("Ana Lopez", "Hill Loop", "Yes", 4.5, 2), ("Ben Ode", "Hill Loop", "No", 9.0, 1),
              ("Cara Fin", "Dock Run", "Yes", 2.0, 3), ("Dev Rao", "Dock Run", "Yes", 6.5, 2)]:
        ws.append(list(r))
    path = tmp_path_factory.mktemp("fmodel8") / "laps.xlsx"
    wb.save(path)
    return path


def _read(s):
    def read(text):
        try:
            return formula(text, sheet=s, method="rules")
        except TaskError:
            return None
    return read


def test_a_rewrite_that_drops_a_condition_is_refused_however_sure(laps, monkeypatch):
    from o3local.tasks.formula import paraphrase as mod

    s = read_sheet(laps)
    request = "average seconds behind for drivers who finished the Dock Run"
    assert {w for w, _ in dropped(request, "average Secs behind", s)} == {"finished", "dock", "run"}
    monkeypatch.setattr(mod, "decode", lambda gen, req, schema, lang: ("average Secs behind", 0.99))
    answer, why = paraphrase(request, s, object(), _read(s), lambda r: r.formula)
    assert answer is None and "drops" in why[0] and "'dock'" in why[0]


def test_a_head_count_is_not_a_count_of_rows(laps, monkeypatch):
    """'how many people' on a sheet of one row per kart is no COUNTIF of the rows."""
    from o3local.tasks.formula import paraphrase as mod

    s = read_sheet(laps)
    monkeypatch.setattr(mod, "decode",
                        lambda gen, req, schema, lang: ("number of rows where Track is Hill Loop", 0.99))
    answer, why = paraphrase("how many people were on Hill Loop", s, object(), _read(s), lambda r: r.formula)
    assert answer is None and "'people'" in why[0]


def test_a_rewrite_carrying_every_word_is_trusted_below_the_old_floor(laps, monkeypatch):
    from o3local.tasks.formula import paraphrase as mod

    s = read_sheet(laps)
    text = "average Secs behind where Track is Dock Run"
    assert dropped("mean secs behind on the Dock Run", text, s) == []
    monkeypatch.setattr(mod, "decode", lambda gen, req, schema, lang: (text, 0.55))
    answer, said = paraphrase("mean secs behind on the Dock Run", s, object(), _read(s), lambda r: r.formula)
    assert answer is not None and said == text
    assert answer.formula == '=AVERAGEIF(B2:B5,"Dock Run",D2:D5)'


def test_a_word_no_phrasing_carries_keeps_the_old_floor(laps, monkeypatch):
    """'bumpy' is not carried (nor a sheet word): the rewrite needs the model's old confidence."""
    from o3local.tasks.formula import paraphrase as mod

    s = read_sheet(laps)
    text = "total Riders"
    assert dropped("total riders, bumpy", text, s) == [("bumpy", False)]
    monkeypatch.setattr(mod, "decode", lambda gen, req, schema, lang: (text, 0.55))
    from o3local.tasks.formula import ground

    monkeypatch.setattr(ground, "unknown_spans", lambda req, schema: [])  # as if a reader knew it
    answer, why = paraphrase("total riders, bumpy", s, object(), _read(s), lambda r: r.formula)
    assert answer is None and "unsure" in why[0]
    monkeypatch.setattr(mod, "decode", lambda gen, req, schema, lang: (text, 0.9))
    answer, _ = paraphrase("total riders, bumpy", s, object(), _read(s), lambda r: r.formula)
    assert answer is not None and answer.formula == "=SUM(E2:E5)"


@pytest.fixture(scope="module")
def kaqian(tmp_path_factory) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "会员"
    ws.append(["姓名", "卡种", "门店", "充值"])
    for r in [("周可", "年卡", "东门", 1200), ("吴迪", "次卡", "东门", 300), ("郑好", "年卡", "西门", 1200),
              ("王越", "月卡", "西门", 150)]:
        ws.append(list(r))
    path = tmp_path_factory.mktemp("fmodel8") / "kaqian.xlsx"
    wb.save(path)
    return path


def test_a_word_inside_a_value_is_no_word_a_rewrite_must_keep(kaqian, monkeypatch):
    """年 of 年卡 is the value's, not a year the rewrite would drop."""
    from o3local.tasks.formula import paraphrase as mod

    s = read_sheet(kaqian)
    monkeypatch.setattr(mod, "decode", lambda gen, req, schema, lang: ("卡种为年卡的行数", 0.95))
    answer, said = paraphrase("办年卡的一共几个", s, object(), _read(s), lambda r: r.formula)
    assert answer is not None and answer.formula == '=COUNTIF(B2:B5,"年卡")'
    # a year of its own is still kept out
    answer, why = paraphrase("今年办年卡的一共几个", s, object(), _read(s), lambda r: r.formula)
    assert answer is None and "'年'" in why[0]


def test_a_chinese_rewrite_may_not_drop_a_value_the_request_says(kaqian, monkeypatch):
    from o3local.tasks.formula import paraphrase as mod

    s = read_sheet(kaqian)
    monkeypatch.setattr(mod, "decode", lambda gen, req, schema, lang: ("卡种为年卡的充值的总和", 0.99))
    answer, why = paraphrase("西门年卡一共充值多少", s, object(), _read(s), lambda r: r.formula)
    assert answer is None and "西门" in why[0]


def test_a_rewrite_may_not_add_a_comparison_nor_drop_a_negation(laps):
    """'> 0' for 'riders is 0' says what the request does not; 'no' of a header is still a no."""
    s = read_sheet(laps)
    assert (">", True) in dropped("count the karts where riders is 0", "number of rows where Riders > 0", s)
    assert ("no", True) in dropped("how many karts had no riders", "total Riders", s)
    assert dropped("count the entries with more than 1 rider", "number of rows where Riders > 1", s) == []


def test_no_before_a_number_is_a_number_not_a_negation(laps):
    s = read_sheet(laps)
    assert ("no", True) not in dropped("track for the entry at no. 4", "Track of Ben Ode", s)


def test_an_amount_word_is_not_grounded_onto_one_part_of_the_amount(kaqian, monkeypatch):
    """金额 is what a row came to: grounding it onto 充值 alone is refused; 充值金额 would do."""
    from o3local.tasks.formula import ground as g

    s = read_sheet(kaqian)
    span = g.Span(4, 6, "金额")
    monkeypatch.setattr(g, "unknown_spans", lambda req, schema: [span])
    monkeypatch.setattr(g, "ground_span", lambda *a, **k: g.Grounding(span, g.Choice("column", "充值", "充值"), 5.0, "none"))
    answer, why, _ = g.ground("西门会员金额合计", s, object(), _read(s), lambda r: r.formula)
    assert answer is None and "'金额'" in why[0]
    assert g._amount_onto_part("金额", "充值") and not g._amount_onto_part("金额", "充值金额")
    assert not g._amount_onto_part("riders", "Riders")
