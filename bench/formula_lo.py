"""LibreOffice headless recalculation, batched: the referee of the formula benchmarks.

``recalc(jobs)`` writes one small workbook per job (the item's sheet with the
formulas placed in their cells), converts all of them in ONE ``soffice``
process, and reads the computed values back.  Neither our formula engine nor
openpyxl computes anything here.

A job is ``{"sheet": PATH.xlsx, "cells": {"F2": "=D2*0.05", ...}, "read": ["F2", ...]}``;
the answer is ``{cell: value}`` per job (a date-formatted result comes back as
its serial number, an error as its text such as ``"#DIV/0!"``).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

SOFFICE_TIMEOUT_S = 600  # one soffice call (CHUNK workbooks)
CHUNK = 100  # workbooks per soffice call
_CELL = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)$")
_EPOCH = dt.datetime(1899, 12, 30)
# functions newer than Excel 2007: OOXML stores them as _xlfn.NAME, and LibreOffice
# reads a bare MAXIFS in an .xlsx as an unknown name (#NAME?)
_XLFN = ("MAXIFS", "MINIFS", "IFS", "SWITCH", "CONCAT", "TEXTJOIN", "XLOOKUP", "XMATCH", "IFNA",
         "FILTER", "UNIQUE", "SORT", "SORTBY", "SEQUENCE", "LET", "DAYS", "ISOWEEKNUM",
         "RANK.EQ", "RANK.AVG", "STDEV.S", "STDEV.P", "VAR.S", "VAR.P", "PERCENTILE.INC",
         "QUARTILE.INC", "MODE.SNGL", "CEILING.MATH", "FLOOR.MATH", "NETWORKDAYS.INTL",
         "WORKDAY.INTL", "AGGREGATE", "FORECAST.LINEAR", "NUMBERVALUE", "UNICHAR", "UNICODE")
_XLFN_RE = re.compile(r"(?<![A-Za-z0-9_.])(" + "|".join(re.escape(f) for f in _XLFN) + r")\s*\(",
                      re.IGNORECASE)


def ooxml(formula: str) -> str:
    """``formula`` as an .xlsx file stores it: newer functions get their _xlfn. prefix."""
    parts = formula.split('"')
    for i in range(0, len(parts), 2):  # outside string literals only
        parts[i] = _XLFN_RE.sub(lambda m: "_xlfn." + m.group(1).upper() + "(", parts[i])
    return '"'.join(parts)


def split_cell(cell: str) -> tuple[str, int]:
    m = _CELL.match(cell.upper())
    if not m:
        raise ValueError(f"not a cell: {cell!r}")
    return m.group(1), int(m.group(2))


def fill_down(formula: str, target: str, last_row: int) -> dict[str, str]:
    """``formula`` written in ``target`` and filled down to ``last_row``, as Excel fills it."""
    from openpyxl.formula.translate import Translator

    col, row = split_cell(target)
    out = {target: formula}
    for r in range(row + 1, last_row + 1):
        out[f"{col}{r}"] = Translator(formula, origin=target).translate_formula(f"{col}{r}")
    return out


def plain(value: Any) -> Any:
    """A cell value as LibreOffice would compare it: dates as serial numbers."""
    if isinstance(value, dt.datetime):
        delta = value - _EPOCH
        return delta.days + delta.seconds / 86400
    if isinstance(value, dt.date):
        return (value - _EPOCH.date()).days
    if value is None:
        return ""  # a formula cell read back empty holds the empty string
    if isinstance(value, dt.time):
        return (value.hour * 3600 + value.minute * 60 + value.second) / 86400
    return value


def soffice() -> str:
    exe = shutil.which("soffice") or shutil.which("libreoffice")
    if not exe:
        raise RuntimeError("LibreOffice (soffice) is not installed: see .ci/setup.d/70-office.sh")
    return exe


def recalc(jobs: list[dict], workdir: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    import openpyxl

    tmp = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix="o3-lo-recalc-"))
    src, out, profile = tmp / "in", tmp / "out", tmp / "profile"
    for d in (src, out):
        d.mkdir(parents=True, exist_ok=True)
    names = []
    for i, job in enumerate(jobs):
        wb = openpyxl.load_workbook(job["sheet"])
        ws = wb[job["sheet_name"]] if job.get("sheet_name") else wb.worksheets[0]
        for cell, text in job["cells"].items():
            ws[cell] = ooxml(text) if isinstance(text, str) and text.startswith("=") else text
        name = f"j{i:05d}.xlsx"
        wb.save(src / name)
        names.append(name)
    pending = names
    for _ in range(3):  # soffice sometimes stops partway through a long list: convert the rest again
        for k in range(0, len(pending), CHUNK):
            subprocess.run(
                [soffice(), f"-env:UserInstallation=file://{profile}", "--headless", "--calc",
                 "--convert-to", "xlsx", "--outdir", str(out), *pending[k:k + CHUNK]],
                cwd=src, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                timeout=SOFFICE_TIMEOUT_S, check=False)
        pending = [n for n in pending if not (out / n).exists()]
        if not pending:
            break
    results: list[dict[str, Any]] = []
    for job, name in zip(jobs, names, strict=True):
        path = out / name
        if not path.exists():
            results.append({c: "#LO_FAILED" for c in job["read"]})
            continue
        wb = openpyxl.load_workbook(path, data_only=True)
        ws = wb[job["sheet_name"]] if job.get("sheet_name") else wb.worksheets[0]
        results.append({c: plain(ws[c].value) for c in job["read"]})
    if workdir is None:
        shutil.rmtree(tmp, ignore_errors=True)
    return results
