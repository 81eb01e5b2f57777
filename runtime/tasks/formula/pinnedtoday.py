"""A pinned today that a per-row label compares a date with: "今天是2026年12月7日，到期日期早于
今天的标已过期", "到期日期在今天之前的写过期（今天2026-12-07）", "expiry before today (today is
7 Dec 2026)".

The request says 今天 / today as the bound and pins which day that is; the answer compares with
that day as a fixed DATE (as asked that day), so the request is read with the pinned day written
where today is said and the pin dropped.  The pin is found as ``agedays`` finds it; a request
with no pin, or a pin and no today compared, is left as it was (an unpinned today stays TODAY()).
"""

from __future__ import annotations

import re

from .agedays import _pin

#: today said as the bound a date is compared with, after the pin is dropped
_TODAY_SAID = re.compile(r"今天|今日|(?<![a-z])today(?![a-z])", re.I)
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def pinned(request: str) -> str:
    """``request`` with a today it compares with written as the day it pins, the pin dropped."""
    low = request.lower()
    pin = _pin(low)
    if pin is None:
        return request
    day, a, b = pin
    rest = request[:a] + request[b:]
    rest = re.sub(r"[(（]\s*[)）]", "", rest)  # the bracket the pin stood in
    if not _TODAY_SAID.search(rest):
        return request
    zh = re.search(r"[\u4e00-\u9fff]", request) is not None
    words = f"{day.year}年{day.month}月{day.day}日" if zh else f"{day.day} {_MONTHS[day.month - 1]} {day.year}"
    return re.sub(r"\s{2,}", " ", _TODAY_SAID.sub(words, rest)).strip(" ，,;；")
