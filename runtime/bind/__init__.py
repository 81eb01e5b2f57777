"""Reading user data and context for a render.

JSON, CSV and .xlsx sources are read strictly (every defect reported with its
position) and normalized into one canonical form, so templates see the same
shape whatever the user exported their figures from.  Heavy readers
(openpyxl, jsonschema) load only when a file of their kind is read.
"""

from __future__ import annotations

from .context import check_context, parse_context
from .loader import SOURCE_TYPES, load_bytes, load_data, source_type
from .schema import validate_data

__all__ = [
    "SOURCE_TYPES",
    "check_context",
    "load_bytes",
    "load_data",
    "parse_context",
    "source_type",
    "validate_data",
]
