"""Shared plumbing of the CLI commands: JSON output, errors and exit codes.

Exit codes are the same for every command: 0 success, 1 the input is invalid
or the job failed for a reason the user can fix, 2 a usage error.  With
``--json`` every command prints exactly one JSON document on stdout, errors
included, so add-ins and scripts never have to parse human text.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..errors import O3Error

F = TypeVar("F", bound=Callable[..., Any])

json_option = click.option("--json", "as_json", is_flag=True, help="Print one machine-readable JSON document.")


def emit_json(doc: Any) -> None:
    click.echo(json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=False))


def style(text: str, **kwargs: Any) -> str:
    """Colour only when stdout is a terminal (click strips ANSI codes otherwise)."""
    return click.style(text, **kwargs)


def handle_errors(func: F) -> F:
    """Turn :class:`O3Error` into a clear message (or JSON) and its exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json"))
        try:
            return func(*args, **kwargs)
        except O3Error as err:
            if as_json:
                emit_json({"ok": False, "error": err.to_dict()})
            else:
                click.echo(style("error: ", fg="red", bold=True) + str(err), err=True)
                for problem in err.problems:
                    click.echo(f"  {problem}", err=True)
            sys.exit(err.exit_code)

    return wrapper  # type: ignore[return-value]
