"""The one registry of AI tasks: each task's name, capability, permission, model and runners.

Before this table, adding an AI task meant editing about a dozen files
(hook, service routes and OpenAPI, slot dispatch, validation rules, the
manifest schema's enums, path confinement, CLI, search words).  Now every
one of those places reads this registry instead of naming tasks:

- ``template/validate.py``: the manifest schema's ``ai_capabilities`` and
  ``ai_slots[*].task`` enums (generated from here at load), "capability
  needs permission", "slot task needs capability", keys a slot must have;
- ``slots.py``: the runner of an ``ai_slots`` entry and the permission it needs;
- ``hook.py``: operation name -> function (``hook.call``, ``hook.status``);
- ``service/``: the ``/v1/<operation>`` routes, their OpenAPI request
  schemas, which path arguments are confined to which folders, and which
  operations keep the preloaded models warm;
- ``cli/``: the task's command;
- ``library/search.py``: the words a capability is found by.

Callables are named as ``"module:attribute"`` strings and imported only when
first used, so reading the registry imports nothing heavy (``o3-local --help``
stays free of onnxruntime and numpy).  Built-in tasks are declared at the end
of this module; code outside the package (a test, a site plugin) adds one
with :func:`register`.
"""

from __future__ import annotations

import importlib
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..errors import UsageError
from ..permissions import KNOWN as KNOWN_PERMISSIONS
from ..permissions import READ_DOCUMENT, WRITE_PRESENTATION, WRITE_SPREADSHEET

#: names the hook, the service and the CLI use for themselves: no task may take them
RESERVED_OPERATIONS = frozenset({"validate", "render", "status", "templates_list", "templates_search",
                                 "templates_grant", "generate", "health", "ready", "metrics"})
RESERVED_COMMANDS = frozenset({"validate", "info", "render", "models", "templates", "preview",
                               "import", "serve"})

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_OPERATION = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_REF = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Capability:
    """An ``ai_capabilities`` entry a manifest may declare."""

    name: str
    #: the ``required_permissions`` entry a manifest declaring it must also have
    permission: str | None = None
    #: what a user might type to find a template with it (English and Chinese)
    words: str = ""


@dataclass(frozen=True)
class SlotCall:
    """One ``ai_slots`` entry to run: what a slot runner gets."""

    pkg: Any  #: the open template package (``.permissions``, ``.manifest``...)
    name: str  #: the slot's name (its result is ``{{ ai.<name> }}``)
    slot: Mapping[str, Any]  #: the slot's manifest entry
    value: Any  #: the data at the slot's ``input`` pointer
    data: Any  #: the whole (validated) data, for slots that read more than their input
    shown: str  #: how the data file is named in error locations


@dataclass(frozen=True, eq=False)
class AITask:
    """One AI task and every place it shows up.

    ``runner`` is the hook operation: plain JSON-compatible arguments in, a
    JSON-compatible result out (errors raised as :class:`~o3local.errors.O3Error`;
    the hook turns them into values).  Its signature and type hints are the
    service's request schema and the hook's argument checks, unless
    ``request_schema`` says otherwise.  ``slot_runner`` takes a
    :class:`SlotCall` and returns ``(value, report)``: the value bound as
    ``{{ ai.<slot> }}`` and what the render report says about how it was made.
    """

    #: the task's id; also its ``ai_slots[*].task`` value when it has a ``slot_runner``
    name: str
    #: the ``ai_capabilities`` entry a template must declare to use it in a slot (None: none)
    capability: str | None
    #: the permission a template must grant for the task to run on its data (None: none)
    permission: str | None
    #: the ``TASK_MODELS`` key of the models it runs on (None: it needs no model)
    model_task: str | None
    #: the hook operation and ``/v1/<operation>`` route (None: not an operation)
    operation: str | None = None
    #: ``"module:function"`` of the hook operation
    runner: str | None = None
    #: ``"module:function"`` run for an ``ai_slots`` entry (None: not usable in a slot)
    slot_runner: str | None = None
    #: slot keys the task cannot run without -> what each is (a validation error names it)
    slot_requires: Mapping[str, str] = field(default_factory=dict)
    #: whether the loopback service offers the operation as ``POST /v1/<operation>``
    served: bool = True
    #: argument -> "read" | "write" | "template": paths the service confines to its folders
    path_args: Mapping[str, str] = field(default_factory=dict)
    #: the OpenAPI request body schema (None: derived from the runner's signature)
    request_schema: Mapping[str, Any] | None = None
    #: ``("name", "module:command", "short help")``: its ``o3-local`` command (None: none)
    cli: tuple[str, str, str] | None = None
    #: search words of its capability (English and Chinese)
    words: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "slot_requires", _frozen(self.slot_requires))
        object.__setattr__(self, "path_args", _frozen(self.path_args))
        if self.request_schema is not None:
            object.__setattr__(self, "request_schema", _frozen(self.request_schema))

    @property
    def label(self) -> str:
        """The task in messages: ``formula-generation`` -> "formula generation"."""
        return self.name.replace("-", " ")

    def load_runner(self) -> Any:
        if self.runner is None:
            raise UsageError(f"AI task {self.name!r} has no hook operation", code="usage.operation")
        return load(self.runner)

    def load_slot_runner(self) -> Any:
        if self.slot_runner is None:
            raise UsageError(f"AI task {self.name!r} cannot run in an ai_slots entry",
                             code="usage.argument")
        return load(self.slot_runner)


