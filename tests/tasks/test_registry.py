"""One registry of AI tasks: a task added there alone is everywhere a user meets AI tasks.

The "keywords" task (tests/tasks/keywords_task.py: tf-idf key terms, real and
deterministic) is registered with one ``register`` call; no other file names
it.  It must then be a hook operation, a service route described in the
OpenAPI document, an ``ai_slots`` task a template renders with, a capability
a manifest may declare (with its permission), a CLI command and a search word.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import o3local
from o3local import hook
from o3local.cli import main
from o3local.errors import UsageError
from o3local.library.search import document_terms
from o3local.resources import resource
from o3local.tasks import registry
from o3local.tasks.registry import AITask
from o3local.template.validate import validate

from ..slots.test_slots import texts, write_template
from . import keywords_task

REPO = Path(__file__).resolve().parents[2]
TEXT = ("Solar panels convert sunlight into electricity. The panels on the roof produce power "
        "all day. Batteries store the electricity for the night. Installing solar panels cut "
        "the family's power bill by half.")
TOP3 = ["panels", "electricity", "solar"]


@pytest.fixture
def keywords() -> Iterator[AITask]:
    task = keywords_task.install()
    try:
        yield task
    finally:
        keywords_task.uninstall()


def test_the_published_schema_lists_the_built_in_tasks() -> None:
    """Stock validators read the shipped file: its enums must be the registry's (no drift)."""
    published = json.loads(resource("template", "manifest.schema.json").read_text("utf-8"))["$defs"]
    assert published["capability"]["enum"] == list(registry.capabilities()), \
        "edit $defs/capability/enum in runtime/template/manifest.schema.json to the registry's"
    assert published["aiSlot"]["properties"]["task"]["enum"] == registry.slot_task_names(), \
        "edit $defs/aiSlot/properties/task/enum in runtime/template/manifest.schema.json"


def test_no_task_is_named_outside_the_registry() -> None:
    """The places that used to list tasks by hand read the registry now."""
    for rel in ("runtime/hook.py", "runtime/slots.py", "runtime/service/app.py",
                "runtime/service/openapi.py", "runtime/service/files.py", "runtime/template/validate.py",
                "runtime/library/search.py", "cli/__init__.py"):
        code = (REPO / rel).read_text("utf-8")
        for name in ('"summarization"', '"formula-generation"', '"summarize"', '"formula"',
                     '"slide-generation"', "summarize:summarize"):
            assert name not in code, f"{rel} names {name}"


def test_the_keywords_task_is_a_hook_operation(keywords) -> None:
    doc = hook.call("keywords", {"text": TEXT, "top": 3})
    assert doc["ok"], doc
    assert doc["result"] == {"keywords": TOP3, "lang": "en", "sentences": 4}
    assert hook.keywords(TEXT, top=3) == doc  # hook.<operation>, like hook.summarize
    assert "keywords" in hook.status()["result"]["operations"]
    bad = hook.call("keywords", {"text": TEXT, "top": "3"})
    assert bad["error"]["code"] == "usage.argument" and bad["error"]["where"] == {"pointer": "/top"}
    assert hook.call("keywords", {"text": "  "})["error"]["code"] == "task.empty"


def test_without_registration_it_is_nowhere() -> None:
    assert "keywords" not in hook.OPERATIONS
    assert hook.call("keywords", {"text": TEXT})["error"]["code"] == "usage.operation"
    assert CliRunner().invoke(main, ["keywords", TEXT]).exit_code == 2


def slot_template(root: Path, capabilities: list[str], permissions: list[str]) -> Path:
    write_template(root, {"tags": {"task": "keywords", "input": "/memo", "limits": {"max_chars": 36}}},
                   permissions, "Key terms: {{ ai.tags }}")
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["ai_capabilities"] = capabilities
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root


def test_a_template_declares_the_capability_and_renders_the_slot(keywords, tmp_path) -> None:
    root = slot_template(tmp_path / "t", ["keyword-extraction"], ["read:document", "write:document"])
    report = validate(str(root))
    assert report.ok, [str(p) for p in report.problems]
    result = o3local.render(root, data={"memo": TEXT}, fmt="svg")
    assert texts(result) == ["Key terms: " + ", ".join(TOP3)]
    (how,) = result.ai_slots
    assert how["slot"] == "tags" and how["task"] == "keywords" and how["method"] == "tfidf"


