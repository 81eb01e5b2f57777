"""Template validation: every problem of a package, at once, with its place.

A template author (or the market's upload check) wants the whole list in one
go, each item with a JSON pointer, a ``line:column`` in ``manifest.json``, a
message in their terms and a "did you mean" where a typo is likely.  The
checks run in layers and all layers report: package safety (source.py),
JSON text (jsontext.py), the published JSON Schema (jsonschema, which
reports every fault where a model-based validator stops early), then the
rules a schema cannot express (files exist, versions parse and match the
host, capabilities and permissions agree).
"""

from __future__ import annotations

import difflib
import functools
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import Location, O3Error, Problem
from ..permissions import REMOTE_INFERENCE, WRITE_FOR_KIND
from ..tasks import registry
from . import jsontext, safeschema
from .source import PackageSource, open_source
from .versions import host_matches, parse_spec, parse_version

MANIFEST_NAME = "manifest.json"
MAX_MANIFEST_BYTES = 1024 * 1024
SCHEMA_FILE = "manifest.schema.json"

SAMPLE_DATA_NAMES = ("samples/data.json", "samples/data.csv", "samples/data.xlsx")
SAMPLE_CONTEXT_NAME = "samples/context.json"


@dataclass
class ValidationReport:
    """The outcome of validating one package."""

    source: str
    problems: list[Problem] = field(default_factory=list)
    manifest: dict[str, Any] | None = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity != "error"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "ok": self.ok,
            "errors": len(self.errors),
            "warnings": len(self.warnings),
            "problems": [p.to_dict() for p in self.problems],
        }


def manifest_schema() -> dict[str, Any]:
    """The JSON Schema of manifest.json (draft 2020-12), with the AI tasks of this runtime.

    The published file lists the built-in capabilities and ``ai_slots`` tasks
    for stock validators; here both enums come from the task registry, so a
    task registered at run time is accepted (tests/tasks/test_registry.py
    checks that the file equals the built-in registry).
    """
    return _schema(registry.revision())


@functools.lru_cache(maxsize=1)
def _published_schema() -> str:
    from ..resources import resource

    return resource("template", SCHEMA_FILE).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=2)
def _schema(revision: int) -> dict[str, Any]:
    schema = json.loads(_published_schema())
    defs = schema["$defs"]
    defs["capability"]["enum"] = list(registry.capabilities())
    defs["aiSlot"]["properties"]["task"]["enum"] = registry.slot_task_names()
    return schema


def _validator() -> Any:
    return _validator_for(registry.revision())


@functools.lru_cache(maxsize=2)
def _validator_for(revision: int) -> Any:
    checker = safeschema.regex_format_checker()

    @checker.checks("semver", raises=ValueError)
    def _semver(value: object) -> bool:
        return not isinstance(value, str) or parse_version(value) is not None or _raise("not semver")

    @checker.checks("version-spec", raises=ValueError)
    def _spec(value: object) -> bool:
        return not isinstance(value, str) or parse_spec(value) is not None or _raise("not a version spec")

    return safeschema.new_validator(manifest_schema(), format_checker=checker)


def _raise(msg: str) -> bool:
    raise ValueError(msg)


#: did-you-mean hints compare a misspelt name with at most this many candidate
#: names per validation in total (each candidate looked at counts once): 400
#: missing assets among 2,000 files took 30.8 s of difflib before the cap
MAX_SUGGEST_COMPARISONS = 10_000


class _Suggester:
    """Did-you-mean hints under a fixed work budget, so their cost stays bounded.

    A case-only difference (``Logo.PNG`` for ``logo.png``) is always found
    (a dictionary lookup); the fuzzy difflib match runs only while the
    comparison budget lasts, after which names simply get no hint.  The
    budget is a count, not a clock, so the same package always gets the
    same hints.
    """

    def __init__(self, budget: int = MAX_SUGGEST_COMPARISONS) -> None:
        self.budget = budget
        self._cache: tuple[list[str], dict[str, str]] | None = None

    def __call__(self, word: object, options: list[str]) -> str | None:
        if not isinstance(word, str) or not options:
            return None
        if self._cache is not None and self._cache[0] is options:
            folded = self._cache[1]
        else:
            folded = {}
            for o in options:
                folded.setdefault(o.casefold(), o)
            self._cache = (options, folded)
        same = folded.get(word.casefold())
        if same is not None and same != word:
            return f"did you mean '{same}'?"
        if self.budget < len(options):
            self.budget = 0
            return None
        self.budget -= len(options)
        match = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
        return f"did you mean '{match[0]}'?" if match else None


