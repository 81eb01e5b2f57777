"""Exact decimal formatting of integer ratios for vector output.

Exporters must write the same bytes on every host, so no coordinate ever
goes through a binary float: a ratio of two integers is rounded half away
from zero to a fixed number of decimals with integer arithmetic only.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal


def ratio(num: int, den: int, places: int = 4) -> str:
    """``num / den`` as a shortest decimal string with at most ``places`` decimals."""
    if den <= 0:
        raise ValueError("denominator must be positive")
    scale = 10**places
    negative = num < 0
    q, r = divmod(abs(num) * scale, den)
    if 2 * r >= den:
        q += 1
    whole, frac = divmod(q, scale)
    text = str(whole)
    if frac:
        text += "." + str(frac).rjust(places, "0").rstrip("0")
    return "-" + text if negative and q else text


def number(value: float) -> str:
    """A font-unit coordinate: integers as integers, otherwise at most 2 decimals."""
    if float(value).is_integer():
        return str(int(value))
    return ratio(round(value * 100), 100, 2)


_FORMATTED = re.compile(r"(-)?([^\d\s.,%+-]{1,3})?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%)?")
# a locale's number: the symbol before or after (CLDR puts a no-break space between
# digits and a trailing symbol or %), its own decimal and group symbols
_SUFFIX = r"(?:([\u00a0\u202f ]?)(%|[^\d\s.,%+-]{1,3}))?"


def _formatted(decimal: str, group: str) -> re.Pattern[str]:
    if (decimal, group) == (".", ","):
        return _FORMATTED
    d, g = re.escape(decimal), re.escape(group)
    return re.compile(rf"(-)?([^\d\s.,%+-]{{1,3}})?(\d{{1,3}}(?:{g}\d{{3}})+|\d+)({d}\d+)?{_SUFFIX}")


def parse_formatted(text: str, decimal: str = ".", group: str = ",") -> tuple[Decimal, str] | None:
    """(exact value, spreadsheet number format) of a number the template's filters printed.

    ``1,234.50`` -> (1234.50, ``#,##0.00``); ``-¥1,234.5`` -> (-1234.5, ``"¥"#,##0.0``);
    ``12.5%`` -> (0.125, ``0.0%``).  Anything else (``Q1``, ``n/a``) is not a number: None.
    ``decimal``/``group`` are the document's locale's symbols (the display list's ``locale``):
    in de-DE ``1.234,50\u00a0€`` -> (1234.50, ``#,##0.00"\u00a0€"``), and ``1.234`` is 1234.
    The value keeps the printed digits exactly (no binary float on the way).
    """
    match = _formatted(decimal, group).fullmatch(text.strip())
    if match is None:
        return None
    if len(match.groups()) == 5:
        sign, symbol, whole, decimals, percent = match.groups()
        gap, after = "", None
    else:
        sign, symbol, whole, decimals, gap, after = match.groups()
        percent = after if after == "%" else None
        if after and after != "%":
            if symbol:
                return None  # a symbol on both sides is not an amount
            symbol, after = after, "suffix"
    if symbol and (percent or any(unicodedata.category(c) != "Sc" for c in symbol)):
        return None  # only currency signs go with a number (``Q1`` is a label)
    value = Decimal(whole.replace(group, "") + ("." + decimals[len(decimal):] if decimals else ""))
    if sign:
        value = -value
    places = "." + "0" * (len(decimals) - len(decimal)) if decimals else ""
    if percent:
        return value.scaleb(-2), f'0{places}"{gap}"%' if gap else f"0{places}%"
    # up to three digits could be either; the filters group by default, so group then
    pattern = ("#,##0" if group in whole or len(whole) <= 3 else "0") + places
    if symbol and after == "suffix":
        pattern = f'{pattern}"{gap}{symbol}"'
    elif symbol:
        pattern = f'"{symbol}"{pattern}'
    return value, pattern


def spreadsheet_format(number_format: str | None) -> str:
    """The spreadsheet number format for a chart's ``number-format`` (``currency:$:0``...)."""
    fmt = number_format or "0"
    if fmt.startswith("currency:"):
        _, symbol, digits = (fmt.split(":") + ["", "2"])[:3]
        places = int(digits) if digits.isdigit() else 2
        symbol = symbol.replace('"', "")
        return f'"{symbol}"#,##0' + ("." + "0" * places if places else "")
    if fmt.startswith("percent:"):
        digits = fmt.split(":", 1)[1]
        places = int(digits) if digits.isdigit() else 0
        return "0" + ("." + "0" * places if places else "") + "%"
    if re.fullmatch(r"0(\.0+)?", fmt):
        return "#,##0" + fmt[1:]
    return "General"
