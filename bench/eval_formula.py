"""Formula quality on the shared evaluation sets: execution accuracy, syntax, exact match.

- formula-seed-bilingual (120 requests, en+zh): each table is written to a
  real .xlsx and read back through ``read_sheet``; the answer and the gold
  formula are evaluated with the formula engine on the table and on three
  perturbed copies (numbers redrawn, dates shifted, text columns shuffled), so
  an answer only counts if it computes the right thing, not the right number.
  Also: answered rate, syntax-valid rate of answers, normalized exact match.
- formula-lastmile-repair (273) and formula-flame-completion (500): top-1
  exact match after normalization.
- p50/p95 latency per request.  Data is read-only and never tuned on.
- ``--data bench/data/formula-dev.jsonl``: the same measurement on the
  development set (other sheets, written for tuning the rule reader);
  ``formula-holdout.jsonl`` and ``formula-holdout2.jsonl`` are hold-outs.
  A request whose ``gold_formula`` is null must be refused: a refusal there
  counts as right, any answer as wrong.  "wrong answers" counts every answer
  that does not compute the gold (worse than a refusal).

    python bench/eval_formula.py [--limit N] [--every K] [--method auto|rules|llm]
        [--model NAME] [--trust] [--seed-only] [--data PATH.jsonl|DIR] [--part tune|blind]
        [--verbose] [--target portable|excel-2016|excel-365|wps|libreoffice]

- ``--data bench/data/formula-dev2|formula-dev3|formula-dev4 [--part tune|blind]`` (any
  folder with ``tune.jsonl`` and ``blind.jsonl.gz`` in that format): issue 16's dev sets
  (dev2: 441 requests; dev3: 485 and dev4: 535, each written later by someone who had not
  read the engine's vocabulary; en+zh, per-row items with a target cell).  A "right" answer is
  OUR formula recomputed by LibreOffice headless (filled down the column for a
  per-row item; every check cell) equal to the stored gold values, which
  LibreOffice computed from the gold formula; an item whose ``gold_formula`` is
  null must be refused (refusing is right, any answer is wrong).  All answers are recalculated in
  one batch (bench/formula_lo.py).  Prints right/wrong/refused per language, per
  category and for per-row items, every wrong answer, p50/p95 per request.
  ``--part blind`` is for the final run only (see the set's SOURCE.md).

``--trust`` measures ``auto`` as if ``--model`` were in ``TRUSTED_MODELS``
(rules first, then the model), which is how a model earns its place there.
``--every K`` keeps every K-th en/zh pair (a spread subset when time is short).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from o3local.errors import O3Error, TaskError
from o3local.tasks.formula import formula
from o3local.tasks.formula.engine import evaluate
from o3local.tasks.formula.schema import SheetSchema, col_index, read_sheet
from o3local.tasks.formula.syntax import is_valid, normalize

REPO = Path(__file__).resolve().parents[1]
TARGET = "portable"  # --target: the application the answers are for
EVAL = REPO / ".." / "shared" / "evaldata"


def load(name: str) -> list[dict]:
    path = Path(name) if name.endswith(".jsonl") else EVAL / name / "test.jsonl"
    return [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]


def _cell_value(v: Any) -> Any:
    if isinstance(v, str) and len(v) == 10 and v[4] == "-" and v[7] == "-":
        try:
            return dt.date.fromisoformat(v)
        except ValueError:
            return v
    return v


def perturb(table: dict, seed: int) -> dict:
    """A copy with numbers redrawn, dates shifted and each text column shuffled."""
    rng = random.Random(seed)
    rows = [list(r) for r in table["rows"]]
    for j in range(len(table["header"])):
        col = [r[j] for r in rows]
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in col):
            ints = all(isinstance(v, int) for v in col)
            new = [rng.randint(1, 9) if ints else round(rng.uniform(10, 400), 2) for _ in col]
        elif all(isinstance(_cell_value(v), dt.date) for v in col):
            shift = rng.randint(-40, 40)
            new = [(_cell_value(v) + dt.timedelta(days=shift + rng.randint(0, 9))).isoformat()
                   for v in col]
        else:
            new = col[:]
            rng.shuffle(new)
        for r, v in zip(rows, new, strict=True):
            r[j] = v
    return {**table, "rows": rows}


def write_xlsx(table: dict, path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = table["sheet"]
    start = table["range"].split(":")[0]
    c0, r0 = col_index("".join(ch for ch in start if ch.isalpha())), int("".join(ch for ch in start if ch.isdigit()))
    blocks = [((r0, c0), [table["header"], *table["rows"]])]
    extra = table.get("extra")
    if extra:
        s = extra["range"].split(":")[0]
        blocks.append(((int("".join(ch for ch in s if ch.isdigit())),
                        col_index("".join(ch for ch in s if ch.isalpha()))), extra["rows"]))
    for (r, c), block in blocks:
        for i, row in enumerate(block):
            for j, v in enumerate(row):
                ws.cell(row=r + i, column=c + j, value=_cell_value(v))
    wb.save(path)


def same(a: Any, b: Any) -> bool:
    if isinstance(a, list) or isinstance(b, list):
        a_l = a if isinstance(a, list) else [a]
        b_l = b if isinstance(b, list) else [b]
        return len(a_l) == len(b_l) and all(same(x, y) for x, y in zip(a_l, b_l, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)
    return str(a) == str(b)


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "-"


def seed_eval(limit: int | None, method: str, model: str | None = None, every: int = 1,
              data: str = "formula-seed-bilingual", verbose: bool = False) -> None:
    rows = load(data)[:limit]
    set_name = Path(data).stem if data.endswith(".jsonl") else data
    rows = [r for i, r in enumerate(rows) if (i // 2) % every == 0]
    tmp = Path(tempfile.mkdtemp(prefix="o3-formula-eval-"))
    sheets: dict[str, list[SheetSchema]] = {}
    stats: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    latencies: list[float] = []
    for row in rows:
        key = json.dumps(row["table"], sort_keys=True)
        if key not in sheets:
            variants = [row["table"]] + [perturb(row["table"], s) for s in (1, 2, 3)]
            sheets[key] = []
            for k, t in enumerate(variants):
                path = tmp / f"t{len(sheets)}_{k}.xlsx"
                write_xlsx(t, path)
                sheets[key].append(read_sheet(path))
        copies = sheets[key]
        lang = row["lang"]
        st = stats[lang]
        st["n"] += 1
        start = time.perf_counter()
        try:
            result = formula(row["question"], sheet=copies[0], method=method, model=model,
                             target=TARGET)
            answer = result.formula
        except O3Error:
            answer = None
        latencies.append(time.perf_counter() - start)
        st[f"cat {row.get('category', '?')} n"] += 1
        must_refuse = row.get("gold_formula") is None
        st["must refuse"] += must_refuse
        if answer is None:
            if must_refuse:  # a request that has no right formula: refusing is right
                st["exec"] += 1
                st["refused right"] += 1
                st[f"cat {row.get('category', '?')} exec"] += 1
            elif verbose:
                print(f"REFUSED {row['id']}: {row['question']!r}", file=sys.stderr)
            continue
        st["answered"] += 1
        how = result.method if result.method != "llm" else (
            "llm intent" if result.intent else "llm direct")
        st[f"by {how}"] += 1
        st["valid"] += is_valid(answer)
        if must_refuse:
            st["wrong"] += 1
            if verbose:
                print(f"WRONG (must refuse) {row['id']}: {row['question']!r} -> {answer}",
                      file=sys.stderr)
            continue
        st["exact"] += normalize(answer) == normalize(row["gold_formula"])
        ok = True
        for k, sheet in enumerate(copies):
            got = evaluate(answer, sheet)
            gold = evaluate(row["gold_formula"], sheet)
            if k == 0 and (not gold.ok or not same(gold.value, row["gold_value"])):
                gold_value = row["gold_value"]  # the engine cannot compute the gold: trust its value
                if not got.ok or not same(got.value, gold_value):
                    ok = False
                st["gold_unevaluable"] += 1
                break
            if not got.ok and not gold.ok and got.error == gold.error:
                continue  # the same error on a perturbed copy (an empty FILTER): same behaviour
            if not got.ok or not gold.ok or not same(got.value, gold.value):
                ok = False
                break
        st["exec"] += ok
        st["wrong"] += not ok
        st[f"cat {row.get('category', '?')} exec"] += ok
        if verbose and not ok:
            print(f"WRONG {row['id']}: {row['question']!r} -> {answer}", file=sys.stderr)
        if ok:
            st[f"exec by {how}"] += 1
    print("| set | lang | n | answered | syntax-valid (of answered) | exact match | "
          "execution accuracy | wrong answers | must-refuse refused |")
    print("|---|---|---|---|---|---|---|---|---|")
    for lang, st in sorted(stats.items()):
        print(f"| {set_name} | {lang} | {st['n']} | {pct(st['answered'], st['n'])} | "
              f"{pct(st['valid'], st['answered'])} | {pct(st['exact'], st['n'])} | "
              f"{pct(st['exec'], st['n'])} | {st['wrong']} | "
              f"{st['refused right']}/{st['must refuse']} |")
    for lang, st in sorted(stats.items()):
        print(f"{lang}: answered (right) by rules {st['by rules']} ({st['exec by rules']}), "
              f"llm intent {st['by llm intent']} ({st['exec by llm intent']}), "
              f"llm direct {st['by llm direct']} ({st['exec by llm direct']})")
    for lang, st in sorted(stats.items()):
        cats = sorted(k[4:-2] for k in st if k.startswith("cat ") and k.endswith(" n"))
        print(f"{lang} by category (right/n): " + ", ".join(
            f"{c} {st[f'cat {c} exec']}/{st[f'cat {c} n']}" for c in cats))
    lat = sorted(latencies)
    print(f"\nlatency per request: p50 {1000 * statistics.median(lat):.1f} ms, "
          f"p95 {1000 * lat[int(0.95 * (len(lat) - 1))]:.1f} ms")


def dev2_eval(folder: Path, part: str, method: str, model: str | None, limit: int | None,
              verbose: bool, no_target: bool = False) -> int:
    """Issue 16's dev set: right/wrong/refused by LibreOffice recalculation of our formula."""
    sys.path.insert(0, str(REPO / "bench"))
    import formula_dev2 as dev2
    from formula_lo import recalc

    items = dev2.load(part, folder)[:limit]
    schemas: dict[Path, Any] = {}
    answers: dict[str, str] = {}
    refused: dict[str, str] = {}
    latencies: list[float] = []
    methods: dict[str, str] = {}
    for it in items:
        # the sheet the answer goes in (a workbook may have several: formula-dev4's
        # en_shop.xlsx, zh_cangku.xlsx); the active one when the item names none
        path = (dev2.sheet_path(it, folder), it.get("sheet_name"))
        if path not in schemas:
            try:
                schemas[path] = read_sheet(*path)
            except O3Error as err:
                schemas[path] = err
        start = time.perf_counter()
        try:
            if isinstance(schemas[path], O3Error):
                raise schemas[path]
            result = formula(it["request"], sheet=schemas[path],
                             target_cell=None if no_target else it.get("target"), target=TARGET,
                             method=method, model=model)
            if no_target and it.get("target"):
                # the request placed itself (or not): move its formula to the gold target's
                # row, keeping its columns, so the same cells are recalculated
                if result.fill_range is None:
                    raise TaskError(f"answered as one value, not per row: {result.formula}",
                                    code="eval.not_per_row")
                from openpyxl.formula.translate import Translator

                col = re.match(r"[A-Z]+", result.target_cell).group(0)
                row = re.search(r"\d+$", it["target"]).group(0)
                result.formula = Translator(result.formula, origin=result.target_cell) \
                    .translate_formula(f"{col}{row}")
            answers[it["id"]] = result.formula
            methods[it["id"]] = result.method
        except O3Error as err:
            refused[it["id"]] = f"{err.code}: {err}"
        except Exception as err:  # a bug in the task: counted as refused, listed as a crash
            refused[it["id"]] = f"CRASH {type(err).__name__}: {err}"
        latencies.append(time.perf_counter() - start)
    jobs, job_of = [], {}
    for it in items:
        if it["id"] in answers and it["gold_formula"] is not None:
            job_of[it["id"]] = len(jobs)
            jobs.append({"sheet": str(dev2.sheet_path(it, folder)), "sheet_name": it["sheet_name"],
                         "cells": dev2.placed(answers[it["id"]], it), "read": it["check_cells"]})
    t0 = time.perf_counter()
    values = recalc(jobs)
    recalc_s = time.perf_counter() - t0
    stats: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    wrong_lines = []
    for it in items:
        keys = [f"lang {it['lang']}", f"category {it['category']}", "all"]
        keys += [f"per-row {it['lang']}", "per-row all"] if it.get("target") else []
        if it["gold_formula"] is None:  # a request with no right formula: only a refusal is right
            verdict = "right" if it["id"] not in answers else "wrong"
            if verdict == "wrong":
                wrong_lines.append(f"- `{it['id']}` ({it['lang']}, {it['category']}) {it['request']!r}: "
                                   f"`{answers[it['id']]}`; must be refused")
        elif it["id"] in answers:
            got = values[job_of[it["id"]]]
            ok = all(dev2.agree(got[c], g) for c, g in it["gold_values"].items())
            verdict = "right" if ok else "wrong"
            if not ok:
                wrong_lines.append(
                    f"- `{it['id']}` ({it['lang']}, {it['category']}) {it['request']!r}"
                    + (f" @ {it['target']}" if it.get("target") else "")
                    + f": `{answers[it['id']]}` -> {list(got.values())}; gold `{it['gold_formula']}`"
                    f" -> {list(it['gold_values'].values())}")
        else:
            verdict = "refused"
            if verbose:
                print(f"REFUSED {it['id']}: {it['request']!r}: {refused[it['id']]}", file=sys.stderr)
        for k in keys:
            stats[k]["n"] += 1
            stats[k][verdict] += 1
            if it["id"] in answers:
                stats[k][f"{verdict} by {methods[it['id']]}"] += 1
    name = f"{folder.name} {part}"
    print(f"## {name}: method {method}" + (f", model {model}" if model else "") + f", n {len(items)}")
    print()
    print("| slice | n | right | wrong | refused | right % | wrong % |")
    print("|---|---|---|---|---|---|---|")
    order = (["all", "lang en", "lang zh", "per-row all", "per-row en", "per-row zh"]
             + sorted(k for k in stats if k.startswith("category ")))
    for k in order:
        st = stats.get(k)
        if not st:
            continue
        print(f"| {k} | {st['n']} | {st['right']} | {st['wrong']} | {st['refused']} | "
              f"{pct(st['right'], st['n'])} | {pct(st['wrong'], st['n'])} |")
    by = ", ".join(f"{k[9:]} {v}" for k, v in sorted(stats["all"].items()) if k.startswith("right by"))
    print(f"\nright answers by method: {by or '-'}")
    lat = sorted(latencies) or [0.0]
    print(f"latency per request: p50 {1000 * statistics.median(lat):.1f} ms, "
          f"p95 {1000 * lat[int(0.95 * (len(lat) - 1))]:.1f} ms, max {1000 * lat[-1]:.1f} ms; "
          f"LibreOffice recalculation of {len(jobs)} answers: {recalc_s:.1f} s")
    if verbose:
        print(f"\nwrong answers ({len(wrong_lines)}):")
        print("\n".join(wrong_lines) or "- none")
    else:  # a blind part scored as a carry check must not show its requests (--verbose lists them)
        print(f"\nwrong answers: {len(wrong_lines)} (--verbose lists them)")
    return 0