def _kind_name(value: Any) -> str:
    return {
        dict: "an object", list: "an array", str: "a string", bool: "true/false",
        int: "a number", float: "a number", type(None): "null",
    }.get(type(value), type(value).__name__)


_TYPE_WORDS = {"object": "an object", "array": "an array", "string": "a string", "integer": "an integer",
               "number": "a number", "boolean": "true or false", "null": "null"}


class _Checker:
    """Collects problems for one manifest, placing each at its line:column."""

    def __init__(self, source: PackageSource, parsed: jsontext.ParsedJSON) -> None:
        self.source = source
        self.parsed = parsed
        self.file = source.display_name(MANIFEST_NAME)
        self.problems: list[Problem] = []
        self._seen: set[tuple[str, str, str]] = set()
        self._suggest = _Suggester()

    def add(self, code: str, pointer: str, message: str, *, hint: str | None = None,
            key: bool = False, severity: str = "error") -> None:
        if (code, pointer, message) in self._seen:
            return  # e.g. jsonschema yields one 'required' error per missing key
        self._seen.add((code, pointer, message))
        pos = self.parsed.position(pointer, key=key)
        where = Location(file=self.file, pointer=pointer, line=pos[0] if pos else None,
                         column=pos[1] if pos else None)
        self.problems.append(Problem(code, message, where, hint, severity))

    # -- layer 3: the JSON Schema --------------------------------------------
    def schema(self, manifest: Any) -> None:
        for err in safeschema.validation_errors(_validator(), manifest):
            self.schema_error(err)

    def schema_error(self, err: Any) -> None:
        pointer = "".join(f"/{jsontext.escape_pointer_token(t)}" for t in err.absolute_path)
        v = err.validator
        inst = err.instance
        schema = err.schema
        if v == "additionalProperties" and isinstance(inst, dict):
            allowed = sorted(schema.get("properties", {}))
            patterns = schema.get("patternProperties", {})
            for key in inst:
                if key in allowed or any(re.search(pat, key) for pat in patterns):
                    continue
                member = jsontext.pointer_join(pointer, key)
                hint = self._suggest(key, allowed) or ("vendor keys must start with 'x-'" if patterns else None)
                self.add("manifest.unknown_key", member, f"unknown key '{key}'", hint=hint, key=True)
        elif v == "required":
            for name in err.validator_value:
                if isinstance(inst, dict) and name not in inst:
                    self.add("manifest.missing_key", pointer, f"missing required key '{name}'")
        elif v == "enum":
            options = [o for o in err.validator_value if isinstance(o, str)]
            self.add("manifest.bad_value", pointer,
                     f"{json.dumps(inst, ensure_ascii=False)} is not one of: {', '.join(options)}",
                     hint=self._suggest(inst, options))
        elif v == "const":
            self.add("manifest.bad_value", pointer, f"must be {json.dumps(err.validator_value)}")
        elif v == "type":
            want = err.validator_value
            words = " or ".join(_TYPE_WORDS.get(w, w) for w in (want if isinstance(want, list) else [want]))
            self.add("manifest.wrong_type", pointer, f"expected {words}, got {_kind_name(inst)}")
        elif v == "pattern" and "propertyNames" in err.schema_path:
            self.add("manifest.bad_name", jsontext.pointer_join(pointer, inst), f"slot name "
                     f"{json.dumps(inst, ensure_ascii=False)} must be an identifier (letters, digits, '_')",
                     key=True)
        elif v == "pattern":
            self.add("manifest.bad_format", pointer, self.pattern_message(pointer, inst))
        elif v == "format":
            fmt = err.validator_value
            if fmt == "semver":
                msg = f"{json.dumps(inst)} is not a semantic version (MAJOR.MINOR.PATCH, e.g. '2.1.0')"
            else:
                msg = (f"{json.dumps(inst)} is not a version or range (e.g. '11.5.0', '>=11.5,<13', "
                       "'^12.0', '11.x')")
            self.add("manifest.bad_version", pointer, msg)
        elif v == "uniqueItems" and isinstance(inst, list):
            for i in safeschema.duplicate_indices(inst):
                self.add("manifest.duplicate_item", f"{pointer}/{i}",
                         f"{json.dumps(inst[i], ensure_ascii=False)} is listed twice")
        elif v in ("minLength", "maxLength", "minItems", "maxItems", "minimum", "maximum"):
            what = {"minLength": "at least {} characters" if err.validator_value != 1 else "some text", "maxLength": "at most {} characters",
                    "minItems": "at least {} entries", "maxItems": "at most {} entries",
                    "minimum": "at least {}", "maximum": "at most {}"}[v].format(err.validator_value)
            self.add("manifest.out_of_range", pointer,
                     f"must have {what}" if "Length" in v or "Items" in v else f"must be {what}")
        elif v == "oneOf" and pointer == "/author":
            self.add("manifest.wrong_type", pointer,
                     "author: expected a name string or an object {\"name\", \"email\", \"url\"}")
        else:
            self.add("manifest.schema", pointer, err.message)

    def pattern_message(self, pointer: str, inst: Any) -> str:
        text = json.dumps(inst, ensure_ascii=False)
        if pointer == "/id":
            return f"{text} must be a lowercase slug: a-z, 0-9 and single '-' between words, e.g. 'ppt-funding-pitch-v2'"
        if pointer.endswith("/input") or pointer.endswith("/sheet"):
            return f"{text} must be a JSON pointer into the data, e.g. '/company/description'"
        if pointer.endswith("/target_cell"):
            return f"{text} must be a cell reference such as 'D2'"
        if pointer.startswith("/languages"):
            return f"{text} must be a language tag such as 'en' or 'zh-CN'"
        return f"{text} must be a relative path inside the package (no leading '/', no '..', no backslashes)"

    # -- layer 4: rules beyond the schema -------------------------------------
    def semantics(self, m: dict[str, Any], host_version: str | None) -> None:
        self.files(m)
        self.versions(m, host_version)
        self.coherence(m)
        self.inputs(m)

    def files(self, m: dict[str, Any]) -> None:
        names = self.source.files()
        entry = m.get("entry")
        if isinstance(entry, str) and self.source.has(entry) is False and _safe(entry):
            self.add("manifest.missing_file", "/entry", f"entry file '{entry}' is not in the package",
                     hint=self._suggest(entry, names))
        elif isinstance(entry, str) and self.source.has(entry):
            try:
                self.source.read_bytes(entry).decode("utf-8")
            except UnicodeDecodeError:
                self.add("manifest.entry_encoding", "/entry", f"entry file '{entry}' is not UTF-8 text")
            except Exception as err:  # PackageError (a corrupt zip entry, a file too large...): its own code
                code = err.code if isinstance(err, O3Error) and "." in err.code else "manifest.missing_file"
                self.add(code, "/entry", f"entry file '{entry}' cannot be read: {err}")
        for i, asset in enumerate(m.get("assets") or []):
            if isinstance(asset, str) and _safe(asset) and not self.source.has(asset):
                self.add("manifest.missing_file", f"/assets/{i}", f"asset '{asset}' is not in the package",
                         hint=self._suggest(asset, names))
        samples = m.get("samples")
        if isinstance(samples, dict):
            for key in ("data", "context"):
                path = samples.get(key)
                if isinstance(path, str) and _safe(path) and not self.source.has(path):
                    self.add("manifest.missing_file", f"/samples/{key}", f"sample file '{path}' is not in the package")

    def versions(self, m: dict[str, Any], host_version: str | None) -> None:
        specs = m.get("compatible_versions")
        if host_version is None or not isinstance(specs, list):
            return
        host = parse_version(host_version, coerce=True)
        if host is None:
            return  # reported by the caller as a usage error
        parsed = [parse_spec(s) for s in specs if isinstance(s, str)]
        if parsed and all(p is not None for p in parsed) and not host_matches(host, parsed):
            self.add("manifest.incompatible_host", "/compatible_versions",
                     f"host version {host} is not in compatible_versions {json.dumps(specs)}")

    def coherence(self, m: dict[str, Any]) -> None:
        # Coherence is only judged on well-formed lists: a typo in one entry is
        # reported once by the schema, not again as every rule it breaks.
        perms = _known_list(m.get("required_permissions"), "permission")
        perms = set(perms) if perms is not None else None
        caps = _known_list(m.get("ai_capabilities", []), "capability")
        kind = m.get("kind")
        if perms is not None:
            need = WRITE_FOR_KIND.get(kind) if isinstance(kind, str) else None
            if need and need not in perms:
                self.add("manifest.missing_permission", "/required_permissions",
                         f"kind '{kind}' produces output that needs '{need}' in required_permissions")
            for i, cap in enumerate(caps or []):
                known = registry.capabilities().get(cap)
                need = known.permission if known else None
                if need and need not in perms:
                    self.add("manifest.missing_permission", f"/ai_capabilities/{i}",
                             f"capability '{cap}' needs '{need}' in required_permissions")
        slots = m.get("ai_slots")
        offloading = False
        if isinstance(slots, dict):
            for name, slot in slots.items():
                if not isinstance(slot, dict):
                    continue
                base = jsontext.pointer_join("/ai_slots", name)
                task = slot.get("task")
                spec = registry.slot_task(task) if isinstance(task, str) else None
                cap = spec.capability if spec else None
                if cap and caps is not None and cap not in caps:
                    self.add("manifest.uncovered_task", f"{base}/task",
                             f"slot '{name}' runs task '{task}' but ai_capabilities does not list '{cap}'")
                offload = slot.get("offload", "local")
                if offload in ("auto", "remote"):
                    offloading = True
                    if perms is not None and REMOTE_INFERENCE not in perms:
                        self.add("manifest.missing_permission", f"{base}/offload",
                                 f"slot '{name}' may offload ('{offload}') but '{REMOTE_INFERENCE}' "
                                 "is not in required_permissions")
                for key, what in (spec.slot_requires if spec else {}).items():
                    if key not in slot:
                        self.add("manifest.missing_key", base,
                                 f"slot '{name}': {task} needs '{key}' ({what})")
        if perms is not None and REMOTE_INFERENCE in perms and not offloading:
            self.add("manifest.unused_permission", "/required_permissions",
                     f"'{REMOTE_INFERENCE}' is requested but no ai_slots entry offloads",
                     severity="warning")

    def inputs(self, m: dict[str, Any]) -> None:
        schema = m.get("inputs")
        if not isinstance(schema, dict):
            return
        fault = _inputs_schema_fault(json.dumps(schema, sort_keys=True))
        if fault is not None:
            self.add(fault.code, f"/inputs{fault.pointer}", f"inputs: {fault.message}")
            return
        slots = m.get("ai_slots")
        if isinstance(slots, dict):
            for name, slot in slots.items():
                if not isinstance(slot, dict):
                    continue
                for key in ("input", "sheet"):
                    ptr = slot.get(key)
                    if isinstance(ptr, str) and not _schema_has_pointer(schema, ptr):
                        self.add("manifest.unknown_input", jsontext.pointer_join(jsontext.pointer_join("/ai_slots", name), key),
                                 f"slot '{name}': {key} '{ptr}' is not described by inputs", severity="warning")
        self.sample_data(m, schema)

    def sample_data(self, m: dict[str, Any], schema: dict[str, Any]) -> None:
        samples = m.get("samples") if isinstance(m.get("samples"), dict) else {}
        name = samples.get("data") or next((n for n in SAMPLE_DATA_NAMES if self.source.has(n)), None)
        if not isinstance(name, str) or not self.source.has(name):
            return
        file = self.source.display_name(name)
        if name.lower().endswith((".csv", ".xlsx")):
            self.sample_table(name, file, schema)
            return
        if not name.endswith(".json"):
            return
        try:
            parsed = jsontext.parse(jsontext.decode_utf8(self.source.read_bytes(name)))
        except jsontext.JSONTextError as err:
            self.problems.append(Problem("data.json_syntax", err.message,
                                         Location(file=file, line=err.line, column=err.column)))
            return
        except Exception as err:
            self.problems.append(Problem("data.unreadable", str(err), Location(file=file)))
            return
        try:
            errors = safeschema.validation_errors(safeschema.new_validator(schema), parsed.value)
        except safeschema.SchemaFaultError as err:
            fault = err.fault
            self.add(fault.code, f"/inputs{fault.pointer}", f"inputs, applied to {name}: {fault.message}")
            return
        for err in errors:
            ptr = "".join(f"/{jsontext.escape_pointer_token(t)}" for t in err.absolute_path)
            pos = parsed.position(ptr)
            self.problems.append(Problem(
                "data.schema", f"sample data does not match inputs: {err.message}",
                Location(file=file, pointer=ptr, line=pos[0] if pos else None, column=pos[1] if pos else None)))


    def sample_table(self, name: str, file: str, schema: dict[str, Any]) -> None:
        """A CSV or .xlsx sample: read as render reads it, problems per column with cells/lines."""
        from .. import bind
        from ..bind.grouping import data_problems

        try:
            value = bind.load_bytes(self.source.read_bytes(name), bind.source_type(name), file)
        except O3Error as err:
            self.problems.append(Problem(err.code, err.message, err.where))
            return
        try:
            errors = safeschema.validation_errors(safeschema.new_validator(schema), value)
        except safeschema.SchemaFaultError as err:
            fault = err.fault
            self.add(fault.code, f"/inputs{fault.pointer}", f"inputs, applied to {name}: {fault.message}")
            return
        self.problems.extend(data_problems(errors, value, file=file,
                                           prefix="sample data does not match inputs: "))


