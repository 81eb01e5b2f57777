"""The template body as ``validate`` checks it: parsed and evaluated, not laid out.

The layout module runs the template in check mode (``LayoutEngine.check``):
every template and data error is recorded with its line:column and the part
that failed (an expression, an attribute, a block, an element) is skipped,
so one run reports them all.  The data is the package's sample data when it
has some, else an instance made from the manifest's ``inputs`` schema (each
described key with a value of its type), so a path the schema does not
describe is reported either way.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import Location, O3Error, Problem
from .source import PackageSource

#: depth to which an instance is made from the inputs schema (deeper keys are left out)
MAX_SCHEMA_DEPTH = 24
#: items made for an array (its minItems, at least 1, at most this)
MAX_SCHEMA_ITEMS = 3
SAMPLE_DATA_NAMES = ("samples/data.json", "samples/data.csv", "samples/data.xlsx")
SAMPLE_CONTEXT_NAME = "samples/context.json"
_HINT = re.compile(r" \((did you mean [^()]*\?)\)")


def example_from_schema(schema: Any, root: Any = None, depth: int = 0) -> Any:
    """A value that the JSON Schema ``schema`` describes, with every property filled.

    ``default``, ``const``, ``examples`` and ``enum`` are used when given;
    otherwise a value of the declared type (strings in ``format: date`` are
    ISO dates, so ``date`` filters can run).  Local ``$ref``s are followed.
    """
    root = schema if root is None else root
    if not isinstance(schema, dict) or depth > MAX_SCHEMA_DEPTH:
        return None
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        target: Any = root
        for token in ref[1:].split("/")[1:]:
            token = token.replace("~1", "/").replace("~0", "~")
            target = target.get(token) if isinstance(target, dict) else None
        return example_from_schema(target, root, depth + 1)
    for key in ("const", "default"):
        if key in schema:
            return schema[key]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return schema["examples"][0]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    for key in ("allOf", "anyOf", "oneOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            merged: dict[str, Any] = {}
            for part in schema[key] if key == "allOf" else schema[key][:1]:
                value = example_from_schema(part, root, depth + 1)
                if isinstance(value, dict):
                    merged.update(value)
                elif value is not None:
                    return value
            if merged:
                return merged
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else None
    if kind == "object":
        props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        return {k: example_from_schema(v, root, depth + 1) for k, v in props.items()}
    if kind == "array":
        n = schema.get("minItems", 1)
        n = min(max(n if isinstance(n, int) else 1, 1), MAX_SCHEMA_ITEMS)
        item = example_from_schema(schema.get("items", {}), root, depth + 1)
        return [item for _ in range(n)]
    if kind in ("number", "integer"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        return max(low if isinstance(low, (int, float)) and not isinstance(low, bool) else 0, 0) + 1
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    if schema.get("format") == "date":
        return "2026-05-10"
    if schema.get("format") == "date-time":
        return "2026-05-10T09:30:00"
    return "text"


def _sample(source: PackageSource, manifest: dict[str, Any]) -> tuple[Any, str] | None:
    from .. import bind

    samples = manifest.get("samples") if isinstance(manifest.get("samples"), dict) else {}
    name = samples.get("data") or next((n for n in SAMPLE_DATA_NAMES if source.has(n)), None)
    if not isinstance(name, str) or not source.has(name):
        return None
    try:
        return bind.load_bytes(source.read_bytes(name), bind.source_type(name), source.display_name(name)), name
    except O3Error:
        return None  # reported by the sample data check


def _context(source: PackageSource, manifest: dict[str, Any]) -> dict[str, str] | None:
    samples = manifest.get("samples") if isinstance(manifest.get("samples"), dict) else {}
    name = samples.get("context") or SAMPLE_CONTEXT_NAME
    if not isinstance(name, str) or not source.has(name):
        return None
    try:
        value = json.loads(source.read_bytes(name).decode("utf-8"))
    except (ValueError, O3Error):
        return None
    return {str(k): v for k, v in value.items() if isinstance(v, str)} if isinstance(value, dict) else None


def _images(source: PackageSource) -> dict[str, tuple[int, int]]:
    """The package's image files and their sizes, as the layout module sees them."""
    from ..errors import TemplateError
    from ..layout.images import IMAGE_SUFFIXES, check_image

    sizes: dict[str, tuple[int, int]] = {}
    for name in source.files():
        if name.lower().endswith(IMAGE_SUFFIXES):
            try:
                info = check_image(source.read_bytes(name), name)
            except (TemplateError, O3Error):
                # The image check names this file's own problem (too large,
                # corrupt...); to the body it is present, so an <image> using
                # it is not reported a second time as "not in the package".
                sizes[name] = (1, 1)
                continue
            sizes[name] = (info.width, info.height)
    return sizes


def check_body(source: PackageSource, manifest: dict[str, Any]) -> list[Problem]:
    """Every problem of the template body (entry file) filled with the sample or schema data."""
    entry = manifest.get("entry")
    if not isinstance(entry, str) or not source.has(entry):
        return []  # reported by the manifest checks
    try:
        text = source.read_bytes(entry).decode("utf-8")
    except (UnicodeDecodeError, O3Error):
        return []
    sample = _sample(source, manifest)
    if sample is not None:
        data, used = sample
    else:
        data, used = example_from_schema(manifest.get("inputs")), "the inputs schema"
        if not isinstance(data, (dict, list)):
            data = {}  # an inputs schema that is not an object's is reported by the manifest checks
    user = _context(source, manifest)
    slots = manifest.get("ai_slots") if isinstance(manifest.get("ai_slots"), dict) else {}
    ai = {name: "(AI text)" for name in slots}
    file = source.display_name(entry)
    from ..layout import LayoutEngine
    from .partials import collect_partials, include_hint

    try:
        partials = collect_partials(text, source.files(), source.read_bytes, source.display_name)
        found = LayoutEngine.shared().check(text, file, data=data, user=user or {}, ai=ai, images=_images(source),
                                            partials=partials)
    except O3Error as err:
        return [Problem(err.code, err.message, err.where if err.where and (err.where.line or err.where.file)
                        else Location(file=file))]
    problems = []
    for e in found:
        message = str(e.get("message", ""))
        match = _HINT.search(message)
        hint = match.group(1) if match else None
        if match:
            message = message[:match.start()] + message[match.end():]
        path = e.get("path")
        severity = "error"
        if e.get("code") == "template.image" and isinstance(path, str):
            from ..layout.images import missing_image_message

            message = missing_image_message(path, source.files(), message + (f" ({hint})" if hint else ""))
            match = _HINT.search(message)
            hint = match.group(1) if match else None
            if match:
                message = message[:match.start()] + message[match.end():]
        if e.get("code") == "template.include" and isinstance(path, str) and hint is None \
                and "not in the package" in message:
            hint = include_hint(path, source.files())
        if e.get("code") == "template.missing" and isinstance(path, str):
            if path.startswith("user.") and user is None:
                severity = "warning"  # the user context comes at render time; no sample context to check it
                hint = hint or "add samples/context.json to check user.* values"
            elif hint is None and not path.startswith(("user.", "ai.", "loop.", "page.")):
                hint = f"not in {'the sample data ' + used if sample else used}"
        # an error inside an included file names that file
        where = Location(file=str(e.get("file") or file), line=e.get("line"), column=e.get("column"))
        problems.append(Problem(str(e.get("code", "template.syntax")), message, where, hint, severity))
    return problems
