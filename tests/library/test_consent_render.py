"""Consent asked once and remembered; render by id through the CLI, the hook and the service."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from o3local import hook
from o3local.cli import main
from o3local.library import ConsentRequired, ConsentStore, Library, resolve_for_render

from .conftest import Publisher

REMOTE = "network:remote-inference"


def cli(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(main, [*args, "--json"])
    return result.exit_code, json.loads(result.output)


@pytest.fixture
def asking(library: Library, publisher: Publisher, tmp_path: Path) -> Library:
    """A template that asks for remote inference and for writing a second kind of document."""
    library.add(publisher.package(tmp_path / "pkg", extra_permissions=(REMOTE, "write:document")))
    return library


def test_consent_is_asked_once_remembered_and_revocable(asking: Library, consent: ConsentStore) -> None:
    asked: list[list[str]] = []

    def yes(record: object, permissions: list[str]) -> bool:
        asked.append(permissions)
        return True

    with pytest.raises(ConsentRequired) as info:
        resolve_for_render("xls-team-sales")
    assert info.value.to_dict()["code"] == "consent.required"
    assert info.value.asked == [REMOTE, "write:document"]
    resolve_for_render("xls-team-sales", confirm=yes)
    resolve_for_render("xls-team-sales", confirm=yes)
    resolve_for_render("xls-team-sales")  # remembered: no question, no error
    assert asked == [[REMOTE, "write:document"]]
    assert [g.permissions for g in consent.grants()] == [(REMOTE, "write:document")]
    consent.revoke("xls-team-sales")
    with pytest.raises(ConsentRequired):
        resolve_for_render("xls-team-sales")


def test_a_no_is_not_remembered_and_renders_nothing(asking: Library, consent: ConsentStore) -> None:
    with pytest.raises(ConsentRequired):
        resolve_for_render("xls-team-sales", confirm=lambda record, asked: False)
    assert consent.grants() == []


def test_a_new_version_or_another_publisher_asks_again(asking: Library, publisher: Publisher,
                                                       stranger: Publisher, consent: ConsentStore,
                                                       tmp_path: Path) -> None:
    resolve_for_render("xls-team-sales", confirm=lambda r, a: True)
    asking.add(publisher.package(tmp_path / "v2", version="2.0.0", extra_permissions=(REMOTE,)))
    with pytest.raises(ConsentRequired) as info:
        resolve_for_render("xls-team-sales")
    assert info.value.template["version"] == "2.0.0"
    resolve_for_render("xls-team-sales@1.0.0")  # the old grant still holds for 1.0.0
    asking.remove("xls-team-sales")
    stranger.trust()
    asking.add(stranger.package(tmp_path / "s1", extra_permissions=(REMOTE, "write:document")))
    with pytest.raises(ConsentRequired) as info:
        resolve_for_render("xls-team-sales@1.0.0")
    assert info.value.template["key_id"] == stranger.key.public.key_id


def test_templates_within_the_defaults_never_ask(library: Library, publisher: Publisher,
                                                 tmp_path: Path) -> None:
    library.add(publisher.package(tmp_path / "pkg"))
    assert resolve_for_render("xls-team-sales") == str(library.resolve("xls-team-sales").path)


def test_cli_renders_an_installed_template_by_id_and_version(library: Library, publisher: Publisher,
                                                             tmp_path: Path) -> None:
    code, doc = cli("templates", "add", str(publisher.package(tmp_path / "v1")))
    assert code == 0 and doc["installed"]["trust"]["status"] == "signed"
    code, doc = cli("templates", "add", str(publisher.package(tmp_path / "v2", version="2.0.0")))
    assert code == 0
    code, doc = cli("render", "xls-team-sales@1.0.0", "--sample", "-o", str(tmp_path / "a.svg"))
    assert code == 0, doc
    assert doc["template"] == "xls-team-sales" and (tmp_path / "a.svg").is_file()
    code, doc = cli("render", "xls-team-sales@3.0.0", "--sample", "-o", str(tmp_path / "b.svg"))
    assert code == 1 and doc["error"]["code"] == "library.not_installed"
    assert not (tmp_path / "b.svg").exists()
    code, doc = cli("render", "funding-pitch", "--sample", "-o", str(tmp_path / "c.svg"), "--page", "1")
    assert code == 0, doc


def test_cli_render_without_consent_fails_and_permissions_grant_fixes_it(asking: Library,
                                                                         tmp_path: Path) -> None:
    code, doc = cli("render", "xls-team-sales", "--sample", "-o", str(tmp_path / "a.svg"))
    assert code == 1 and doc["error"]["code"] == "consent.required"
    assert doc["error"]["asked"] == [REMOTE, "write:document"]
    assert not (tmp_path / "a.svg").exists()
    code, doc = cli("templates", "permissions", "--grant", "xls-team-sales@1.0.0")
    assert code == 0
    code, doc = cli("templates", "permissions")
    assert [g["id"] for g in doc["grants"]] == ["xls-team-sales"]
    code, doc = cli("render", "xls-team-sales", "--sample", "-o", str(tmp_path / "a.svg"))
    assert code == 0, doc
    code, doc = cli("templates", "permissions", "--revoke", "xls-team-sales")
    assert code == 0 and doc["revoked"][0]["version"] == "1.0.0"


def test_cli_names_the_host_version_it_refuses(library: Library, publisher: Publisher,
                                              tmp_path: Path) -> None:
    cli("templates", "add", str(publisher.package(tmp_path / "v1", compatible=["^12.0"])))
    code, doc = cli("render", "xls-team-sales", "--sample", "--host-version", "11.2",
                    "-o", str(tmp_path / "a.svg"))
    assert code == 1 and doc["error"]["code"] == "library.incompatible_host"
    assert "11.2" in doc["error"]["message"]


def test_hook_renders_by_id_and_returns_consent_required(asking: Library, publisher: Publisher,
                                                         tmp_path: Path) -> None:
    env = hook.render("xls-team-sales", sample=True, format="svg")
    assert not env["ok"] and env["error"]["code"] == "consent.required"
    assert env["error"]["asked"] == [REMOTE, "write:document"]
    assert hook.templates_grant("xls-team-sales@1.0.0")["ok"]
    env = hook.render("xls-team-sales", sample=True, format="svg")
    assert env["ok"], env
    assert env["result"]["template"] == "xls-team-sales"


def test_hook_lists_and_searches(library: Library, publisher: Publisher, tmp_path: Path) -> None:
    library.add(publisher.package(tmp_path / "pkg", name="团队销售周报", description="按区域汇总的销售表格",
                                  tags=["销售", "周报"]))
    env = hook.call("templates_list", {"host_version": "12.0"})
    assert env["ok"] and "xls-team-sales" in {t["id"] for t in env["result"]["templates"]}
    env = hook.call("templates_search", {"query": "销售周报表格", "limit": 3})
    assert env["ok"] and env["result"]["results"][0]["id"] == "xls-team-sales"
    env = hook.call("templates_search", {"query": " "})
    assert not env["ok"] and env["error"]["code"] == "usage.argument"


def test_cli_list_info_path_search_and_trust(library: Library, publisher: Publisher, tmp_path: Path) -> None:
    cli("templates", "add", str(publisher.package(tmp_path / "pkg")))
    code, doc = cli("templates", "list")
    assert code == 0 and {"xls-team-sales", "ppt-funding-pitch-v2"} <= {t["id"] for t in doc["templates"]}
    code, doc = cli("templates", "info", "xls-team-sales")
    assert code == 0 and doc["template"]["versions"] == ["1.0.0"] and doc["template"]["asks"] == []
    code, doc = cli("templates", "path", "xls-team-sales@1.0.0")
    assert code == 0 and Path(doc["path"]).is_dir()
    code, doc = cli("templates", "search", "制作一份融资路演PPT")
    assert code == 0 and doc["results"][0]["id"] == "ppt-funding-pitch-v2"
    code, doc = cli("templates", "trust", "list")
    assert publisher.key.public.key_id in {k["key_id"] for k in doc["keys"]}
    code, doc = cli("templates", "rm", "xls-team-sales")
    assert code == 0 and doc["removed"] == ["xls-team-sales@1.0.0"]
    code, doc = cli("templates", "info", "xls-team-sales")
    assert code == 1 and doc["error"]["code"] == "library.not_installed"


def test_cli_keygen_sign_pack_trust_add(home: Path, tmp_path: Path) -> None:
    keys = tmp_path / "k"
    keys.mkdir()
    code, doc = cli("templates", "keygen", "newco", "--dir", str(keys))
    assert code == 0 and (keys / "newco.key.json").stat().st_mode & 0o077 == 0
    code, again = cli("templates", "keygen", "newco", "--dir", str(keys))
    assert code == 1 and again["error"]["code"] == "library.key_exists"
    pkg = Publisher(tmp_path, "unused").package(tmp_path / "pkg", sign=False)
    code, signed = cli("templates", "sign", str(pkg), "--key", str(keys / "newco.key.json"),
                       "-o", str(tmp_path / "pkg.o3t"))
    assert code == 0 and signed["key_id"] == doc["key_id"]
    code, err = cli("templates", "add", str(tmp_path / "pkg.o3t"))
    assert code == 1 and err["error"]["code"] == "library.key_untrusted"
    code, _ = cli("templates", "trust", "add", str(keys / "newco.pub.json"))
    assert code == 0
    code, ok = cli("templates", "add", str(tmp_path / "pkg.o3t"))
    assert code == 0 and ok["installed"]["trust"]["publisher"] == "newco"


def test_hook_render_with_a_non_string_template_is_a_typed_error(home: Path) -> None:
    env = hook.render(template=123, sample=True, format="svg")  # type: ignore[arg-type]
    assert not env["ok"] and env["error"]["code"] != "internal", env


def test_cli_asks_on_a_terminal_once_and_remembers_the_yes(asking: Library, home: Path,
                                                            tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    def render_on_a_terminal(answer: bytes, out: Path) -> subprocess.CompletedProcess:
        master, slave = os.openpty()
        try:
            os.write(master, answer)
            return subprocess.run([sys.executable, "-c", "from o3local.cli import main; main()", "render",
                                   "xls-team-sales", "--sample", "-o", str(out)],
                                  stdin=slave, capture_output=True, text=True, timeout=120)
        finally:
            os.close(slave)
            os.close(master)

    no = render_on_a_terminal(b"n\n", tmp_path / "no.svg")
    assert no.returncode == 1 and "consent.required" not in no.stdout
    assert "network:remote-inference, write:document" in no.stderr and not (tmp_path / "no.svg").exists()
    yes = render_on_a_terminal(b"y\n", tmp_path / "yes.svg")
    assert yes.returncode == 0, yes.stderr
    assert (tmp_path / "yes.svg").is_file()
    again = render_on_a_terminal(b"", tmp_path / "again.svg")
    assert again.returncode == 0 and "asks to" not in again.stderr
    assert [g.template_id for g in ConsentStore().grants()] == ["xls-team-sales"]
