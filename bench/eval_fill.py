"""Evaluate filling templates from documents (issue 20 item 5).

Rows, one of two sets (``--data``):

- ``bench/data/fill-eval.jsonl`` (the default; made by ``bench/data/fill_eval_src.py``,
  written by the filler's author): each row names its ``split`` (tune/blind/blind2).
- ``bench/data/fill-eval2/`` (a folder; written by an evaluation engineer who did not
  read the filler, see its SOURCE.md): ``tune.jsonl`` and ``blind.jsonl.gz``, split by
  row id with ``split.py``.  A row has a Markdown/plain ``document`` or a ``file``
  (.docx, .pptx, .md, .txt in any encoding the CLI reads) read through the same reader
  as ``o3-local render --from``; an optional ``context`` ({industry, audience}) is
  passed as the CLI's ``--context``; ``gold`` maps a JSON pointer to the value a
  careful person would fill, or to null where the document does not give it (arrays
  of objects are lists of objects, scored per item and key; ``{"any": [...]}`` lists
  the right forms of a field that has several, such as a period).

Scores, per field kind: exact match for numbers (after rounding to 1e-9),
dates and names (names after Unicode NFKC and whitespace folding; a list of names,
such as partners, by item F1); ROUGE-1 F1 for prose and lists of sentences
(Porter-stemmed English, characters for Chinese).  Only fields whose gold is
present are scored.

Faithfulness: facts in the filled data that the document does not back (every
string through the faithfulness guard; every number must be a number of the
document at some scale: x1, x100 for fractions, x1e3/1e6 for units; an ISO date
must be a date of the document); it must be 0.  Placeholder fields (reported as
such, not from the document) are left out of it.

Fill rate, two ways: fields answered from the document (``extractive`` or
``model``) over all fields of the template's schema (a field: a scalar, a list of
strings, or a whole array of objects), and over the fields whose gold is present
("fill rate where the document has the answer"); a field reported as answered
from the document but left empty counts as not filled.  A field whose gold is null but
which the filler answered from the document is an *unsupported fill*: it must be 0
unless the document does back it (every one is printed, with the filler's evidence,
for a person to check).

    .venv/bin/python bench/eval_fill.py [--data PATH.jsonl|DIR] [--split tune|blind|blind2|all]
                                        [--method extractive|model] [--show]

``--split blind`` of a set is for its final run only; see the set's SOURCE.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / "bench" / "data" / "fill-eval.jsonl"
TEMPLATES = ROOT / "runtime" / "assets" / "templates"
PROSE = re.compile(r"/(headline|tagline|description|note|summary|label)$")
NUMBER = re.compile(r"^/(market/\w+|traction/(users|arr|growth|retention)|traction/quarters/\d+/(arr|target)"
                    r"|ask/(amount|runway_months)|ask/use_of_funds/\d+/share|products/\d+/(price|margin)"
                    r"|figures/\w+|mix/\d+/share)$")
DATE = re.compile(r"^/(company/founded|traction/since|china/launch|date)$")
LISTS = re.compile(r"/(points|features|paragraphs)$")
NAMES = re.compile(r"^/china/partners$")
EXACT = "numbers/dates/names (exact)"
ROUGE = "prose (R-1)"
FROM_DOC = ("extractive", "model")


class CharTokenizer:
    def tokenize(self, text: str) -> list[str]:
        return re.findall(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]", text.lower())


def kind_of(pointer: str) -> str:
    """number, date, name, names, prose or list: how a gold field is scored."""
    if NUMBER.search(pointer):
        return "number"
    if DATE.search(pointer):
        return "date"
    if NAMES.search(pointer):
        return "names"
    if LISTS.search(pointer):
        return "list"
    if PROSE.search(pointer) and not re.search(r"/quarters/\d+/label$", pointer):
        return "prose"
    return "name"


def _norm(text, lang: str = "en") -> str:
    """Unicode NFKC, one kind of dash, whitespace folded (dropped in Chinese)."""
    text = re.sub(r"[\u2012-\u2015\u2212~\uff5e-]", "-", unicodedata.normalize("NFKC", str(text)))
    return re.sub(r"\s+", "" if lang == "zh" else " ", text).strip()


def flatten_gold(gold: dict) -> dict:
    """Pointer -> scalar (or list of strings), arrays of objects spread per item and key; nulls kept."""
    out: dict = {}
    for ptr, value in gold.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, item in enumerate(value):
                for key, v in item.items():
                    out[f"{ptr}/{i}/{key}"] = v
        else:
            out[ptr] = value
    return out


def _written_tolerance(gold) -> float:
    """Half a unit of the last decimal a gold fraction was written with (3 to 6 decimals).

    A share worked out from a document's amounts may be written rounded in the gold
    (0.2982 for 2,982 of 10,000.4); the filler's exact 0.29819 is the same figure.  Whole
    numbers and full-precision fractions are compared exactly.
    """
    if isinstance(gold, bool) or not isinstance(gold, float):
        return 0.0
    text = repr(gold)
    decimals = len(text.split(".")[1]) if "." in text and "e" not in text else 0
    return 0.5 * 10 ** -decimals if 3 <= decimals <= 6 else 0.0


def score(kind: str, pred, gold, lang: str) -> float:
    """1 for a right field, 0 for a wrong one; ROUGE-1 F1 for prose and lists.

    ``gold`` may be ``{"any": [form, ...]}`` where a field has several right forms
    (a period written as 2025年第三季度 or 2025年7月至9月): the best of them counts."""
    if isinstance(gold, dict) and "any" in gold:
        return max(score(kind, pred, form, lang) for form in gold["any"])
    if kind == "number":
        ok = (isinstance(pred, (int, float)) and not isinstance(pred, bool)
              and abs(pred - gold) <= max(1e-9 * max(1, abs(gold)), _written_tolerance(gold)))
        return float(ok)
    if kind == "date":
        return float(isinstance(pred, str) and pred.strip() == gold)
    if kind == "name":
        return float(isinstance(pred, str) and _norm(pred, lang) == _norm(gold, lang))
    if kind == "names":
        got = {_norm(x, lang) for x in pred} if isinstance(pred, list) else set()
        want = {_norm(x, lang) for x in gold}
        hit = len(got & want)
        return 0.0 if not hit else 2 * hit / (len(got) + len(want))
    if kind == "list":
        pred = "\n".join(map(str, pred)) if isinstance(pred, list) else str(pred or "")
        return rouge1(pred, "\n".join(gold), lang)
    return rouge1(str(pred or ""), str(gold), lang)


def schema_fields(schema: dict, prefix: str = "") -> list[str]:
    """The template's fields: scalars, lists of scalars, and whole arrays of objects."""
    props = schema.get("properties")
    if schema.get("type") == "object" and isinstance(props, dict):
        out: list[str] = []
        for name, sub in props.items():
            out.extend(schema_fields(sub, f"{prefix}/{name}"))
        return out
    return [prefix]


