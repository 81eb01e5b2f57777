"""A column the request says to leave out is never read by the answer (other than subtracted).

formula-dev23's blind part: '包间费=小时数×每小时价格，不含茶水' was answered =F2*G2, the hourly price
times the tea charge the request excludes.  These sheets are our own."""

from __future__ import annotations

from o3local.errors import TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.checks import left_out_column_read
from o3local.tasks.formula.schema import schema_from_rows


def _hire():
    rows = [["单号", "场地", "时长", "单价", "押金", "饮料费"]]
    for i in range(8):
        rows.append([f"H{100 + i}", ["一号", "二号"][i % 2], 2 + i % 3, 80 + 10 * (i % 2), 200, 15 * (i % 4)])
    return schema_from_rows(rows, sheet="租场")


def _bookings():
    rows = [["Booking", "Court", "Hours", "Rate", "Deposit", "Drinks charge"]]
    for i in range(8):
        rows.append([f"B{100 + i}", ["One", "Two"][i % 2], 1 + i % 3, 20 + 5 * (i % 2), 50, 4 * (i % 3)])
    return schema_from_rows(rows, sheet="Bookings")


def test_a_column_said_left_out_and_read_is_named_as_the_reason():
    zh, en = _hire(), _bookings()
    for request, text, sheet in [("场地费=时长×单价，不含押金", "=C2*E2", zh),
                                 ("每单多少钱，不包括饮料", "=D2+F2", zh),
                                 ("charge per booking, excluding the deposit", "=C2*E2", en),
                                 ("court fee per booking (hours x rate), excl drinks", "=C2*D2+F2", en)]:
        why = left_out_column_read(request, text, sheet)
        assert why and "leaves out" in why, (request, text)


def test_a_column_left_out_by_subtracting_it_or_not_read_passes():
    zh, en = _hire(), _bookings()
    assert left_out_column_read("场地费=时长×单价，不含押金", "=C2*D2", zh) is None
    assert left_out_column_read("总额减饮料费，不含饮料", "=C2*D2-F2", zh) is None
    assert left_out_column_read("charge per booking, excluding the deposit", "=C2*D2", en) is None
    # a condition on the column is not leaving it out: the words do not close the clause
    assert left_out_column_read("不算押金为0的单子有几单", '=COUNTIF(E2:E9,"<>0")', zh) is None


def test_the_answer_never_reads_the_column_left_out():
    zh, en = _hire(), _bookings()
    for request, sheet in [("场地费=时长×单价，不含押金", zh), ("每单场地费（时长乘单价），不包括饮料费", zh),
                           ("court fee per booking = hours x rate, excluding drinks", en)]:
        try:
            answer = formula(request, sheet, "G2", method="rules").formula
        except TaskError:
            continue  # a refusal is fine; a wrong answer is not
        assert "E2" not in answer.replace("$", "") or "-E2" in answer, (request, answer)
        assert "F2" not in answer.replace("$", "") or "-F2" in answer, (request, answer)
