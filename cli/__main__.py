"""``python -m o3local.cli``: the same as the ``o3-local`` command."""

from . import main

main(prog_name="o3-local")
