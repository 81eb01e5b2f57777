"""Fill a whole template from the user's own document (``render --from memo.md``).

The template's ``inputs`` JSON schema is the target.  Each field
(:mod:`.fields`) gets the part of the document it is about (retrieval by
its key, description and ``x-o3-fill`` hint), then an answer:

1. **extractive** (:mod:`.extract`: numbers, dates, tables, sections;
   :mod:`.prose`: headlines, paragraphs, bullets; :mod:`.names`; lists and
   records written in the text: :mod:`.lists`, :mod:`.records`; keywords by
   stem: :mod:`.words`): words, numbers and tables taken from the document,
   always available;
2. the schema's ``default``, else a placeholder (reported as such).

Every answer passes :func:`check` before it is kept: each number, date,
quantity and name in it must be in the document with the same role (a
number's unit, scale and direction; a field's number must come from a
sentence about that field); an answer that fails falls back to the default.
With ``method="model"`` the prose fields (headline, text, bullets) are
first written by the local LLM under a grammar compiled from their schema
(:mod:`.model`), steered by the user context, and checked the same way (a
refused answer falls back to the extractive one); ``auto`` stays extractive
until the model writer is measured better.  The report
(:class:`FillResult.fields`) says where each field came from.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ...errors import TaskError, UsageError
from .. import registry
from .document import Document, parse, read_source
from .fields import Field, walk

__all__ = ["fill", "fill_document", "FillResult", "FieldReport", "read_source", "parse", "METHODS"]

METHODS = ("auto", "extractive", "model")


@dataclass
class FieldReport:
    pointer: str
    kind: str
    source: str  # "model", "extractive", "default", "placeholder", "missing"
    evidence: str = ""
    notes: list[str] = field(default_factory=list)


@dataclass
class FillResult:
    data: dict[str, Any]
    lang: str
    method: str
    fields: list[FieldReport]
    model: str | None = None
    seconds: float = 0.0

    @property
    def fill_rate(self) -> float:
        done = [f for f in self.fields if f.source in ("model", "extractive")]
        return len(done) / max(1, len(self.fields))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["fill_rate"] = round(self.fill_rate, 4)
        return d


# --------------------------------------------------------------------------
# the guard


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def _numbers(value: Any) -> list[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    return []


#: an English form's answer that says there is none
_NOT_GIVEN = re.compile(r"(?:n/?a|none|nil|not applicable|not yet|tbd|tbc|-+|—|–)\.?", re.I)


def check(doc: Document, f: Field, value: Any, how: str) -> list[str]:
    """What in ``value`` the document does not back (empty: the value may be kept)."""
    from ..summarize.faithfulness import unsupported_facts
    from .extract import _customers_as_users, _exact_of_rounded, number_candidates

    problems: list[str] = []
    if f.kind == "number":
        cands = number_candidates(doc, f)
        if doc.lang == "en" and f.key == "users":
            cands += _customers_as_users(doc, f, frozenset())  # "87 shipper customers": who uses it
        if doc.lang == "en":
            # "~900 agencies use it" and "912 agencies at 31 October": the round figure given exactly
            cands += [e for c in list(cands) if (e := _exact_of_rounded(doc, f, c, frozenset())) is not None]
        if not any(abs(v - float(value)) <= 1e-9 * max(1, abs(v))
                   for _s, v, _m, _c in cands):
            problems.append(f"the number {value} is not in a sentence about {f.key}")
        return problems
    if f.kind == "date":
        if f.schema.get("format") != "date" and isinstance(value, str) and value and value in doc.text \
                and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            return problems  # "Q3 2026" kept as the document writes it
        from .extract import founded_iso, founded_years

        if not any(d.iso() == value for d in doc.dates) and not (
                f.key == "founded" and any(value == founded_iso(doc, m) for m in founded_years(doc))):
            # (a founding year alone, "Founded in 2021", is its 1 January)
            problems.append(f"the date {value} is not in the document")
        return problems
    if f.kind == "from-table":
        from .document import find_mentions
        from .lists import find_groups

        cells = " ".join(" ".join(t.header + [c for r in t.rows for c in r]) for t in doc.tables)
        known = {m.value for m in find_mentions(cells)}
        known |= {it.number.value for g in find_groups(doc) for it in g.items}
        from .lists import _parts_of_total

        # shares of a stated total ("营业收入4,520万元。其中，门票收入2,130万元…"), x100 as percents
        known |= {100 * v for g in find_groups(doc) for v in (_parts_of_total(g, doc) or [])}
        if doc.lang == "en":
            from .lists import _parts_of_stated

            # shares of an amount stated with the field's parent's words (a use of funds in
            # amounts that add up to the raise)
            words = [w for w in f.words() if w not in f.own_words()]
            known |= {100 * v for g in find_groups(doc) for v in (_parts_of_stated(g, doc, words) or [])}
        from .records import record_section

        # items listed under the field's own heading (bullets or sub-sections)
        for s in doc.sections:
            if record_section(doc, f, s):
                known |= {m.value for m in find_mentions(s.body())}
        from .records import lead_in_records

        # items a lead-in sentence announces ("We sell two plans. Pawcall Basic is $9.99 …")
        known |= {m.value for _n, text in lead_in_records(doc) for m in find_mentions(text)}
        from .records import priced_bullets

        # bullets that are each a named, priced item ("Starter Kit — …, $29 one-off")
        known |= {m.value for _n, text in priced_bullets(doc) for m in find_mentions(text)}
        from .records import priced_sentences

        # sentences that each name and price an item ("Thimble Plus, at $15 a month, covers …")
        known |= {m.value for _n, text in priced_sentences(doc) for m in find_mentions(text)}
        from .records import common_priced

        # clauses that price an item named by a common noun ("the camera kit is $2,900 per line")
        from .spelled import spelled_mentions

        # (or said in words: "the panels are four hundred and fifty dollars each")
        known |= {m.value for _n, text, _w in common_priced(doc)
                  for m in find_mentions(text) + spelled_mentions(text, doc.lang, [])}
        from .records import labelled_items

        # items a line labelled as the field gives ("Product / service; TideBank 500, list price $410K")
        known |= {m.value for _n, text in labelled_items(doc, f) for m in find_mentions(text)}
        for n in _numbers(value):
            scaled = {n, n * 100, n * 1e3, n * 1e4, n * 1e6, n / 1e3}
            if not any(abs(k - s) <= 1e-6 * max(1, abs(k)) for k in known for s in scaled):
                problems.append(f"the number {n:g} is not in the document's tables or lists")
    if f.kind == "document":
        return problems
    strings = _strings(value)
    if doc.lang == "en" and strings and all(_NOT_GIVEN.fullmatch(re.sub(r"^[^:\n]{1,60}:\s*", "", t.strip()))
                                            for t in strings):
        # "China plans: N/A", "Partners in China: none": the document says it has no answer
        problems.append(f"the document gives {strings[0]!r}: no answer")
        return problems
    for text in strings:
        problems += unsupported_facts(text, doc.text, doc.lang)
    return problems


# --------------------------------------------------------------------------
# the fill


def _placeholder(f: Field) -> Any:
    if "default" in f.schema:
        return f.schema["default"]
    t = f.type
    if t in ("number", "integer"):
        return 0
    if t == "array":
        return []
    if t == "boolean":
        return False
    if f.schema.get("format") == "date":
        return None
    return "—" if f.schema.get("minLength", 0) else ""


def _set(data: dict[str, Any], keys: tuple[str, ...], value: Any) -> None:
    node = data
    for k in keys[:-1]:
        node = node.setdefault(k, {})
    node[keys[-1]] = value


def _resolve_method(method: str, doc: Document, model: str | None) -> str | None:
    """The model the fill uses, or None for the extractive path.

    ``auto`` is the extractive path (loads no model) until a model writer is
    measured better on an evaluation set; ``model`` asks for the model writer
    and needs an installed model that writes the document's language.
    """
    if method not in METHODS:
        raise UsageError(f"unknown fill method {method!r} (use {', '.join(METHODS)})",
                         code="usage.method")
    if method != "model":
        return None
    from ..summarize.abstractive import model_for

    name = model_for(doc.lang, model)
    if name is None:
        from ...models.catalog import writes

        if model and not writes(model, doc.lang):
            raise TaskError(f"the model {model} does not write this document's language "
                            f"({doc.lang})", code="task.model_language")
        raise TaskError("no installed model writes this document's language (run: o3-local "
                        "models build qwen2.5-coder-0.5b-instruct)", code="task.no_model")
    return name


#: a sentence that names a market to say the company is not going there
_NOT_GOING = re.compile(
    r"\b(?:not|no|never)\b[^.;:]{0,30}\b(?:pursu|plan|enter|expand|launch|go(?:ing)? (?:in)?to)\w*|"
    r"\b(?:no|any) (?:plans?|intention)\b|"
    r"(?:不|没有|暂不|暂无|无)(?:计划|打算|考虑)?(?:进入|拓展|开拓|布局|进军|发展)", re.I)


def _out_of_scope(doc: Document, f: Field, evidence: str) -> str | None:
    """Why ``evidence`` cannot fill ``f`` when a parent names a scope (``fields.SCOPES``), else None."""
    from .fields import SCOPES

    words = [w for k in f.keys[:-1] for w in SCOPES.get(k, ())]
    if not words:
        return None

    def names(text: str) -> bool:
        low = text.lower()
        return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) if w.isascii() else w in low
                   for w in words)

    if names(evidence):
        if _NOT_GOING.search(evidence):
            # "We are not pursuing China or any other market": about China, and says there is
            # no China plan to put on a slide
            return f"the evidence says there is no {f.keys[-2]} plan"
        return None
    at = doc.text.find(evidence.rstrip("…")[:60]) if evidence else -1
    section = doc.section_at(at) if at >= 0 else None
    if section is not None and names(section.heading):
        return None
    return f"the evidence is not about {f.keys[-2]} (none of {', '.join(words[:3])} in it or its heading)"


def fill_document(inputs: Mapping[str, Any], doc: Document, context: Mapping[str, str] | None = None,
                  method: str = "auto", model: str | None = None,
                  progress: Any = None) -> FillResult:
    """Fill the object schema ``inputs`` from ``doc``; see the module docstring."""
    if not isinstance(inputs, Mapping) or inputs.get("type") != "object":
        raise UsageError("the template's inputs schema is not an object schema: nothing to fill",
                         code="usage.fill_schema")
    started = time.perf_counter()
    from .extract import answer as extractive_answer

    name = _resolve_method(method, doc, model)
    writer: Any = None
    if name is not None:
        from .model import ModelWriter

        writer = ModelWriter(name, doc, dict(context or {}))
    data: dict[str, Any] = {}
    reports: list[FieldReport] = []
    fields = walk(dict(inputs))
    read_from: list[tuple[tuple[str, ...], str]] = []  # (parent keys, evidence) of numbers kept
    taken: set[int] = set()  # where those numbers stand in the document
    for i, f in enumerate(fields):
        if progress is not None:
            progress(i, len(fields), f.pointer)
        report = FieldReport(f.pointer, f.kind, "missing")
        value: Any = None
        if writer is not None and writer.writes(f):
            got = writer.answer(f)
            if got is not None:
                from .extract import passage
                from .guard import model_problems

                why = _out_of_scope(doc, f, got.evidence)
                bad = check(doc, f, got.value, "model") or ([why] if why else [])
                # the same facts in the same roles as in the passage the model read
                bad += [b for b in model_problems(doc.text, doc.lang, f, got.value, passage(doc, f))
                        if b not in bad]
                if bad:
                    report.notes.append(f"model answer {got.value!r} refused: {'; '.join(bad)}")
                else:
                    value, report.source, report.evidence = got.value, "model", got.evidence
                    report.notes += got.notes
        if value is None:
            siblings = tuple(ev for (keys, ev) in read_from if keys == f.keys[:-1])
            got = extractive_answer(doc, f, siblings, frozenset(taken))
            passed: set[int] = set()
            why = _out_of_scope(doc, f, got.evidence) if got is not None else None
            # an answer about something else (the company's launch for china.launch): the
            # next-best one, up to three times, but never one of those again
            while why and got.at is not None and len(passed) < 3:
                report.notes.append(f"passed over {got.value!r}: {why}")
                passed.add(got.at)
                got = extractive_answer(doc, f, siblings, frozenset(taken), frozenset(passed))
                why = _out_of_scope(doc, f, got.evidence) if got is not None else None
            if got is not None:
                bad = check(doc, f, got.value, "extractive") or ([why] if why else [])
                if bad:
                    report.notes.append(f"extractive answer refused: {'; '.join(bad)}")
                else:
                    value, report.source, report.evidence = got.value, "extractive", got.evidence
                    report.notes += got.notes
                    if got.at is not None and f.kind == "number":
                        taken.add(got.at)
        if value is not None and f.kind == "number" and report.source == "extractive":
            read_from.append((f.keys[:-1], report.evidence))
        if value is None:
            if "default" in f.schema:
                value, report.source = f.schema["default"], "default"
            elif f.required:
                value, report.source = _placeholder(f), "placeholder"
                report.notes.append("not found in the document: review it before rendering")
        if value is not None:
            _set(data, f.keys, value)
        reports.append(report)
    if doc.written:
        from .width import as_written

        for report in reports:  # quoted in the user's own (full-width) characters
            report.evidence = as_written(report.evidence, doc.written)
    return FillResult(data, doc.lang, "model" if writer else "extractive", reports,
                      model=name, seconds=round(time.perf_counter() - started, 3))


def fill(inputs: Mapping[str, Any], source: str | Document, context: Mapping[str, str] | None = None,
         method: str = "auto", model: str | None = None, lang: str = "auto",
         progress: Any = None) -> FillResult:
    """Fill ``inputs`` from ``source``: a document path, or a :class:`Document`."""
    doc = source if isinstance(source, Document) else read_source(source, lang=lang)
    return fill_document(inputs, doc, context, method, model, progress)


def fill_template(template: Any, source: str, context: Mapping[str, str] | None = None,
                  method: str = "auto", model: str | None = None,
                  host_version: str | None = None) -> FillResult:
    """Fill a template package (path, id or an opened package) from the document ``source``.

    The template must declare ``read:document`` (the user's document is read
    for it) and an ``inputs`` schema.
    """
    from ...render import resolve_template
    from ...template.package import open_template

    pkg = template if hasattr(template, "manifest") else open_template(
        resolve_template(template, sample=False), host_version=host_version)
    need = registry.task("fill").permission
    if need is not None:
        pkg.permissions.require(need, action=f"filling {pkg.id} from {source}")
    inputs = pkg.manifest.get("inputs")
    if not isinstance(inputs, Mapping):
        raise UsageError(f"the template {pkg.id} has no inputs schema to fill",
                         code="usage.fill_schema")
    return fill(inputs, source, context, method, model)
