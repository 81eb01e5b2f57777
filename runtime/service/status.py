"""The one table from an error code to the HTTP status the service answers with.

Every error code is spelled ``family`` or ``family.detail`` (``data.json``,
``remote.deadline``, ``service.busy``); the family is the part before the first
dot.  A code is looked up whole first (the few whose status differs from their
family's), then by its family.  ``tests/service/test_error_codes.py`` checks that
every code written in ``runtime/`` has this spelling and a family in this table,
so the service never guesses.
"""

from __future__ import annotations

import re

#: code or family -> HTTP status
HTTP_STATUS: dict[str, int] = {
    # families
    "usage": 400,
    "permission": 403,
    "consent": 403,
    "package": 422,
    "manifest": 422,
    "data": 422,
    "template": 422,
    "layout": 422,
    "task": 422,
    "library": 422,
    "import": 422,
    "export": 500,
    "inference": 500,
    "remote": 502,
    "model": 503,
    "service": 500,
    "internal": 500,
    "error": 500,
    # codes whose status is not their family's
    "service.unauthorized": 401,
    "service.body_timeout": 408,
    "service.forbidden_origin": 403,
    "service.not_found": 404,
    "service.method_not_allowed": 405,
    "service.too_large": 413,
    "service.unsupported_media_type": 415,
    "service.bad_host": 421,
    "service.busy": 503,
    "service.timeout": 504,
    "inference.deadline": 504,
    "remote.deadline": 504,
}

#: how every error code is spelled
CODE_PATTERN = re.compile(r"[a-z]+(?:\.[a-z][a-z0-9_]*)*")


def family(code: str) -> str:
    """``data`` for ``data.json``."""
    return code.split(".", 1)[0]


def http_status(code: str) -> int:
    """The HTTP status for an error code (500 for a code of no known family)."""
    status = HTTP_STATUS.get(code)
    if status is None:
        status = HTTP_STATUS.get(family(code), 500)
    return status
