"""TEXT of a date or time in Excel's format codes, for the formula engine (issue 16: the check and
the value shown must be what Excel and LibreOffice compute).

The engine's own TEXT (PyPI ``formulas`` 1.3) writes a one-letter month or minute of two digits as
its first digit: ``TEXT(<3 Oct 2026>,"m月")`` gave "1月" where Excel and LibreOffice give "10月",
and "hh:mm AM/PM" kept the 24-hour clock.  Codes made only of date and time parts, literals and
separators are formatted here by Excel's rules; anything else (digits, conditions, [h]) is left to
the engine (:func:`text` returns None).
"""

from __future__ import annotations

import datetime as dt
import numbers
import re

#: a date/time format's tokens, in Excel's order of precedence
_TOKEN = re.compile(r'"(?P<quoted>[^"]*)"|\\(?P<escaped>.)|(?P<ampm>AM/PM|am/pm|A/P|a/p)'
                    r"|(?P<part>[yY]+|[mM]+|[dD]+|[hH]+|[sS]+)|(?P<other>[0#?%@Ee\[\];*_])|(?P<literal>.)",
                    re.S)
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_EPOCH = dt.datetime(1899, 12, 30)


def _tokens(code: str) -> list[tuple[str, str]] | None:
    out: list[tuple[str, str]] = []
    for m in _TOKEN.finditer(code):
        if m.group("other") is not None:
            return None  # a number format, a condition, [h]: not a plain date code
        if m.group("quoted") is not None:
            out.append(("lit", m.group("quoted")))
        elif m.group("escaped") is not None:
            out.append(("lit", m.group("escaped")))
        elif m.group("ampm") is not None:
            out.append(("ampm", m.group("ampm")))
        elif m.group("part") is not None:
            out.append(("part", m.group("part").lower()))
        else:
            out.append(("lit", m.group("literal")))
    return out


def _minutes(parts: list[tuple[str, str]], i: int) -> bool:
    """Excel reads m/mm as minutes right after an hour or right before a second."""
    before = next((p for k, p in reversed(parts[:i]) if k == "part"), "")
    after = next((p for k, p in parts[i + 1:] if k == "part"), "")
    return before.startswith("h") or after.startswith("s")


def text(value: object, code: str) -> str | None:
    """``TEXT(value, code)`` for a date/time code, or None when the code or value is not one."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= float(value) < 2958466:
        return None
    parts = _tokens(code)
    if not parts or not any(k == "part" for k, _ in parts):
        return None
    if float(value) < 61 and any(k == "part" and (p[0] in "yd" or p[0] == "m" and not _minutes(parts, i))
                                 for i, (k, p) in enumerate(parts)):
        return None  # a time alone, or Excel's 1900 leap-year days: no date of its own to show
    moment = _EPOCH + dt.timedelta(seconds=round(float(value) * 86400))
    twelve = any(k == "ampm" for k, _ in parts)
    out = []
    for i, (kind, tok) in enumerate(parts):
        if kind == "lit":
            out.append(tok)
        elif kind == "ampm":
            pm = moment.hour >= 12
            words = tok.split("/")
            word = words[1] if pm else words[0]
            out.append(word)
        elif tok[0] == "y":
            out.append(f"{moment.year % 100:02d}" if len(tok) <= 2 else f"{moment.year:04d}")
        elif tok[0] == "m" and len(tok) <= 2 and _minutes(parts, i):
            out.append(f"{moment.minute:0{len(tok)}d}")
        elif tok[0] == "m":
            n = moment.month
            out.append(str(n) if len(tok) == 1 else f"{n:02d}" if len(tok) == 2 else _MONTHS[n - 1][:3]
                       if len(tok) == 3 else _MONTHS[n - 1] if len(tok) == 4 else _MONTHS[n - 1][0])
        elif tok[0] == "d":
            n = moment.day
            name = _DAYS[moment.weekday()]
            out.append(str(n) if len(tok) == 1 else f"{n:02d}" if len(tok) == 2 else name[:3]
                       if len(tok) == 3 else name)
        elif tok[0] == "h":
            h = moment.hour % 12 or 12 if twelve else moment.hour
            out.append(f"{h:0{min(len(tok), 2)}d}")
        else:
            out.append(f"{moment.second:0{min(len(tok), 2)}d}")
    return "".join(out)
