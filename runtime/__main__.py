"""``python -m o3local`` runs the ``o3-local`` command line."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="o3-local")