@functools.lru_cache(maxsize=64)
def _inputs_schema_fault(schema_text: str) -> safeschema.SchemaFault | None:
    """The first reason the inputs schema cannot be used (see :func:`safeschema.first_fault`).

    Checking a schema against the draft 2020-12 meta-schema costs tens of
    milliseconds, so each distinct schema is checked once per process.
    """
    try:
        return safeschema.first_fault(json.loads(schema_text))
    except safeschema.SchemaFaultError as err:
        return err.fault


def _known_list(value: Any, enum_name: str) -> list[str] | None:
    """``value`` if it is a list of known enum members, else None (then the schema reported it)."""
    known = manifest_schema()["$defs"][enum_name]["enum"]
    if isinstance(value, list) and all(isinstance(v, str) and v in known for v in value):
        return value
    return None


def _safe(path: str) -> bool:
    from .source import unsafe_path_reason

    return unsafe_path_reason(path) is None


def _schema_has_pointer(schema: dict[str, Any], pointer: str) -> bool:
    """Whether a JSON pointer into data is described by ``schema`` (properties/items only)."""
    node: Any = schema
    for raw in pointer.split("/")[1:]:
        token = raw.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict):
            return False
        props = node.get("properties")
        if isinstance(props, dict) and token in props:
            node = props[token]
        elif token.isdigit() and isinstance(node.get("items"), dict):
            node = node["items"]
        elif node.get("additionalProperties") not in (None, False) and isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return False
    return True


