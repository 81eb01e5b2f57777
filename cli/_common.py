"""Shared plumbing of the CLI commands: JSON output, errors and exit codes.

Exit codes are the same for every command: 0 success, 1 the input is invalid
or the job failed for a reason the user can fix, 2 a usage error, 70 a bug
of ours (one line, no traceback; `O3_DEBUG=1` shows it).  With
``--json`` every command prints exactly one JSON document on stdout, errors
included, so add-ins and scripts never have to parse human text.
"""

from __future__ import annotations

import functools
import json
import os
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


INTERNAL_EXIT = 70  # EX_SOFTWARE: a bug of ours, not the user's input


def handle_errors(func: F) -> F:
    """Turn :class:`O3Error` into a clear message (or JSON) and its exit code.

    Anything else is a bug of ours: the user gets one line naming it and exit
    code 70 instead of a traceback; ``O3_DEBUG=1`` shows the traceback.
    """

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
        except (KeyboardInterrupt, SystemExit, click.exceptions.ClickException,
                click.exceptions.Exit, click.exceptions.Abort):
            raise
        except Exception as err:
            if os.environ.get("O3_DEBUG"):
                raise
            what = f"{type(err).__name__}: {err}"
            if as_json:
                emit_json({"ok": False, "error": {"code": "internal", "message": what}})
            else:
                click.echo(style("internal error: ", fg="red", bold=True) + what
                           + " (a bug in o3-local, not in your input; O3_DEBUG=1 shows where)",
                           err=True)
            sys.exit(INTERNAL_EXIT)

    return wrapper  # type: ignore[return-value]
