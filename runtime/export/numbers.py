"""Exact decimal formatting of integer ratios for vector output.

Exporters must write the same bytes on every host, so no coordinate ever
goes through a binary float: a ratio of two integers is rounded half away
from zero to a fixed number of decimals with integer arithmetic only.
"""

from __future__ import annotations


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