def _image_problems(source: PackageSource) -> list[Problem]:
    """Images over the size caps or that do not decode (layout/images.py checks them)."""
    from ..layout.images import image_problems

    return image_problems(source.files(), source.read_bytes, source.where)


def validate_source(source: PackageSource, host_version: str | None = None, *,
                    body: bool = False) -> ValidationReport:
    """Validate an already opened package source.

    ``body`` also checks the template body (bodycheck.py: parsed and evaluated
    in the layout module against the sample data or the inputs schema); opening
    a package for a render does not, since the render itself evaluates it.
    """
    report = ValidationReport(source.origin, list(source.problems))
    if not source.has(MANIFEST_NAME):
        other = [f for f in source.files() if f.endswith("/" + MANIFEST_NAME)]
        hint = f"found '{other[0]}': put manifest.json at the package root" if other else None
        report.problems.append(Problem("package.missing_manifest", "the package has no manifest.json at its root",
                                       Location(file=source.origin), hint))
        return report
    file = source.display_name(MANIFEST_NAME)
    try:
        data = source.read_bytes(MANIFEST_NAME, limit=MAX_MANIFEST_BYTES)
    except Exception as err:
        report.problems.append(Problem("manifest.unreadable", str(getattr(err, "message", err)),
                                       Location(file=file)))
        return report
    try:
        parsed = jsontext.parse(jsontext.decode_utf8(data))
    except jsontext.JSONTextError as err:
        report.problems.append(Problem("manifest.json_syntax", err.message,
                                       Location(file=file, line=err.line, column=err.column)))
        return report
    checker = _Checker(source, parsed)
    for pointer, line, col in parsed.duplicates:
        checker.problems.append(Problem(
            "manifest.duplicate_key", f"key '{pointer.rsplit('/', 1)[1]}' appears more than once "
            "(the first value is used)", Location(file=file, pointer=pointer, line=line, column=col)))
    manifest = parsed.value
    if not isinstance(manifest, dict):
        checker.add("manifest.wrong_type", "", f"manifest.json must hold a JSON object, not {_kind_name(manifest)}")
    else:
        checker.schema(manifest)
        checker.semantics(manifest, host_version)
        if body:
            from .bodycheck import check_body  # loads the layout module (wasmtime) only here

            checker.problems.extend(check_body(source, manifest))
        report.manifest = manifest
    checker.problems.extend(_image_problems(source))
    checker.problems.sort(key=lambda p: (p.where.line or 0, p.where.column or 0))
    report.problems.extend(checker.problems)
    return report


def validate(path: str | os.PathLike[str], host_version: str | None = None, *, body: bool = True) -> ValidationReport:
    """Validate a template package (folder or ``.o3t``), returning every problem found.

    Only a path that is not a package at all raises (:class:`~o3local.errors.PackageError`);
    everything wrong *inside* a package is reported in the returned report.
    ``host_version`` is the version of the office application the runtime
    serves; when given, ``compatible_versions`` must admit it.  ``body``
    (the default) also evaluates the template body in check mode.
    """
    from ..errors import UsageError

    if host_version is not None and parse_version(host_version, coerce=True) is None:
        raise UsageError(f"--host-version {host_version!r} is not a version (e.g. 12.0.1)",
                         code="usage.host_version")
    return validate_source(open_source(path), host_version, body=body)