_LOCK = threading.Lock()
# replaced whole on every change (never mutated), so readers on other threads see one state
_TASKS: dict[str, AITask] = {}
_CAPABILITIES: dict[str, Capability] = {}
_REVISION = [0]


def _publish(tasks_: dict[str, AITask], caps: dict[str, Capability]) -> None:
    global _TASKS, _CAPABILITIES
    _TASKS, _CAPABILITIES = tasks_, caps
    _REVISION[0] += 1


def load(ref: str) -> Any:
    """The object a ``"module:attribute"`` string names (imported now, not before)."""
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def revision() -> int:
    """A number that changes whenever the registry does (caches derived from it key on it)."""
    return _REVISION[0]


def tasks() -> tuple[AITask, ...]:
    """Every registered task, in registration order (built-ins first)."""
    return tuple(_TASKS.values())


def task(name: str) -> AITask:
    """The task called ``name``; a usage error listing the known ones otherwise."""
    found = _TASKS.get(name)
    if found is None:
        raise UsageError(f"unknown AI task {name!r} (known: {', '.join(_TASKS)})",
                         code="usage.argument")
    return found


def by_operation(operation: str) -> AITask | None:
    """The task behind hook operation ``operation``, if any."""
    return next((t for t in _TASKS.values() if t.operation == operation), None)


def slot_task(name: str) -> AITask | None:
    """The task an ``ai_slots`` entry's ``task`` names, if it can run in a slot."""
    found = _TASKS.get(name)
    return found if found is not None and found.slot_runner is not None else None


def slot_task_names() -> list[str]:
    """The ``ai_slots[*].task`` values a manifest may use."""
    return [t.name for t in _TASKS.values() if t.slot_runner is not None]


def capabilities() -> dict[str, Capability]:
    """The ``ai_capabilities`` entries a manifest may declare, by name."""
    return dict(_CAPABILITIES)


def commands() -> dict[str, tuple[str, str]]:
    """CLI command name -> ``("module:command", "short help")`` of the tasks that have one."""
    return {t.cli[0]: (t.cli[1], t.cli[2]) for t in _TASKS.values() if t.cli}


def declare_capability(cap: Capability) -> Capability:
    """Add an ``ai_capabilities`` entry that no task of this runtime implements (yet)."""
    if not _NAME.match(cap.name):
        raise UsageError(f"capability name {cap.name!r} must be a lowercase slug", code="usage.argument")
    if cap.permission is not None and cap.permission not in KNOWN_PERMISSIONS:
        raise UsageError(f"capability {cap.name!r}: unknown permission {cap.permission!r}",
                         code="usage.argument")
    with _LOCK:
        if cap.name in _CAPABILITIES and _CAPABILITIES[cap.name] != cap:
            raise UsageError(f"capability {cap.name!r} is already declared", code="usage.argument")
        _publish(_TASKS, {**_CAPABILITIES, cap.name: cap})
    return cap


