"""Entry point of the frozen ``o3-local`` executable (the console script's twin)."""

import multiprocessing

from o3local.cli import main

if __name__ == "__main__":
    # serve's worker processes start through a fork server (or spawn) that re-runs this
    # executable; PyInstaller diverts those children here instead of into the CLI
    multiprocessing.freeze_support()
    main(prog_name="o3-local")
