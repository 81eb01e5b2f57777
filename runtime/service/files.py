"""Which files a request may name: reads inside the configured folders, writes in one.

Whoever holds the token (an add-in page, or a script injected into it) must
not get the service to overwrite ``~/.bashrc`` with ``/v1/render``'s
``output`` or to read ``~/.ssh`` as "data".  Every path argument is resolved
(symbolic links followed, ``..`` removed; relative paths start at the files
folder) and must land inside a folder of :attr:`ServiceConfig.read_dirs`
(template packages, data files, sheets) or inside
:attr:`ServiceConfig.output_dir` (render outputs); anything else is
``permission.path``.  The resolved absolute path is what the operation gets,
so a worker's current folder never matters.  Rendering without ``output``
and with ``include_files`` returns the bytes instead of writing anything.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import Location, PermissionDenied

#: operation -> argument -> what kind of path it is (the AI tasks' come from the task registry)
PATH_ARGUMENTS: dict[str, dict[str, str]] = {
    "validate": {"path": "read"},
    "render": {"template": "template", "data": "read", "output": "write"},
    "generate": {"template": "template"},
}


def path_arguments(op: str) -> dict[str, str] | None:
    """Which arguments of ``op`` are paths, and of which kind (None: ``op`` takes no paths)."""
    if op in PATH_ARGUMENTS:
        return PATH_ARGUMENTS[op]
    from ..tasks.registry import by_operation

    task = by_operation(op)
    return dict(task.path_args) if task is not None and task.path_args else None


def looks_like_path(value: str) -> bool:
    """A template argument that names a file rather than a library/bundled id."""
    seps = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return (any(s in value for s in seps) or value.startswith((".", "~"))
            or value.lower().endswith(".o3t") or os.path.isabs(value))


def _inside(path: Path, folders: Sequence[Path]) -> bool:
    return any(path == f or f in path.parents for f in folders)


class FileRoots:
    """The folders of one service: ``read`` (inputs) and ``output`` (render outputs)."""

    def __init__(self, base: Path, read: Sequence[Path], output: Path) -> None:
        self.base = Path(base).expanduser().resolve()
        self.read = tuple(Path(p).expanduser().resolve() for p in read)
        self.output = Path(output).expanduser().resolve()

    def _absolute(self, value: str, start: Path, pointer: str) -> Path:
        try:
            path = Path(value).expanduser() if value.startswith("~") else Path(value)
            return (start / path).resolve() if not path.is_absolute() else path.resolve()
        except (ValueError, OSError, RuntimeError) as err:  # NUL byte, unknown ~user, link loop
            raise PermissionDenied(f"{value!r} is not a usable path ({err})",
                                   where=Location(pointer=pointer), code="permission.path") from None

    def readable(self, value: str, pointer: str) -> str:
        path = self._absolute(value, self.base, pointer)
        if not _inside(path, self.read):
            folders = ", ".join(str(f) for f in self.read)
            raise PermissionDenied(f"{value!r} is outside the folders this service reads from "
                                   f"({folders}; add one with --read-dir)",
                                   where=Location(pointer=pointer), code="permission.path")
        return str(path)

    def writable(self, value: str, pointer: str) -> str:
        path = self._absolute(value, self.output, pointer)
        if not _inside(path, (self.output,)) or path == self.output:
            raise PermissionDenied(f"{value!r} is outside the output folder {self.output} "
                                   "(choose it with --output-dir, or leave output out and ask "
                                   "for include_files)",
                                   where=Location(pointer=pointer), code="permission.path")
        path.parent.mkdir(parents=True, exist_ok=True)
        return str(path)

    def confine(self, op: str, args: Any) -> Any:
        """``args`` with every path argument of ``op`` resolved and checked (others unchanged)."""
        kinds = path_arguments(op)
        if not kinds or not isinstance(args, dict):
            return args
        out = dict(args)
        for name, kind in kinds.items():
            value = out.get(name)
            if not isinstance(value, str):
                continue  # inline data, None, or a wrong type the operation reports
            if kind == "template" and not looks_like_path(value) and \
                    not (self.base / value).exists():
                continue  # a library or bundled template id
            out[name] = self.writable(value, f"/{name}") if kind == "write" \
                else self.readable(value, f"/{name}")
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"files_dir": str(self.base), "read_dirs": [str(p) for p in self.read],
                "output_dir": str(self.output)}


__all__ = ["PATH_ARGUMENTS", "FileRoots", "looks_like_path", "path_arguments"]