def test_validation_applies_the_tasks_capability_and_permission(keywords, tmp_path) -> None:
    uncovered = validate(str(slot_template(tmp_path / "a", [], ["read:document", "write:document"])))
    assert [(p.code, p.where.pointer) for p in uncovered.errors] == \
        [("manifest.uncovered_task", "/ai_slots/tags/task")]
    unpermitted = validate(str(slot_template(tmp_path / "b", ["keyword-extraction"], ["write:document"])))
    assert [(p.code, p.where.pointer) for p in unpermitted.errors] == \
        [("manifest.missing_permission", "/ai_capabilities/0")]
    assert "needs 'read:document'" in unpermitted.errors[0].message


def test_an_unregistered_task_is_refused_by_the_schema(tmp_path) -> None:
    report = validate(str(slot_template(tmp_path / "t", ["keyword-extraction"],
                                        ["read:document", "write:document"])))
    pointers = sorted(p.where.pointer for p in report.errors if p.code == "manifest.bad_value")
    assert pointers == ["/ai_capabilities/0", "/ai_slots/tags/task"]


def test_the_keywords_task_is_a_cli_command(keywords) -> None:
    out = CliRunner().invoke(main, ["keywords", TEXT, "--top", "2"])
    assert out.exit_code == 0, out.output
    assert out.output.splitlines() == TOP3[:2]
    listed = CliRunner().invoke(main, ["--help"]).output
    assert "keywords   List the key terms of a text." in listed
    # registry commands keep their place: after "templates", before "preview"
    order = [ln.split()[0] for ln in listed.split("Commands:")[1].splitlines() if ln.strip()]
    assert order.index("templates") < order.index("summarize") < order.index("keywords") \
        < order.index("preview")


def test_templates_with_the_capability_are_found_by_its_words(keywords) -> None:
    found = document_terms({"name": "Memo", "ai_capabilities": ["keyword-extraction"]})
    assert "关键" in found and "keyword" in found


def test_clashes_and_typos_are_refused(keywords) -> None:
    def task(**changes) -> AITask:
        base = dict(name="other", capability=None, permission=None, model_task=None)
        return AITask(**{**base, **changes})

    cases = {
        "already registered": task(name="keywords"),
        "already taken": task(operation="summarize", runner="x:y"),
        "TASK_MODELS": task(model_task="no-such-models"),
        "unknown permission": task(permission="read:everything"),
        "needs a capability": task(slot_runner="x:y"),
        "operation needs a runner": task(operation="other"),
        "command 'render' is already taken": task(cli=("render", "x:y", "help")),
    }
    for message, bad in cases.items():
        with pytest.raises(UsageError, match=message):
            registry.register(bad)
    assert [t.name for t in registry.tasks()] == ["summarization", "formula-generation", "fill",
                                                  "keywords"]


@pytest.mark.slow
def test_the_service_routes_and_describes_the_task(tmp_path) -> None:
    from ..service.conftest import start_service, stop_service

    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    svc = start_service(tmp_path, env=env,
                        prelude="from tests.tasks import keywords_task; keywords_task.install()")
    try:
        with svc.client() as client:
            spec = client.get("/openapi.json").json()
            post = spec["paths"]["/v1/keywords"]["post"]
            assert post["summary"] == "The key terms of a text (tf-idf over its own sentences), best first."
            schema = post["requestBody"]["content"]["application/json"]["schema"]
            assert schema["required"] == ["text"] and schema["additionalProperties"] is False
            assert schema["properties"]["top"] == {"type": "integer", "default": 5}
            r = client.post("/v1/keywords", json={"text": TEXT, "top": 3})
            assert r.status_code == 200 and r.json()["result"]["keywords"] == TOP3
            r = client.post("/v1/keywords", json={"text": TEXT, "top": 0})
            assert r.status_code == 400 and r.json()["error"]["where"] == {"pointer": "/top"}
            assert "keywords" in client.get("/v1/status").json()["result"]["operations"]
            metrics = client.get("/metrics").text
            assert 'o3_requests_total{op="keywords",status="200"}' in metrics
    finally:
        stop_service(svc)
