"""Put a checked formula into a copy of the user's workbook, atomically."""

from __future__ import annotations

import io
import os

from ...errors import DataError, Location, TaskError
from ...fsutil import atomic_write_bytes


def write_formula(source: str | os.PathLike[str], sheet: str, cell: str, formula: str,
                  out: str | os.PathLike[str], fill_range: str | None = None) -> list[str]:
    """Save ``source`` as ``out`` with ``formula`` in ``sheet!cell``; never overwrite data.

    A per-row answer comes with ``fill_range`` ("J2:J13"): the formula is filled down
    over it the way Excel's fill handle does (relative references move with the row,
    ``$`` ones stay), because a per-row column with one cell filled is not what the
    user asked for.  Every cell written must be empty.  Returns the cells written.
    """
    import openpyxl
    from openpyxl.formula.translate import Translator
    from openpyxl.utils.cell import range_boundaries

    try:
        wb = openpyxl.load_workbook(source)
    except Exception as err:
        raise DataError(f"cannot read the workbook: {err}", where=Location(file=str(source)),
                        code="data.read") from None
    ws = wb[sheet]
    cells = [cell]
    if fill_range:
        c1, r1, c2, r2 = range_boundaries(fill_range)
        cells = [ws.cell(row=r, column=c1).coordinate for r in range(r1, r2 + 1)]
        if cell not in cells:
            cells.insert(0, cell)
    for coord in cells:
        current = ws[coord].value
        if current not in (None, ""):
            raise TaskError(f"cell {coord} already holds {current!r}; choose an empty "
                            f"{'column' if fill_range else 'cell'}", code="task.cell_taken")
    for coord in cells:
        ws[coord] = formula if coord == cell else Translator(formula, origin=cell).translate_formula(coord)
    buf = io.BytesIO()
    wb.save(buf)
    atomic_write_bytes(out, buf.getvalue())
    return cells