def exact_eval(name: str, mode: str, limit: int | None, method: str,
               model: str | None = None) -> None:
    rows = load(name)[:limit]
    hits = answered = 0
    latencies = []
    for row in rows:
        start = time.perf_counter()
        try:
            out = formula(row["question"], mode=mode, method=method, model=model).formula
            answered += 1
        except O3Error:
            out = None
        latencies.append(time.perf_counter() - start)
        hits += out is not None and normalize(out) == normalize(row["gold_formula"])
    lat = sorted(latencies)
    print(f"| {name} | {mode} | {len(rows)} | answered {pct(answered, len(rows))} | "
          f"top-1 exact {pct(hits, len(rows))} | p50 {1000 * statistics.median(lat):.1f} ms | "
          f"p95 {1000 * lat[int(0.95 * (len(lat) - 1))]:.1f} ms |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--method", default="auto", choices=["auto", "rules", "llm"])
    ap.add_argument("--model", default=None, help="local model name (default: the task's)")
    ap.add_argument("--trust", action="store_true",
                    help="let auto use --model as if it were in TRUSTED_MODELS")
    ap.add_argument("--every", type=int, default=1, help="keep every K-th en/zh pair")
    ap.add_argument("--seed-only", action="store_true", help="skip repair and completion")
    ap.add_argument("--data", default="formula-seed-bilingual",
                    help="generation set: a shared set's name or a .jsonl path "
                         "(bench/data/formula-dev.jsonl is the development set)")
    ap.add_argument("--no-target", action="store_true",
                    help="with a dev-set folder: ask per-row requests without their target cell "
                         "(the request must place itself, e.g. 'in a new column')")
    ap.add_argument("--part", default="tune", choices=["tune", "blind"],
                    help="with --data DIR (formula-dev2, formula-dev3): which part "
                         "(blind: the final run only, see the set's SOURCE.md)")
    ap.add_argument("--verbose", action="store_true", help="print each refusal (stderr) and list each wrong answer")
    ap.add_argument("--target", default="portable",
                    help="application the formulas are for (portable, excel-2016, excel-365, wps, libreoffice)")
    args = ap.parse_args(argv)
    global TARGET
    TARGET = args.target
    if args.trust:
        import o3local.tasks.formula as formula_module
        from o3local.models import resolve_model

        formula_module.TRUSTED_MODELS = formula_module.TRUSTED_MODELS | {
            resolve_model(args.model, "formula-generation")}
    if Path(args.data).is_dir():
        return dev2_eval(Path(args.data), args.part, args.method, args.model, args.limit,
                         args.verbose, no_target=args.no_target)
    if not args.data.endswith(".jsonl") and not EVAL.is_dir():
        print(f"evaluation data not found at {EVAL}", file=sys.stderr)
        return 1
    seed_eval(args.limit, args.method, args.model, args.every, args.data, args.verbose)
    if args.seed_only:
        return 0
    print()
    print("| set | mode | n | answered | top-1 exact | p50 | p95 |")
    print("|---|---|---|---|---|---|---|")
    exact_eval("formula-lastmile-repair", "repair", args.limit, args.method, args.model)
    exact_eval("formula-flame-completion", "complete", args.limit, args.method, args.model)
    return 0


if __name__ == "__main__":
    sys.exit(main())