def _check(new: AITask) -> None:
    def bad(message: str) -> UsageError:
        return UsageError(f"AI task {new.name!r}: {message}", code="usage.argument")

    if not _NAME.match(new.name):
        raise bad("the name must be a lowercase slug (summarization, formula-generation)")
    if new.name in _TASKS:
        raise bad("a task of that name is already registered")
    if new.permission is not None and new.permission not in KNOWN_PERMISSIONS:
        raise bad(f"unknown permission {new.permission!r} (known: {', '.join(sorted(KNOWN_PERMISSIONS))})")
    if new.model_task is not None:
        from ..models.catalog import TASK_MODELS

        if new.model_task not in TASK_MODELS:
            raise bad(f"model_task {new.model_task!r} is not a TASK_MODELS key "
                      f"({', '.join(TASK_MODELS)})")
    if (new.operation is None) != (new.runner is None):
        raise bad("an operation needs a runner and a runner an operation")
    if new.operation is not None:
        if not _OPERATION.match(new.operation):
            raise bad(f"operation {new.operation!r} must be lowercase letters, digits and '_'")
        if new.operation in RESERVED_OPERATIONS or by_operation(new.operation) is not None:
            raise bad(f"operation {new.operation!r} is already taken")
    for ref in (new.runner, new.slot_runner, new.cli[1] if new.cli else None):
        if ref is not None and not _REF.match(ref):
            raise bad(f"{ref!r} is not a 'module:attribute' reference")
    if new.cli is not None:
        command = new.cli[0]
        if not _NAME.match(command):
            raise bad(f"command {command!r} must be a lowercase slug")
        if command in RESERVED_COMMANDS or command in commands():
            raise bad(f"command {command!r} is already taken")
    if new.slot_runner is not None and new.capability is None:
        raise bad("a task usable in ai_slots needs a capability for manifests to declare")
    if any(kind not in ("read", "write", "template") for kind in new.path_args.values()):
        raise bad("path_args values are 'read', 'write' or 'template'")


def register(new: AITask) -> AITask:
    """Add an AI task; from now on the hook, service, slots, validation and CLI offer it.

    Its capability is declared with it (with the task's permission and words)
    unless it is already declared.  Anything that clashes with a registered
    task or with the runtime's own operations and commands is a usage error.
    """
    with _LOCK:
        _check(new)
        caps = dict(_CAPABILITIES)
        if new.capability is not None and new.capability not in caps:
            caps[new.capability] = Capability(new.capability, new.permission, new.words)
        _publish({**_TASKS, new.name: new}, caps)
    return new


def unregister(name: str) -> None:
    """Remove a task (and the capability it declared, if no other task shares it)."""
    with _LOCK:
        gone = _TASKS.get(name)
        if gone is None:
            return
        rest = {k: t for k, t in _TASKS.items() if k != name}
        cap = gone.capability
        keep = cap is None or cap in _BUILTIN_CAPABILITIES or any(t.capability == cap for t in rest.values())
        _publish(rest, {k: c for k, c in _CAPABILITIES.items() if keep or k != cap})


# -- the built-in tasks: the one place to add another -------------------------------------------

_BUILTIN = "o3local.tasks.builtin"

register(AITask(
    name="summarization", capability="summarization", permission=READ_DOCUMENT,
    model_task="summarization", operation="summarize", runner=f"{_BUILTIN}:summarize",
    slot_runner=f"{_BUILTIN}:summarize_slot",
    cli=("summarize", "o3local.cli.summarize:summarize", "Summarize a document offline."),
    words="summary summarize summarization 摘要 总结 概要"))
register(AITask(
    name="formula-generation", capability="formula-generation", permission=WRITE_SPREADSHEET,
    model_task="formula-generation", operation="formula", runner=f"{_BUILTIN}:formula",
    slot_runner=f"{_BUILTIN}:formula_slot", slot_requires={"sheet": "a JSON pointer to the table"},
    path_args={"sheet": "read"},
    cli=("formula", "o3local.cli.formula:formula", "Write a spreadsheet formula from a request."),
    words="formula formulas calculate 公式 计算"))
# filling a template's inputs from the user's document (`render --from`): a hook operation and
# the service's POST /v1/fill (the document path confined to --read-dir); not an ai_slots task
register(AITask(
    name="fill", capability=None, permission=READ_DOCUMENT, model_task="summarization",
    operation="fill", runner=f"{_BUILTIN}:fill",
    path_args={"template": "template", "source": "read"}))
# capabilities a manifest may declare that no ai_slots task implements
declare_capability(Capability("slide-generation", WRITE_PRESENTATION,
                              "slides generate 生成幻灯片 自动生成"))
declare_capability(Capability("data-visualization", None, "chart charts graph visualization 图表 可视化 图形"))
declare_capability(Capability("translation", None, "translation translate 翻译 双语"))
declare_capability(Capability("rewriting", None, "rewrite rewriting polish 改写 润色"))

_BUILTIN_CAPABILITIES = frozenset(_CAPABILITIES)