def field_of(pointer: str, fields: list[str]) -> str | None:
    """The schema field ``pointer`` is in (itself, or the array it is an item of)."""
    best = None
    for f in fields:
        if (pointer == f or pointer.startswith(f + "/")) and (best is None or len(f) > len(best)):
            best = f
    return best


def load_rows(data: Path, split: str) -> tuple[list[dict], Path]:
    """The rows of ``split`` and the folder their ``file`` paths are relative to."""
    if data.is_dir():
        parts = ("tune", "blind") if split == "all" else (split,)
        if split not in ("tune", "blind", "all"):
            raise SystemExit(f"{data}: a folder set has the splits tune and blind, not {split!r}")
        rows: list[dict] = []
        for part in parts:
            if part == "tune":
                with (data / "tune.jsonl").open(encoding="utf-8") as fh:
                    rows += [json.loads(line) for line in fh if line.strip()]
            else:
                with gzip.open(data / "blind.jsonl.gz", "rt", encoding="utf-8") as fh:
                    rows += [json.loads(line) for line in fh if line.strip()]
        return rows, data
    with data.open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [r for r in rows if split == "all" or r["split"] == split], data.parent


def read_row(row: dict, folder: Path):
    """The row's Document: its ``file`` through the CLI's ``--from`` reader, or its Markdown text."""
    from o3local.tasks.fill import parse
    from o3local.tasks.fill.document import read_source

    if row.get("file"):
        return read_source(folder / row["file"])
    return parse(row["document"], row["id"], markdown=True)


def rouge1(pred: str, gold: str, lang: str) -> float:
    from rouge_score import rouge_scorer

    sc = (rouge_scorer.RougeScorer(["rouge1"], tokenizer=CharTokenizer()) if lang == "zh"
          else rouge_scorer.RougeScorer(["rouge1"], use_stemmer=True))
    return sc.score(gold, pred)["rouge1"].fmeasure


