"""One error-code spelling (``family.detail``) and one table from code to HTTP status.

Every code written in ``runtime/`` and ``cli/`` (a ``code=`` argument, a ``code =``
class attribute, a ``{"code": ...}`` literal, the code argument of
``remote_error``/``error_body``/``Problem``/``_error``/``_problem``/a validator's ``add``, the
values of a ``*_CODES`` table) must match
``CODE_PATTERN`` and belong to a family of ``HTTP_STATUS``: the service never
guesses a status by splitting on ``-`` or ``_`` again.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from o3local.service.status import CODE_PATTERN, HTTP_STATUS, family, http_status

REPO = Path(__file__).resolve().parents[2]


def _codes() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}

    def keep(node: ast.AST, value: ast.AST, where: Path) -> None:
        if isinstance(value, ast.IfExp):  # code = "a.b" if ... else "a.c"
            keep(node, value.body, where)
            keep(node, value.orelse, where)
        elif isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.setdefault(value.value, []).append(f"{where.relative_to(REPO)}:{node.lineno}")

    for folder in ("runtime", "cli"):
        for path in sorted((REPO / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    for kw in node.keywords:
                        if kw.arg == "code":
                            keep(node, kw.value, path)
                    fn = node.func
                    name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                    if name == "remote_error" and len(node.args) > 1:
                        keep(node, node.args[1], path)
                    if name in ("error_body", "Problem", "_error", "_problem") and node.args:
                        keep(node, node.args[0], path)
                    if name == "_reply_error" and len(node.args) > 1:
                        keep(node, node.args[1], path)
                    if name == "add" and len(node.args) >= 3:  # the validator's add(code, pointer, msg)
                        keep(node, node.args[0], path)
                elif isinstance(node, ast.Assign):
                    if any(isinstance(t, ast.Name) and t.id == "code" for t in node.targets):
                        keep(node, node.value, path)
                    # a table of codes (``_DATA_CODES = {"data.missing": "import.missing"}``): its values
                    if (any(isinstance(t, ast.Name) and t.id.endswith("_CODES") for t in node.targets)
                            and isinstance(node.value, ast.Dict)):
                        for v in node.value.values:
                            keep(node, v, path)
                elif isinstance(node, ast.Dict):
                    for k, v in zip(node.keys, node.values, strict=True):
                        if isinstance(k, ast.Constant) and k.value == "code":
                            keep(node, v, path)
    return found


CODES = _codes()


def test_the_scan_finds_the_codes_it_should() -> None:
    # a scan that found nothing would pass everything: these are known to be written
    for code in ("data.json", "remote.deadline", "service.busy", "service.unauthorized",
                 "usage.argument", "package.zip_slip", "internal"):
        assert code in CODES, code
    assert len(CODES) > 150


@pytest.mark.parametrize("code", sorted(CODES))
def test_code_is_family_dot_detail_with_a_known_family(code: str) -> None:
    assert CODE_PATTERN.fullmatch(code), f"{code!r} at {CODES[code][0]}: spell it family.detail"
    assert family(code) in HTTP_STATUS, f"{code!r} at {CODES[code][0]}: family not in HTTP_STATUS"


def test_status_comes_from_the_table() -> None:
    assert http_status("usage.argument") == 400
    assert http_status("service.unauthorized") == 401
    assert http_status("remote.deadline") == 504 and http_status("remote.unreachable") == 502
    assert http_status("model.not_installed") == 503
    assert http_status("no-such-family") == 500  # never a guess by '-' or '_'


def test_unknown_route_and_method_get_the_json_envelope(client) -> None:
    r = client.get("/v1/nope")
    assert r.status_code == 404
    assert r.json()["ok"] is False and r.json()["error"]["code"] == "service.not_found"
    r = client.get("/v1/render")
    assert r.status_code == 405 and r.headers["content-type"].startswith("application/json")
    assert r.json()["error"]["code"] == "service.method_not_allowed"
    assert "POST" in r.headers.get("allow", "")
