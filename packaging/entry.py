"""Entry point of the frozen ``o3-local`` executable (the console script's twin)."""

from o3local.cli import main

if __name__ == "__main__":
    main(prog_name="o3-local")
