"""The ``o3-local`` command line: a thin layer over the ``o3local`` library.

Sub-commands are imported only when they run, so ``o3-local --help`` and
``o3-local validate`` never pay for onnxruntime, wasmtime or numpy.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

from .._version import __version__

# command name -> ("module:attribute" below o3local.cli, short help); the AI tasks'
# commands (summarize, formula...) come from the task registry, listed after "templates"
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate:validate", "Check template packages and report every problem."),
    "info": ("info:info", "Show what a template package declares."),
    "render": ("render:render", "Fill a template with data and lay it out (SVG, PNG...)."),
    "models": ("models:models", "List, build, verify and remove local models."),
    "templates": ("templates:templates", "Install, sign, trust and search template packages."),
    "preview": ("preview:preview", "Live preview of a template, re-rendered on every save."),
    "import": ("import_:import_", "Make a template package from a designed .pptx deck."),
    "serve": ("serve:serve", "Run the loopback service for office add-ins."),
}
_TASKS_AFTER = "templates"


def commands() -> dict[str, tuple[str, str]]:
    """Every command: name -> (absolute "module:attribute", short help), in --help order."""
    from ..tasks.registry import commands as task_commands

    out: dict[str, tuple[str, str]] = {}
    for name, (ref, short) in COMMANDS.items():
        out[name] = (f"{__name__}.{ref}", short)
        if name == _TASKS_AFTER:
            out.update(task_commands())
    return out


class LazyGroup(click.Group):
    """A click group whose sub-commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, (ref, _) in commands().items() if self._available(ref)]

    @staticmethod
    def _available(ref: str) -> bool:
        try:
            return importlib.util.find_spec(ref.split(":")[0]) is not None
        except ModuleNotFoundError:  # its package is missing (a trimmed bundle)
            return False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = commands().get(cmd_name)
        if entry is None or not self._available(entry[0]):
            return None
        module_name, attr = entry[0].split(":")
        return getattr(importlib.import_module(module_name), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Short help comes from the tables so that --help imports no sub-command.
        table = commands()
        rows = [(name, table[name][1]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="o3-local")
def main() -> None:
    """o3-local: offline runtime for AI-filled office templates."""

