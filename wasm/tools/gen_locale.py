"""Generates ``wasm/src/locale_table.c``: the locale data the template filters
``number``, ``percent``, ``currency`` and ``date`` read, taken from CLDR through
Babel (the dev extra) so no symbol, month name or pattern is typed by hand.

The generated file is committed so building the module needs neither Babel nor
network; rerun this script after moving Babel (and so CLDR) to a newer release:

    python wasm/tools/gen_locale.py          # rewrite wasm/src/locale_table.c
    python wasm/tools/gen_locale.py --check  # exit 1 when the committed file differs

What is kept of each locale: decimal, group, minus and percent symbols and the
grouping sizes; the standard percent and currency patterns as the text before
and after the digits; the CLDR symbol of each common currency code; wide and
abbreviated month and weekday names (format context); date patterns
short/medium/long/full, time patterns short/medium (long/full are medium: the
data carries no time zones, so CLDR's zone field is dropped) and how a date and
a time combine; AM/PM; the flexible day period of every hour (``B``: "in the
afternoon", 下午, 晚上...) and its name at exactly midnight.  CLDR date patterns are rewritten into the ``date``
filter's own tokens (``y`` -> ``YYYY``, ``d`` -> ``D``, ``EEEE`` -> ``dddd``,
``a`` -> ``A``...), so the module has one pattern interpreter.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "locale_table.c"

# BCP 47 tags, in the order of the table (the first is no default: the module
# falls back by the document's lang, see locale.c).
LOCALES = ("en-US", "en-GB", "zh-CN", "zh-TW", "ja-JP", "de-DE", "fr-FR")
CURRENCIES = ("CNY", "USD", "EUR", "GBP", "JPY", "TWD", "HKD")
STYLES = ("short", "medium", "long", "full")

# CLDR date field -> the date filter's token (by field letter and width)
_FIELDS = {
    ("y", 1): "YYYY", ("y", 2): "YY", ("y", 4): "YYYY",
    ("M", 1): "M", ("M", 2): "MM", ("M", 3): "MMM", ("M", 4): "MMMM",
    ("d", 1): "D", ("d", 2): "DD",
    ("E", 1): "ddd", ("E", 2): "ddd", ("E", 3): "ddd", ("E", 4): "dddd",
    ("a", 1): "A", ("B", 1): "B",
    ("h", 1): "h", ("h", 2): "hh", ("H", 1): "H", ("H", 2): "HH",
    ("m", 2): "mm", ("s", 2): "ss",
}
_TOKEN_LETTERS = set("YMDdHhmsAB[]")


def _literal(text: str) -> str:
    """Literal pattern text in the filter's syntax: letters it reads as tokens go in [brackets]."""
    out, run = [], ""
    for ch in text:
        if ch in _TOKEN_LETTERS or ch.isascii() and ch.isalpha():
            run += ch
            continue
        if run:
            out.append(f"[{run}]")
            run = ""
        out.append(ch)
    if run:
        out.append(f"[{run}]")
    return "".join(out)


def convert_date_pattern(pattern: str) -> str:
    """A CLDR date/time pattern in the date filter's tokens; zone fields (z, [z]) are dropped."""
    pattern = re.sub(r"\s*\[?z+\]?", "", pattern).strip()
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            j = pattern.index("'", i + 1) if "'" in pattern[i + 1:] else len(pattern)
            out.append("'" if j == i + 1 else _literal(pattern[i + 1:j]))
            i = j + 1
            continue
        if ch.isascii() and ch.isalpha():
            j = i
            while j < len(pattern) and pattern[j] == ch:
                j += 1
            key = (ch, j - i)
            if key not in _FIELDS:
                raise SystemExit(f"gen_locale: CLDR field {ch * (j - i)!r} in {pattern!r} has no token")
            out.append(_FIELDS[key])
            i = j
            continue
        out.append(_literal(ch))
        i += 1
    return "".join(out)


def split_number_pattern(pattern: str) -> tuple[str, str, int, int]:
    """(text before the digits, text after, primary grouping, secondary grouping) of a positive pattern."""
    if ";" in pattern:
        raise SystemExit(f"gen_locale: explicit negative pattern {pattern!r} is not supported")
    m = re.fullmatch(r"([^#0,.]*)([#0,.]+)([^#0,.]*)", pattern)
    if not m:
        raise SystemExit(f"gen_locale: cannot read number pattern {pattern!r}")
    digits = m.group(2).split(".")[0]
    groups = digits.split(",")
    primary = len(groups[-1]) if len(groups) > 1 else 0
    secondary = len(groups[-2]) if len(groups) > 2 else primary
    return m.group(1), m.group(3), primary, secondary


