"""The ``o3-local`` command line: a thin layer over the ``o3local`` library.

Sub-commands are imported only when they run, so ``o3-local --help`` and
``o3-local validate`` never pay for onnxruntime, wasmtime or numpy.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

from .._version import __version__

# command name -> "module:attribute" below o3local.cli
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("validate:validate", "Check template packages and report every problem."),
    "info": ("info:info", "Show what a template package declares."),
    "render": ("render:render", "Fill a template with data and lay it out (SVG, PNG...)."),
    "models": ("models:models", "List, build, verify and remove local models."),
    "templates": ("templates:templates", "Install, sign, trust and search template packages."),
    "summarize": ("summarize:summarize", "Summarize a document offline."),
    "formula": ("formula:formula", "Write a spreadsheet formula from a request."),
    "preview": ("preview:preview", "Live preview of a template, re-rendered on every save."),
    "import": ("import_:import_", "Make a template package from a designed .pptx deck."),
    "serve": ("serve:serve", "Run the loopback service for office add-ins."),
}


class LazyGroup(click.Group):
    """A click group whose sub-commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if self._available(name)]

    @staticmethod
    def _available(name: str) -> bool:
        module = COMMANDS[name][0].split(":")[0]
        return importlib.util.find_spec(f"{__name__}.{module}") is not None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS or not self._available(cmd_name):
            return None
        module_name, attr = COMMANDS[cmd_name][0].split(":")
        module = importlib.import_module(f"{__name__}.{module_name}")
        return getattr(module, attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Short help comes from COMMANDS so that --help imports no sub-command.
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="o3-local")
def main() -> None:
    """o3-local: offline runtime for AI-filled office templates."""

