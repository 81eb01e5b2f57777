"""Checking user data against the ``inputs`` JSON Schema of a template manifest.

Every violation is reported at once, each with the JSON pointer of the value
at fault, so a user fixes a data file in one pass rather than one error per
run; the rows of a .xlsx or CSV table are grouped per column and named by
cell or line (:mod:`o3local.bind.grouping`).  The validator comes from :mod:`o3local.template.safeschema`, like
every other: it never fetches a ``$ref`` and bounds the schema's regexes, so
a hostile template can neither send the data out nor freeze the render.
"""

from __future__ import annotations

from typing import Any

from ..errors import DataError, Location, ManifestError, Problem
from ..template import safeschema
from .grouping import data_problems
from .grouping import pointer as _pointer


def _template_fault(fault: safeschema.SchemaFault) -> ManifestError:
    return ManifestError(f"the manifest's inputs schema cannot be applied: {fault.message}",
                         where=Location(pointer="/inputs" + fault.pointer), code=fault.code,
                         problems=[Problem(fault.code, fault.message,
                                           Location(pointer="/inputs" + fault.pointer))])


def validate_data(data: Any, schema: dict[str, Any], *, file: str | None = None) -> None:
    """Raise :class:`DataError` listing every schema violation of ``data``.

    A schema that would fetch or whose patterns run out of time raises
    :class:`ManifestError` instead (the template is at fault, not the data).
    """
    from jsonschema.exceptions import SchemaError

    # The schema itself was checked against the meta-schema when the manifest was
    # validated (again would cost ~100 ms per render); the reference check is cheap.
    faults = safeschema.schema_faults(schema)
    if faults:
        raise _template_fault(faults[0])
    try:
        errors = safeschema.validation_errors(safeschema.new_validator(schema), data)
    except safeschema.SchemaFaultError as err:
        raise _template_fault(err.fault) from None
    except SchemaError as err:
        raise ManifestError(f"the manifest's inputs schema is invalid: {err.message}",
                            where=Location(pointer="/inputs" + _pointer(err.path)),
                            code="manifest.inputs") from None
    except Exception as err:  # an unusable schema (a keyword of the wrong type...) fails while applied
        # render skips the meta-schema check (~100 ms); now that the schema failed, it names the keyword
        try:
            fault = safeschema.first_fault(schema)
        except safeschema.SchemaFaultError as inner:
            fault = inner.fault
        if fault is not None:
            raise ManifestError(f"the manifest's inputs schema cannot be applied: {fault.message}",
                                where=Location(pointer="/inputs" + fault.pointer),
                                code="manifest.inputs") from None
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ManifestError(f"the manifest's inputs schema cannot be applied: {first}",
                            where=Location(pointer="/inputs"), code="manifest.inputs") from None
    if not errors:
        return
    problems = data_problems(errors, data, file=file)
    noun = "problem" if len(problems) == 1 else "problems"
    raise DataError(f"data does not match the template's inputs ({len(problems)} {noun})",
                    where=Location(file=file), code="data.schema", problems=problems)
