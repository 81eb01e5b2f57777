"""Summarization quality on public data: ROUGE-1/2/Lsum against baselines.

Runs, on the shared evaluation sets (read-only, never trained on): Lead-k (the
first k sentences), LexRank (pure centrality, no position prior), and
o3-local's ``summarize(method=...)``, all in the same run with the same
sentence splitter, and prints ROUGE F1 x100 and latency per 1,000 input
characters.  Sets whose references are headline-like (LCSTS, CSL titles)
ask for ``style="headline"``; for them a "lead-1 cut" baseline (the first
sentence cut to the same budget at a clause boundary) shows how much of the
gain is length alone.  Two settings were chosen on the even rows of these sets
(the position prior and the headline budget, see o3local.tasks.summarize);
``--rows odd`` scores only the rows no choice was made on.  English uses rouge-score's Porter stemmer; Chinese uses a
character tokenizer (rouge-score's default tokenizer drops CJK and scores 0).
The ROUGE code is first checked on the BART outputs stored in sum-cnndm
(published-equivalent ~45/22/42).

Two more sets live in this repository with their own split (bench/data/
sum-bbc.jsonl, see sum-bbc.SOURCE.md): ``bbc-summary`` (BBC News articles,
extractive reference summaries) and ``bbc-title`` (the same articles, their
titles as one-line references).  Fresh sets of the fourth round (bench/data/
sum-fresh.SOURCE.md, split by make_sum_fresh.py): ``scitldr`` (scientific
abstracts against their author's one-sentence TLDR; ``scitldr-title`` against
the paper's title), ``lcsts2-title`` (LCSTS posts from CLGE's val split) and
``csl2-title`` (CSL abstracts and titles from CLGE's val split); of the fifth round
``lcsts3-title`` (LCSTS posts from CLGE's test split; its blind half is read only with
``--score-blind-once``, see ``UNSPENT``); of the sixth ``lcsts4-title`` (more of CLGE's
LCSTS test split, none in sum-lcsts2/3; blind half scored once at 74e16e9, spent); of the
seventh ``lcsts5-title`` (CLGE's LCSTS val split, none in sum-lcsts2/3/4; blind half scored once at 38aa456, spent); of the eighth ``lcsts6-title`` (CLGE's LCSTS train
split, none in sum-lcsts2..5; blind half scored once at 5773fbb, spent); of the ninth
``cnndm-val`` (300 CNN/DailyMail validation articles with highlights; blind half scored once
at 7ef82a3, spent).  ``--rows tune`` is their tune half and the
even rows of the shared sets, ``--rows blind`` their blind half and the odd
rows.  ``--budget N`` holds every paragraph system to N characters, with
"lead-k cut" (the lead cut to N at a word) as the baseline at that length;
``extractive-lexrank`` and ``extractive-directed`` force the ranking a tight
budget gets (on a one-line set ``extractive-lexrank``, ``extractive-lead`` and
``extractive-spans`` force the ranked, the lead or, in Chinese, the clause-run headline) (the figures in runtime/tasks/summarize/measured.py, which
``auto`` reads, come from these runs on the tune rows).

    python bench/eval_summarize.py [--limit N] [--sets sum-cnndm,bbc-summary] [--rows tune]
        [--budget 250] [--methods ...]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from rouge_score import rouge_scorer

from o3local.tasks.summarize import extract, headline, measured, summarize
from o3local.tasks.summarize.segment import split_sentences

REPO = Path(__file__).resolve().parents[1]
EVAL = REPO / ".." / "shared" / "evaldata"
#: sets committed in this repository with their own tune/blind split (see SOURCE.md there)
DATA = REPO / "bench" / "data"
LOCAL = {"bbc-summary": DATA / "sum-bbc.jsonl",
         "bbc-title": DATA / "sum-bbc.jsonl",
         # fresh rows of issue 20's fourth round (sum-fresh.SOURCE.md)
         "scitldr": DATA / "sum-scitldr.jsonl",
         "scitldr-title": DATA / "sum-scitldr.jsonl",
         "lcsts2-title": DATA / "sum-lcsts2.jsonl",
         "csl2-title": DATA / "sum-csl2.jsonl",
         # fresh rows of the fifth round (sum-fresh.SOURCE.md, make_sum_fresh.py --round 5)
         "lcsts3-title": DATA / "sum-lcsts3.jsonl",
         # the sixth round (make_sum_fresh.py --round 6): Qwen 1.5B's Chinese headlines
         "lcsts4-title": DATA / "sum-lcsts4.jsonl",
         # the seventh (make_sum_fresh.py --round 7): a few-shot headline prompt
         "lcsts5-title": DATA / "sum-lcsts5.jsonl",
         # the eighth (make_sum_fresh.py --round 8): the fifth session's headline work
         "lcsts6-title": DATA / "sum-lcsts6.jsonl",
         # the ninth (make_sum_fresh.py --round 9): CNN/DM validation news at a budget
         "cnndm-val": DATA / "sum-cnndm-val.jsonl"}

#: set -> (language, Lead-k, sentences the system may use)
SETS = {
    "sum-cnndm": ("en", 3),
    "sum-xsum": ("en", 1),
    "sum-lcsts": ("zh", 1),
    "sum-csl-title": ("zh", 1),
    "bbc-summary": ("en", 3),
    "bbc-title": ("en", 1),
    "scitldr": ("en", 3),
    "scitldr-title": ("en", 1),
    "lcsts2-title": ("zh", 1),
    "csl2-title": ("zh", 1),
    "lcsts3-title": ("zh", 1),
    "lcsts4-title": ("zh", 1),
    "lcsts5-title": ("zh", 1),
    "lcsts6-title": ("zh", 1),
    "cnndm-val": ("en", 3),
}
#: sets whose blind half has not been scored yet: left out of the default --sets, and
#: their blind rows are read only with --score-blind-once (the round's one final score)
#: (lcsts3-title: scored once at b69f9eb; lcsts4-title at 74e16e9; lcsts5-title at 38aa456;
#: lcsts6-title at 5773fbb; cnndm-val at 7ef82a3)
UNSPENT: set[str] = set()
#: how many answers each method actually gave (abstractive ones the guard
#: threw out come back as extractive)
USED: Counter[str] = Counter()
#: sets whose references are a headline-like line (XSum's are one full sentence)
ONE_LINE = {"sum-lcsts", "sum-csl-title", "bbc-title", "scitldr-title", "lcsts2-title",
            "csl2-title", "lcsts3-title", "lcsts4-title", "lcsts5-title", "lcsts6-title"}
#: the local model --model names (None: the first installed one that writes the language)
MODEL: list[str | None] = [None]


class CharTokenizer:
    """One token per non-space character (CJK) or per Latin word/number run."""

    def tokenize(self, text: str) -> list[str]:
        return re.findall(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]", text.lower())


def scorer(lang: str) -> rouge_scorer.RougeScorer:
    types = ["rouge1", "rouge2", "rougeLsum"]
    if lang == "zh":
        return rouge_scorer.RougeScorer(types, tokenizer=CharTokenizer())
    return rouge_scorer.RougeScorer(types, use_stemmer=True)


def _lines(sentences: list[str]) -> str:
    """rougeLsum splits summaries at newlines."""
    return "\n".join(sentences)


def load(name: str) -> list[dict]:
    path = LOCAL.get(name, EVAL / name / "test.jsonl")
    return [json.loads(line) for line in path.open(encoding="utf-8")]


def pick_rows(name: str, rows: list[dict], which: str) -> list[dict]:
    """The rows of ``which`` split: tune/blind for the committed sets, even/odd for the shared ones."""
    if which == "all":
        return rows
    if name in LOCAL:
        want = {"even": "tune", "odd": "blind"}.get(which, which)
        return [r for r in rows if r["split"] == want]
    if which in ("tune", "blind"):  # the shared sets were tuned on their even rows
        which = {"tune": "even", "blind": "odd"}[which]
    return rows[0::2] if which == "even" else rows[1::2]


def reference(row: dict, lang: str, one_line: bool = False) -> str:
    if one_line and "title" in row:
        return row["title"]
    if "reference_sentences" in row:
        return _lines(row["reference_sentences"])
    ref = row.get("reference", row.get("summary", ""))
    return _lines([s.text for s in split_sentences(ref, lang)] or [ref])


def rouge(sc: rouge_scorer.RougeScorer, pairs: list[tuple[str, str]]) -> tuple[float, ...]:
    scores = [sc.score(ref, hyp) for ref, hyp in pairs]
    return tuple(
        100 * statistics.fmean(s[k].fmeasure for s in scores) for k in ("rouge1", "rouge2", "rougeLsum")
    )


def check_rouge(limit: int | None) -> tuple[float, ...]:
    rows = load("sum-cnndm")[:limit]
    sc = scorer("en")
    pairs = []
    for row in rows:
        bart = row["system_summaries"]["bart"]
        # BART's outputs are lower-cased and tokenized ("friday . the club"), so
        # split them at every sentence mark rather than with the cased splitter
        pairs.append((reference(row, "en"), _lines(re.split(r"(?<=[.!?])\s+", bart.strip()))))
    return rouge(sc, pairs)


def cut_to(text: str, budget: int, lang: str) -> str:
    """``text`` cut to ``budget`` characters at a word boundary (English)."""
    if len(text) <= budget:
        return text
    cut = text[:budget]
    if lang == "en" and " " in cut and not text[budget].isspace():
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip()


def systems(lang: str, k: int, one_line: bool, budget: int | None = None):
    """name -> function(document) -> list of summary sentences.

    With ``budget`` (characters) every paragraph system writes at most that
    much, and "lead-k cut" is the first k sentences cut to the same budget.
    """
    style = "headline" if one_line else "paragraph"

    def lead(doc: str) -> list[str]:
        return [s.text for s in split_sentences(doc, lang)[:k]]

    def lead_budget(doc: str) -> list[str]:
        return [cut_to(("" if lang == "zh" else " ").join(lead(doc)), budget or 0, lang)]

    def lead_cut(doc: str) -> list[str]:
        first = lead(doc)[0]
        return [headline.compress(first, lang, headline.DEFAULT_CHARS[lang]) or first]

    def lexrank(doc: str) -> list[str]:
        if budget and not one_line:
            return extract(doc, lang, budget, position_weight=0.0).sentences
        return extract(doc, lang, 100_000, max_sentences=k, position_weight=0.0).sentences

    def method(name: str):
        def run(doc: str) -> list[str]:
            # the model writes to the same length budget as the Lead-k baseline
            if one_line:
                chars = None  # the headline's own budget
            elif budget:
                chars = budget
            elif name == "abstractive":
                chars = max(20, len(" ".join(lead(doc))))
            else:
                chars = 100_000
            result = summarize(doc, lang=lang, max_chars=chars, style=style, method=name,
                               model=MODEL[0] if name != "extractive" else None,
                               max_sentences=None if budget and not one_line else k)
            USED[result.method] += 1
            return result.sentences
        return run

    def ranking(kind: str):
        def run(doc: str) -> list[str]:
            # the extractive summary with the tight-budget ranking (a headline: the ranked
            # or the lead headline) forced: measured.py's rows
            if one_line:
                return extract(doc, lang, headline.DEFAULT_CHARS[lang], style="headline",
                               ranking=kind).sentences
            return extract(doc, lang, budget or 100_000, max_sentences=None if budget else k,
                           ranking=kind).sentences
        return run

    out = {
        f"lead-{k}": lead,
        measured.EXTRACTIVE + "-lexrank": ranking(measured.EXTRACTIVE),
        measured.DIRECTED: ranking(measured.DIRECTED),
        measured.LEAD: ranking(measured.LEAD),
        measured.SPANS: ranking(measured.SPANS),
        "lexrank": lexrank,
        "extractive": method("extractive"),
        "auto": method("auto"),
        "abstractive": method("abstractive"),  # the local LLM, faithfulness guard on
    }
    if one_line:
        out = {f"lead-{k}": lead, f"lead-{k} cut": lead_cut, **{n: f for n, f in out.items()
                                                               if n != f"lead-{k}"}}
    elif budget:
        out = {f"lead-{k}": lead, f"lead-{k} cut": lead_budget,
               **{n: f for n, f in out.items() if n != f"lead-{k}"}}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="rows per set (default: all)")
    ap.add_argument("--sets", default=",".join(n for n in SETS if n not in UNSPENT))
    ap.add_argument("--rows", choices=("all", "even", "odd", "tune", "blind"), default="all",
                    help="blind (= odd on the shared sets): only the rows no setting was chosen on")
    ap.add_argument("--budget", type=int, default=None,
                    help="paragraph sets: every system writes at most this many characters "
                    "(lead-k cut = the lead cut to it)")
    ap.add_argument("--methods",
                    default="lead-1,lead-1 cut,lead-3,lead-3 cut,lexrank,extractive,auto",
                    help="systems to run (comma list; add abstractive to score the local LLM)")
    ap.add_argument("--model", default=None, help="the local model for abstractive/auto")
    ap.add_argument("--score-blind-once", action="store_true",
                    help=f"allow the blind rows of a set not yet scored ({', '.join(sorted(UNSPENT))})")
    args = ap.parse_args(argv)
    unspent = UNSPENT & set(args.sets.split(","))
    if unspent and args.rows not in ("tune", "even") and not args.score_blind_once:
        print(f"{', '.join(sorted(unspent))}: blind rows not scored yet; use --rows tune, or "
              "--score-blind-once for the round's one final score", file=sys.stderr)
        return 2
    MODEL[0] = args.model
    if not EVAL.is_dir():
        print(f"evaluation data not found at {EVAL}", file=sys.stderr)
        return 1
    r1, r2, rl = check_rouge(args.limit)
    print(f"ROUGE check: BART on sum-cnndm = {r1:.1f}/{r2:.1f}/{rl:.1f} (expected ~45/22/42)")
    print()
    print("| set | system | n | ROUGE-1 | ROUGE-2 | ROUGE-Lsum | ms / 1k chars | written by |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.sets.split(","):
        lang, k = SETS[name]
        rows = pick_rows(name, load(name), args.rows)[: args.limit]
        sc = scorer(lang)
        refs = [reference(r, lang, name in ONE_LINE) for r in rows]
        for sys_name, fn in systems(lang, k, name in ONE_LINE, args.budget).items():
            if args.methods and sys_name not in args.methods.split(","):
                continue
            hyps = []
            USED.clear()
            start = time.perf_counter()
            for row in rows:
                hyps.append(_lines(fn(row["document"])))
            elapsed = time.perf_counter() - start
            chars = sum(len(r["document"]) for r in rows)
            s1, s2, sl = rouge(sc, list(zip(refs, hyps, strict=True)))
            per_k = 1000 * elapsed / (chars / 1000)
            by = ", ".join(f"{m} {n}" for m, n in sorted(USED.items())) or sys_name
            print(f"| {name} | {sys_name} | {len(rows)} | {s1:.1f} | {s2:.1f} | {sl:.1f} "
                  f"| {per_k:.2f} | {by} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