def collect() -> list[dict[str, object]]:
    """The table's rows, one per locale, from Babel's CLDR data."""
    import datetime as dt

    from babel import Locale
    from babel.dates import format_time
    from babel.numbers import get_currency_symbol

    rows = []
    for tag in LOCALES:
        loc = Locale.parse(tag, sep="-")
        sym = loc.number_symbols["latn"]
        pct_pre, pct_suf, _, _ = split_number_pattern(loc.percent_formats[None].pattern)
        cur_pre, cur_suf, _, _ = split_number_pattern(loc.currency_formats["standard"].pattern)
        _, _, g1, g2 = split_number_pattern(loc.decimal_formats[None].pattern)
        pct = sym["percentSign"]
        months, days = loc.months["format"], loc.days["format"]
        times = {s: str(loc.time_formats[s]) for s in STYLES}
        rows.append({
            "tag": tag,
            "decimal": sym["decimal"], "group": sym["group"], "minus": sym["minusSign"],
            "g1": g1, "g2": g2,
            "pct_pre": pct_pre.replace("%", pct), "pct_suf": pct_suf.replace("%", pct),
            "cur_pre": cur_pre, "cur_suf": cur_suf,
            "cur_sym": [get_currency_symbol(c, loc) for c in CURRENCIES],
            "month_wide": [months["wide"][k] for k in range(1, 13)],
            "month_abbr": [months["abbreviated"][k] for k in range(1, 13)],
            # CLDR numbers weekdays from Monday = 0; the table starts on Sunday
            "day_wide": [days["wide"][(k + 6) % 7] for k in range(7)],
            "day_abbr": [days["abbreviated"][(k + 6) % 7] for k in range(7)],
            "date_pat": [convert_date_pattern(str(loc.date_formats[s])) for s in STYLES],
            "time_pat": [convert_date_pattern(times[s if s in ("short", "medium") else "medium"]) for s in STYLES],
            "datetime_pat": [str(loc.datetime_formats[s]) for s in STYLES],
            # the period of each hour, read at h:30 (CLDR's day period rules change on the hour),
            # and at 00:00:00 exactly, where an "at" rule (midnight) may apply
            "flex": [format_time(dt.time(h, 30), "B", locale=loc) for h in range(24)],
            "flex_midnight": format_time(dt.time(0, 0), "B", locale=loc),
            "am": loc.day_periods["format"]["abbreviated"]["am"],
            "pm": loc.day_periods["format"]["abbreviated"]["pm"],
        })
    return rows


def _c(s: str) -> str:
    """A C string literal, non-ASCII as UTF-8 octal escapes (the file stays ASCII and unambiguous)."""
    out = ['"']
    for b in s.encode("utf-8"):
        ch = chr(b)
        if ch in '"\\':
            out.append("\\" + ch)
        elif 32 <= b < 127 and ch != "?":
            out.append(ch)
        else:
            out.append(f"\\{b:03o}")
    out.append('"')
    return "".join(out)


def _arr(items: list[str]) -> str:
    return "{" + ", ".join(_c(x) for x in items) + "}"


def render(rows: list[dict[str, object]], digits: list[int], babel_version: str, cldr_version: str) -> str:
    out = [
        f"/* Generated by wasm/tools/gen_locale.py from CLDR {cldr_version} (Babel {babel_version}). Do not edit. */",
        '#include "locale.h"',
        "",
        "const char *const O3_CURRENCY_CODES[O3_NCUR + 1] = " + _arr(list(CURRENCIES))[:-1] + ", 0};",
        "const unsigned char O3_CURRENCY_DIGITS[O3_NCUR] = {" + ", ".join(str(d) for d in digits) + "};",
        "const o3_locale O3_LOCALES[O3_NLOCALES] = {",
    ]
    for r in rows:
        comment = r["tag"]
        out.append(f"  {{ /* {comment} */")
        out.append(f"    {_c(r['tag'])}, {_c(r['decimal'])}, {_c(r['group'])}, {_c(r['minus'])}, {r['g1']}, {r['g2']},")
        out.append(f"    {_c(r['pct_pre'])}, {_c(r['pct_suf'])}, {_c(r['cur_pre'])}, {_c(r['cur_suf'])},")
        for key in ("cur_sym", "month_wide", "month_abbr", "day_wide", "day_abbr", "date_pat", "time_pat",
                    "datetime_pat", "flex"):
            out.append(f"    {_arr(r[key])},")  # type: ignore[arg-type]
        out.append(f"    {_c(r['flex_midnight'])}, {_c(r['am'])}, {_c(r['pm'])}")
        out.append("  },")
    out.append("};")
    return "\n".join(out) + "\n"


def generate() -> str:
    import babel
    from babel.core import get_global  # noqa: F401  (Babel's CLDR data must be importable)

    cldr = getattr(babel.core, "get_cldr_version", None)
    cldr_version = cldr() if cldr else "unknown"
    from babel.numbers import get_currency_precision

    digits = [get_currency_precision(c) for c in CURRENCIES]
    return render(collect(), digits, babel.__version__, cldr_version)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed table instead of writing")
    args = ap.parse_args()
    text = generate()
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} differs from what gen_locale.py generates; rerun it", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text)} bytes, {len(LOCALES)} locales)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
