"""Checking user data against the ``inputs`` JSON Schema of a template manifest.

Every violation is reported at once, each with the JSON pointer of the value
at fault, so a user fixes a data file in one pass rather than one error per
run.
"""

from __future__ import annotations

from typing import Any

from ..errors import DataError, Location, ManifestError, Problem


def _pointer(path: Any) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def validate_data(data: Any, schema: dict[str, Any], *, file: str | None = None) -> None:
    """Raise :class:`DataError` listing every schema violation of ``data``."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    # The schema itself was checked when the manifest was validated; checking it
    # against the metaschema again would cost ~100 ms per render.
    try:
        errors = sorted(Draft202012Validator(schema).iter_errors(data),
                        key=lambda e: (_pointer(e.absolute_path), e.message))
    except SchemaError as err:
        raise ManifestError(f"the manifest's inputs schema is invalid: {err.message}",
                            where=Location(pointer="/inputs" + _pointer(err.path)),
                            code="manifest.inputs") from None
    except Exception as err:  # an unusable schema ($ref to nowhere...) fails while applied
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ManifestError(f"the manifest's inputs schema cannot be applied: {first}",
                            where=Location(pointer="/inputs"), code="manifest.inputs") from None
    if not errors:
        return
    problems = [
        Problem(code=f"data.schema.{e.validator}", message=e.message,
                where=Location(file=file, pointer=_pointer(e.absolute_path)))
        for e in errors
    ]
    noun = "problem" if len(problems) == 1 else "problems"
    raise DataError(f"data does not match the template's inputs ({len(problems)} {noun})",
                    where=Location(file=file), code="data.schema", problems=problems)
