"""Evaluate filling templates from documents (issue 20 item 5).

Rows: ``bench/data/fill-eval.jsonl`` (made by ``bench/data/fill_eval_src.py``):
memos for funding-pitch and Chinese reports for report-zh, all about
fictitious companies, each with the gold values a careful person would fill.
The tune/blind split was fixed when the rows were written, before any run;
``--split blind`` prints only the rows no choice was made on.

Scores, per field kind: exact match for numbers (after rounding to 1e-9),
dates and names; ROUGE-1 F1 for prose (Porter-stemmed English, characters
for Chinese).  Faithfulness: facts in the filled data that the document does
not back (every string through the faithfulness guard; every number must be
a number of the document at some scale: x1, x100 for fractions, x1e3/1e6 for
units; an ISO date must be a date of the document); it must be 0.  Placeholder
fields (reported as such, not from the document) are left out of it and
counted against the fill rate instead.  Fill rate: fields answered from the document
(``extractive`` or ``model``) over all fields of the template.

    .venv/bin/python bench/eval_fill.py [--split tune|blind|blind2|all] [--method extractive|model]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / "bench" / "data" / "fill-eval.jsonl"
TEMPLATES = ROOT / "runtime" / "assets" / "templates"
PROSE = re.compile(r"/(headline|tagline|description|note|summary)$")


class CharTokenizer:
    def tokenize(self, text: str) -> list[str]:
        return re.findall(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]", text.lower())


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
    known = [m.value for m in find_mentions(doc.text)] + [float(d.year) for d in doc.dates]

    dates = {d.iso() for d in doc.dates}

    def walk(v, ptr):
        if isinstance(v, bool) or ptr in skip:
            return
        if isinstance(v, (int, float)):
            scales = (1, 100, 1e3, 1e4, 1e6, 1e8)
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
    ap.add_argument("--split", choices=("tune", "blind", "blind2", "all"), default="blind")
    ap.add_argument("--method", choices=("extractive", "model"), default="extractive")
    ap.add_argument("--show", action="store_true", help="print every wrong field")
    args = ap.parse_args()
    from o3local.tasks.fill import fill_document, parse

    rows = [json.loads(line) for line in DATA.open(encoding="utf-8")]
    rows = [r for r in rows if args.split == "all" or r["split"] == args.split]
    totals: dict[str, dict[str, list[float]]] = {}
    fill_rates: dict[str, list[float]] = {}
    facts: dict[str, int] = {}
    seconds: list[float] = []
    for row in rows:
        inputs = json.loads((TEMPLATES / row["template"] / "manifest.json").read_text())["inputs"]
        doc = parse(row["document"], row["id"], markdown=True)
        t0 = time.perf_counter()
        r = fill_document(inputs, doc, method=args.method)
        seconds.append(time.perf_counter() - t0)
        key = f"{row['template']} ({doc.lang})"
        fill_rates.setdefault(key, []).append(r.fill_rate)
        skip = {f.pointer for f in r.fields if f.source in ("placeholder", "default")}
        bad = unfaithful(r.data, doc, skip)
        facts[key] = facts.get(key, 0) + len(bad)
        for b in bad:
            print(f"UNFAITHFUL {row['id']} {b}")
        for ptr, gold in row["gold"].items():
            pred = get(r.data, ptr)
            if PROSE.search(ptr):
                kind, score = "prose (R-1)", rouge1(str(pred or ""), gold, doc.lang)
            else:
                kind = "numbers/dates/names (exact)"
                if isinstance(gold, (int, float)) and isinstance(pred, (int, float)):
                    score = float(abs(pred - gold) <= 1e-9 * max(1, abs(gold)))
                else:
                    score = float(pred == gold)
            totals.setdefault(key, {}).setdefault(kind, []).append(score)
            if args.show and score < 1 and "exact" in kind:
                print(f"WRONG {row['id']} {ptr}: {pred!r} (gold {gold!r})")
    print(f"\nsplit={args.split} method={args.method} rows={len(rows)}")
    print("| template | rows | kind | n | score | fill rate | unfaithful facts |")
    print("|---|---|---|---|---|---|---|")
    for key, kinds in totals.items():
        n_rows = len(fill_rates[key])
        rate = sum(fill_rates[key]) / n_rows
        for kind, scores in kinds.items():
            print(f"| {key} | {n_rows} | {kind} | {len(scores)} | {100 * sum(scores) / len(scores):.1f} "
                  f"| {100 * rate:.1f} % | {facts[key]} |")
    print(f"seconds per document: mean {sum(seconds) / max(1, len(seconds)):.3f}, max {max(seconds):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
