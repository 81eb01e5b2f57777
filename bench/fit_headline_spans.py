"""Fit the Chinese headline-span weights (runtime/tasks/summarize/span_weights.json).

Every candidate clause run of every tuning document (o3local.tasks.summarize.spans)
gets its character ROUGE-1 F1 against the document's headline; a ridge regression
of that score on the candidate's features, centred per document (so it learns
which candidate of a text is better, not which text is easier), gives the weights.
Tuning rows only: all of sum-lcsts2 and sum-csl2 (their blind halves were scored
once in round 4 and are spent) and the tune half of sum-lcsts3; sum-lcsts3's blind
half is never read here.  Before writing, each set is also scored with weights
fitted on the other two (``held out``), the figure closest to an unseen text.

    python bench/fit_headline_spans.py [--write]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from rouge_score import rouge_scorer

from o3local.tasks.summarize import bylines, spans
from o3local.tasks.summarize.segment import split_sentences

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from eval_summarize import CharTokenizer  # noqa: E402

#: (file, split to read: None = every row; never "blind" of an unspent set)
TUNING = {"lcsts2": ("sum-lcsts2.jsonl", None), "csl2": ("sum-csl2.jsonl", None),
          "lcsts3-tune": ("sum-lcsts3.jsonl", "tune")}
RIDGE = 1.0
BUDGET = 40  # headline.DEFAULT_CHARS["zh"]


def rows_of(name: str) -> list[dict]:
    path, split = TUNING[name]
    rows = [json.loads(line) for line in (HERE / "data" / path).open(encoding="utf-8")]
    return [r for r in rows if split is None or r["split"] == split]


def table(name: str, sc: rouge_scorer.RougeScorer) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """Per document: candidate features, candidate R-1, and Lead-1's R-1."""
    out = []
    for row in rows_of(name):
        sentences = [s.text for s in bylines.clean(split_sentences(row["document"], "zh"), "zh")]
        cands = spans.candidates(sentences, BUDGET)
        lead = 100 * sc.score(row["title"], split_sentences(row["document"], "zh")[0].text)[
            "rouge1"].fmeasure
        x = np.array(spans.features(cands, sentences)) if cands else np.zeros((0, len(spans.FEATURES)))
        y = np.array([100 * sc.score(row["title"], c.text)["rouge1"].fmeasure for c in cands])
        out.append((x, y, lead))
    return out


def fit(docs: list[tuple[np.ndarray, np.ndarray, float]]) -> np.ndarray:
    xs = [x - x.mean(0) for x, _, _ in docs if len(x)]
    ys = [y - y.mean() for x, y, _ in docs if len(x)]
    x, y = np.vstack(xs), np.concatenate(ys)
    return np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1]), x.T @ y)


def score(w: np.ndarray, docs: list[tuple[np.ndarray, np.ndarray, float]]) -> tuple[float, float]:
    """Mean R-1 of the chosen candidates (Lead-1 where none fits), and Lead-1's."""
    got = [y[int(np.argmax(np.round(x @ w, 9)))] if len(x) else lead for x, y, lead in docs]
    return float(np.mean(got)), float(np.mean([lead for _, _, lead in docs]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write span_weights.json")
    args = ap.parse_args(argv)
    sc = rouge_scorer.RougeScorer(["rouge1"], tokenizer=CharTokenizer())
    data = {name: table(name, sc) for name in TUNING}
    print("| set | held out (fit on the others) | in-sample (fit on all) | Lead-1 |")
    print("|---|---|---|---|")
    w_all = fit([d for docs in data.values() for d in docs])
    for name, docs in data.items():
        w_out = fit([d for other, ds in data.items() if other != name for d in ds])
        held, lead = score(w_out, docs)
        ins, _ = score(w_all, docs)
        print(f"| {name} ({len(docs)}) | {held:.1f} | {ins:.1f} | {lead:.1f} |")
    if args.write:
        out = {"fitted_by": "bench/fit_headline_spans.py", "ridge": RIDGE, "budget": BUDGET,
               "rows": {n: len(d) for n, d in data.items()},
               "features": list(spans.FEATURES), "weights": [round(float(v), 6) for v in w_all]}
        path = Path(spans.__file__).with_name("span_weights.json")
        path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
