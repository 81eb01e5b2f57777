"""Chinese IF labels (round twenty, helper fzhif20): the rest's label is the one said, a count
column's "没有" is 0, arrows and a named result column before the rule, and bands led by the
column they band or listed with their bounds in brackets.  The workbooks are our own.

Phrasings a different person would type, per behaviour (each answered below):
- the rest's own label: "…为达标，否则复查" / "…的写达标，其余复查" / "…→达标，不满足的→复查"
- none of a count: "没有投诉的" / "无投诉的" / "投诉0次的" on 投诉次数 of 0, 1, 2
- bands led by their column: "按考核分给每个人定档次，…" / "考核分分档：…" / "根据考核分评等级 …"
- labels listed with bounds: "A档(≥90)/B档(≥75)/C档" / "A档（90以上）、B档（75以上）、C档"
"""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.schema import schema_from_rows


def _answer(request, sheet, cell="F2"):
    try:
        return formula(request, sheet, cell, method="rules").formula
    except TaskError:
        return None


def _staff():
    rows = [["工号", "姓名", "考核分", "出勤率", "投诉次数"]]
    for i, (score, rate, n) in enumerate([(95, 0.99, 0), (82, 0.95, 1), (70, 0.9, 0), (88, 0.97, 2), (91, 0.92, 0)]):
        rows.append([f"E{100 + i}", f"员工{i}", score, rate, n])
    return schema_from_rows(rows, sheet="考核")


def test_the_rest_gets_the_label_said_not_the_pairs_opposite():
    sheet = _staff()
    for ask in ("考核分>=80且投诉次数=0为合格，否则复查",
                "考核分80以上并且投诉次数为0的写合格，其余复查",
                "考核分不低于80并且投诉次数=0→合格，不满足的→复查"):
        assert _answer(ask, sheet) == '=IF(AND(C2>=80,E2=0),"合格","复查")', ask


def test_a_known_pair_still_fills_an_unsaid_rest():
    assert _answer("考核分>=80为合格", _staff()) == '=IF(C2>=80,"合格","不合格")'


def test_none_of_a_count_is_zero_not_an_empty_cell():
    sheet = _staff()
    for ask in ("没有投诉并且考核分80以上的标优秀，其他标一般",
                "无投诉并且考核分80以上的标优秀，其他标一般",
                "考核分不低于80并且投诉0次的为优秀，否则为一般"):
        got = _answer(ask, sheet)
        assert got in ('=IF(AND(E2=0,C2>=80),"优秀","一般")', '=IF(AND(C2>=80,E2=0),"优秀","一般")'), (ask, got)
    assert _answer("有投诉的写关注，否则正常", sheet) == '=IF(E2>0,"关注","正常")'


def test_a_result_column_named_before_the_rule():
    sheet = _staff()
    for ask in ("评定结果：考核分>=80并且投诉次数=0的为合格，否则为复查",
                "复查标记：考核分不低于80且投诉0次→合格，否则→复查"):
        assert _answer(ask, sheet) == '=IF(AND(C2>=80,E2=0),"合格","复查")', ask


def test_an_arrow_between_years_is_no_label():
    rows = [["Crop", "2023", "2024"], ["Wheat", 10, 12], ["Barley", 8, 7]]
    got = _answer("tonnes up/down 2023->2024 per crop", schema_from_rows(rows, sheet="Crops"), "D2")
    assert not (got or "").startswith("=IF("), got


def test_bands_led_by_the_column_they_band():
    sheet = _staff()
    want = '=IF(C2>=90,"A档",IF(AND(C2>=75,C2<=90),"B档","C档"))'
    for ask in ("按考核分给每个人定档次，90及以上A档，75到90B档，75以下C档",
                "考核分分档：90以上A档，75-90B档，其余C档",
                "根据考核分评等级 90及以上A档，75至90B档，其他C档"):
        assert _answer(ask, sheet) == want, ask


def test_a_range_whose_upper_end_a_later_band_starts_at_is_not_guessed():
    # "60到80合格，80到90良好": 80 is in both, and which band it goes to is not said
    assert _answer("考核分60到80合格，80到90良好，90以上优秀，其余不合格", _staff()) is None


def test_labels_listed_with_their_bounds_in_brackets():
    sheet = _staff()
    want = '=IF(C2>=90,"A档",IF(C2>=75,"B档","C档"))'
    for ask in ("考核分分档 A档(≥90)/B档(≥75)/C档",
                "按考核分分档：A档（90以上）、B档（75以上）、C档",
                "考核分定等级：A档(>=90)/B档(>=75)/C档(<75)"):
        assert _answer(ask, sheet) == want, ask


def test_a_bracketed_list_with_no_column_is_refused():
    assert _answer("A档(≥90)/B档(≥75)/C档", _staff()) is None


def _rooms():
    rows = [["包间", "人数", "会员号", "支付"]]
    for i, card in enumerate(["V001", None, "V007", None]):
        rows.append([f"房{i}", 3 + i, card, "微信"])
    return schema_from_rows(rows, sheet="包间")


def test_a_class_named_by_the_front_of_an_id_column():
    # "有会员号的写会员": 会员 is the class of the row, not the 会员号 shown
    sheet = _rooms()
    for ask in ("有会员号的写会员，没有的写散客",):
        assert _answer(ask, sheet, "E2") in ('=IF(C2<>"","会员","散客")', '=IF(C2="","散客","会员")'), ask
