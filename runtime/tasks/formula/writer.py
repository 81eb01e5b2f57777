"""Put a checked formula into a copy of the user's workbook, atomically."""

from __future__ import annotations

import io
import os

from ...errors import DataError, Location, TaskError
from ...fsutil import atomic_write_bytes


def write_formula(source: str | os.PathLike[str], sheet: str, cell: str, formula: str,
                  out: str | os.PathLike[str]) -> None:
    """Save ``source`` as ``out`` with ``formula`` in ``sheet!cell``; never overwrite data."""
    import openpyxl

    try:
        wb = openpyxl.load_workbook(source)
    except Exception as err:
        raise DataError(f"cannot read the workbook: {err}", where=Location(file=str(source)),
                        code="data.read") from None
    ws = wb[sheet]
    current = ws[cell].value
    if current not in (None, ""):
        raise TaskError(f"cell {cell} already holds {current!r}; choose an empty cell",
                        code="task.cell_taken")
    ws[cell] = formula
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write_bytes(out, buf.getvalue())