def get(data, pointer: str):
    node = data
    for part in pointer.strip("/").split("/"):
        if isinstance(node, list):
            try:
                node = node[int(part)]
            except (ValueError, IndexError):
                return None
        elif isinstance(node, dict):
            node = node.get(part)
        else:
            return None
    return node


def unfaithful(data, doc, skip: set[str]) -> list[str]:
    """Facts of the filled data the document does not back (``skip``: placeholder/default fields)."""
    from o3local.tasks.summarize.facts import find_mentions
    from o3local.tasks.summarize.faithfulness import unsupported_facts

    out: list[str] = []
    # the digits of the text, and the figures the filler reads in words ("eighteen months",
    # 百分之十五点三: doc.mentions) -- a figure in words is the document's too
    known = [m.value for m in find_mentions(doc.text)] + [m.value for m in doc.mentions] \
        + [float(d.year) for d in doc.dates]

    dates = {d.iso() for d in doc.dates}

    def near(a: float, b: float, tol: float = 1e-6) -> bool:
        return abs(a - b) <= tol * max(1, abs(a))

    def parts_of_a_total(items) -> set[float]:
        """Shares of an array (a mix) that the document gives as amounts: shares summing to 1
        with a document number T such that each share x T is a document number, at the scale a
        table's header gives its cells (a "收入（万元）" column's 29,800 is 2.98亿 of 5.62亿)."""
        shares = [x.get("share") for x in items if isinstance(x, dict)]
        if not shares or not all(isinstance(x, (int, float)) for x in shares) or not near(sum(shares), 1, 1e-6):
            return set()
        for t in known:
            if t > 0 and any(all(any(near(k * s, x * t, 5e-3) for k in known) for x in shares)
                             for s in (1, 1e3, 1e4, 1e6, 1e8)):
                return set(shares)
        return set()

    backed: set[float] = set()
    for v in data.values() if isinstance(data, dict) else ():
        if isinstance(v, list):
            backed |= parts_of_a_total(v)

    def walk(v, ptr):
        if isinstance(v, bool) or ptr in skip:
            return
        if isinstance(v, (int, float)) and v in backed:
            return
        if isinstance(v, (int, float)):
            scales = (1, 100, 1e3, 1e4, 1e6, 1e8, 1 / 12)  # 1/12: a runway of 2 years is 24 months
            if not any(abs(k - v * s) <= 1e-6 * max(1, abs(k)) or abs(k + v * s) <= 1e-6 * max(1, abs(k))
                       for k in known for s in scales):
                out.append(f"{ptr}: number {v}")
        elif isinstance(v, str):
            if ptr.endswith("/memo"):
                return
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
                if v not in dates:
                    out.append(f"{ptr}: date {v}")
                return
            bad = unsupported_facts(v, doc.text, doc.lang)
            out.extend(f"{ptr}: {b}" for b in bad)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, f"{ptr}/{i}")
        elif isinstance(v, dict):
            for k, x in v.items():
                walk(x, f"{ptr}/{k}")

    walk(data, "")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=DATA,
                    help="a JSONL file with a split per row, or a set's folder (tune.jsonl, blind.jsonl.gz)")
    ap.add_argument("--split", choices=("tune", "blind", "blind2", "all"), default=None,
                    help="default: blind for a JSONL file; a folder set needs it spelled out")
    ap.add_argument("--method", choices=("extractive", "model"), default="extractive")
    ap.add_argument("--show", action="store_true", help="print every wrong field")
    args = ap.parse_args()
    from o3local.tasks.fill import fill_document

    if args.split is None:
        if args.data.is_dir():  # its blind part is scored once: never by accident
            ap.error(f"{args.data} is a folder set: give --split tune (or --split blind, once, "
                     "for the final figures; see its SOURCE.md)")
        args.split = "blind"
    rows, folder = load_rows(args.data, args.split)
    totals: dict[str, dict[str, list[float]]] = {}
    by_kind: dict[str, dict[str, list[float]]] = {}
    rates: dict[str, dict[str, list[int]]] = {}
    facts: dict[str, int] = {}
    unsupported: dict[str, int] = {}
    n_rows: dict[str, int] = {}
    seconds: list[float] = []
    for row in rows:
        inputs = json.loads((TEMPLATES / row["template"] / "manifest.json").read_text())["inputs"]
        fields = schema_fields(inputs)
        doc = read_row(row, folder)
        t0 = time.perf_counter()
        r = fill_document(inputs, doc, row.get("context"), method=args.method)
        seconds.append(time.perf_counter() - t0)
        key = f"{row['template']} ({doc.lang})"
        n_rows[key] = n_rows.get(key, 0) + 1
        reports = {f.pointer: f for f in r.fields}
        source = {}
        for fld in fields:
            rep = reports.get(fld) or next((reports[p] for p in reports if p.startswith(fld + "/")), None)
            source[fld] = rep.source if rep is not None else "missing"
            if source[fld] in FROM_DOC and get(r.data, fld) in (None, "", [], {}):
                source[fld] = "empty"  # reported as found, but nothing was filled in
        rate = rates.setdefault(key, {"all": [0, 0], "present": [0, 0]})
        rate["all"][0] += sum(source[f] in FROM_DOC for f in fields)
        rate["all"][1] += len(fields)
        gold = flatten_gold(row["gold"])
        present: dict[str, bool] = {}
        for ptr, value in gold.items():
            fld = field_of(ptr, fields)
            if fld is not None:
                present[fld] = present.get(fld, False) or value is not None
        for fld, has in present.items():
            if has:
                rate["present"][0] += source[fld] in FROM_DOC
                rate["present"][1] += 1
            elif source[fld] in FROM_DOC:
                unsupported[key] = unsupported.get(key, 0) + 1
                rep = reports.get(fld)
                print(f"UNSUPPORTED {row['id']} {fld}: {get(r.data, fld)!r} "
                      f"(evidence {getattr(rep, 'evidence', '')!r})")
        skip = {f.pointer for f in r.fields if f.source in ("placeholder", "default")}
        # a value equal to its gold is the document's (every gold value was checked against the
        # document by its writer), even where the fact reader below cannot trace it: a table's
        # "ARR ($K) | 3,960" is 3,960,000, "TAM 28B" is 28,000 (USD millions)
        skip |= {ptr for ptr, want in gold.items() if want is not None
                 and kind_of(ptr) not in ("prose", "list") and score(kind_of(ptr), get(r.data, ptr), want, doc.lang) == 1}
        bad = unfaithful(r.data, doc, skip)
        facts[key] = facts.get(key, 0) + len(bad)
        for b in bad:
            print(f"UNFAITHFUL {row['id']} {b}")
        for ptr, want in gold.items():
            if want is None:
                continue
            kind = kind_of(ptr)
            pred = get(r.data, ptr)
            s = score(kind, pred, want, doc.lang)
            group = ROUGE if kind in ("prose", "list") else EXACT
            totals.setdefault(key, {}).setdefault(group, []).append(s)
            by_kind.setdefault(key, {}).setdefault(kind, []).append(s)
            if args.show and s < 1 and group == EXACT:
                print(f"WRONG {row['id']} {ptr}: {pred!r} (gold {want!r})")
    print(f"\ndata={args.data.relative_to(ROOT) if args.data.is_relative_to(ROOT) else args.data} "
          f"split={args.split} method={args.method} rows={len(rows)}")
    print("| template | rows | kind | n | score | fill rate (all fields) | fill rate (gold present) "
          "| unsupported fills | unfaithful facts |")
    print("|---|---|---|---|---|---|---|---|---|")
    for key, kinds in totals.items():
        all_, pres = rates[key]["all"], rates[key]["present"]
        for kind, scores in kinds.items():
            print(f"| {key} | {n_rows[key]} | {kind} | {len(scores)} | {100 * sum(scores) / len(scores):.1f} "
                  f"| {100 * all_[0] / max(1, all_[1]):.1f} % ({all_[0]}/{all_[1]}) "
                  f"| {100 * pres[0] / max(1, pres[1]):.1f} % ({pres[0]}/{pres[1]}) "
                  f"| {unsupported.get(key, 0)} | {facts[key]} |")
    print("\n| template | field kind | n | score |")
    print("|---|---|---|---|")
    for key, kinds in by_kind.items():
        for kind, scores in sorted(kinds.items()):
            print(f"| {key} | {kind} | {len(scores)} | {100 * sum(scores) / len(scores):.1f} |")
    print(f"seconds per document: mean {sum(seconds) / max(1, len(seconds)):.3f}, max {max(seconds, default=0):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
