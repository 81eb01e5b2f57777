"""Where the library keeps things: an environment variable, else the platform's folder for it.

Every folder of the library can be moved with its own variable (tests, a
portable install, an administrator's deployment); otherwise platformdirs
says where a program's data and configuration live on this OS.
"""

from __future__ import annotations

import os
from pathlib import Path


def configured_path(env: str, kind: str, *parts: str) -> Path:
    """``$env`` if set, else ``platformdirs.<kind>("o3-local")/parts`` (kind: user_data_dir...)."""
    value = os.environ.get(env)
    if value:
        return Path(value).expanduser()
    import platformdirs

    return Path(getattr(platformdirs, kind)("o3-local")).joinpath(*parts)
