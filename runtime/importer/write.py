"""The imported package on disk: staged, validated, then published whole.

Every file (manifest, body, assets, samples) is written into one hidden
staging folder next to the output (o3local.fsutil.Staging), the staged
package is checked exactly as ``o3-local validate`` checks a package (body
included, with its sample data), and only a package that passes becomes
the output folder, by one rename (or one atomic swap when ``force``
replaces an earlier template package).  On any failure the staging folder
is removed: there is never a partial output folder.  A problem in the body
is reported with the deck place its line came from (slide and shape).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from ..errors import Location, OfficeImportError, Problem, UsageError
from ..fsutil import Staging, write_failure
from .model import Origin, Place

MANIFEST = "manifest.json"
ENTRY = "deck.o3x"
#: the body of a template imported from a Word document
DOCUMENT_ENTRY = "document.o3x"


def json_bytes(value: object) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _check_target(folder: Path, force: bool) -> None:
    try:
        entries = next(os.scandir(folder), None) if folder.is_dir() and not folder.is_symlink() \
            else None
    except OSError:
        entries = None
    if not os.path.lexists(folder):
        return
    if folder.is_symlink() or not folder.is_dir():
        raise UsageError(f"the output {str(folder)!r} exists and is not a folder; it is not "
                         "replaced (choose another name)", code="usage.output")
    if entries is None:
        return  # empty: replaced
    if not force:
        raise UsageError(f"the output folder {str(folder)!r} exists and is not empty (use "
                         "--force to replace a template package there)", code="usage.output")
    if not (folder / MANIFEST).is_file():
        raise UsageError(f"--force replaces a template package, but {str(folder)!r} has no "
                         "manifest.json; it is not replaced", code="usage.output")


def _placed(problem: Problem, origins: Sequence[Origin | Place | None],
            entry: str = ENTRY) -> Problem:
    line = problem.where.line
    if problem.where.file and problem.where.file.endswith(entry) and line and \
            0 < line <= len(origins) and origins[line - 1] is not None:
        return Problem(problem.code, f"{origins[line - 1]}: {problem.message}",
                       Location(file=entry, line=line, column=problem.where.column),
                       problem.hint, problem.severity)
    return problem


def publish(folder: str | os.PathLike[str], files: Mapping[str, bytes],
            origins: Sequence[Origin | Place | None], *, force: bool = False,
            entry: str = ENTRY, source: str = "deck", source_file: str | None = None) -> list[Problem]:
    """Write ``files`` (package path -> bytes) as the package ``folder``; its warnings.

    Raises ``import.invalid_template`` (with every problem) when the staged
    package does not validate; nothing is written then.
    """
    from ..template.validate import validate

    target = Path(folder)
    _check_target(target, force)
    try:
        with Staging(target.parent if str(target.parent) else Path(".")) as staging:
            for name, data in files.items():
                path = staging.path / name
                path.parent.mkdir(parents=True, exist_ok=True)
                staging.write(name, data)
            report = validate(staging.path)
            problems = [_placed(p, origins, entry) for p in report.problems]
            errors = [p for p in problems if p.severity == "error"]
            if errors:
                raise OfficeImportError(
                    f"the template made from the {source} does not validate ({len(errors)} "
                    f"problem{'s' if len(errors) != 1 else ''}); fix the tags in the {source}",
                    where=Location(file=source_file) if source_file else None,
                    code="import.invalid_template", problems=errors)
            staging.publish_folder(target, marker=MANIFEST if force else None,
                                   allow_empty=True, what="the template goes to")
    except OSError as err:
        shown, reason = write_failure(err, target.parent, target)
        raise OfficeImportError(f"cannot write the template: {reason}",
                                where=Location(file=shown), code="import.io") from None
    return [p for p in problems if p.severity != "error"]
