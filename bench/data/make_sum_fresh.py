"""Build the fresh summarization sets of issue 20's fourth and fifth rounds (see sum-fresh.SOURCE.md).

Three sets, none scored before this round, each with a ``tune`` / ``blind`` split
drawn here by a committed seed from row numbers alone, before any row was read
or scored:

- ``sum-scitldr.jsonl`` (English): 200 of the 618 rows of SciTLDR-A's test split
  (github.com/allenai/scitldr, Apache-2.0): a paper's abstract, its author-written
  one-sentence TLDR (the reference) and its title (a one-line headline reference).
- ``sum-lcsts2.jsonl`` (Chinese): 300 of the 1,000 rows of CLGE's LCSTS ``val.tsv``
  (github.com/CLUEbenchmark/CLGE): a Weibo news post and its headline.
- ``sum-csl2.jsonl`` (Chinese): 200 of the 1,000 rows of CLGE's CSL ``val.tsv``: a
  computer-science abstract and its paper title.

Fifth round (``--round 5``): ``sum-lcsts3.jsonl`` (Chinese), 300 of the 1,000 rows of
CLGE's LCSTS ``test.tsv``, drawn with seed 205; rows whose document is also in
``sum-lcsts2.jsonl`` are dropped too.

Sixth round (``--round 6``): ``sum-lcsts4.jsonl`` (Chinese), 400 rows of CLGE's LCSTS
``test.tsv`` drawn with seed 206, less those whose document is already in
``sum-lcsts2.jsonl``, ``sum-lcsts3.jsonl`` or the shared set (about a third are in
sum-lcsts3: both drew from the same 1,000 rows); drawn on 2026-12-05 to judge
Qwen2.5-Coder-1.5B's Chinese headlines against the 0.5B and the clause run.

Seventh round (``--round 7``): ``sum-lcsts5.jsonl`` (Chinese), 400 rows of CLGE's LCSTS
``val.tsv`` drawn with seed 207, less those already in ``sum-lcsts2/3/4.jsonl`` or the shared
set; drawn on 2026-12-05 before any of its rows was read, to judge a few-shot headline prompt.

Eighth round (``--round 8``): ``sum-lcsts6.jsonl`` (Chinese), 300 rows of CLGE's LCSTS
``train.tsv`` (8,666 rows, never used by this bench before) drawn with seed 208, less those
already in ``sum-lcsts2/3/4/5.jsonl`` or the shared set; drawn on 2026-12-05 (fifth session)
before any of its rows was read, for one blind score of that session's headline work.

Ninth round (``--round 9``): ``sum-cnndm-val.jsonl`` (English), 300 of the 1,000 CNN/DailyMail
**validation** articles (3.0.0, the first 1,000 of the split) with their highlights, as kept in
github.com/hillaryke/rag-optimization-cnn-dailymail (MIT), drawn with seed 209 (salt
``cnndm-val``), less those whose document is already in a set this bench uses (the shared
sum-cnndm / sum-xsum, sum-bbc, sum-scitldr); drawn on 2026-12-07 (seventeenth session) before any
row was read, for a blind figure on CNN/DM-style news at a character budget.

Rows whose document is also in a shared set this bench already uses
(../shared/evaldata/sum-lcsts, sum-csl-title), or twice in the sample, are dropped
after the split is drawn (the drop looks at text equality only, never at scores).

    python bench/data/make_sum_fresh.py /work/.mirror/allenai+scitldr/repo \
        /work/.mirror/CLUEbenchmark+CLGE/repo
    python bench/data/make_sum_fresh.py --round 5 /work/.mirror/CLUEbenchmark+CLGE/repo
    python bench/data/make_sum_fresh.py --round 6 /work/.mirror/CLUEbenchmark+CLGE/repo
    python bench/data/make_sum_fresh.py --round 7 /work/.mirror/CLUEbenchmark+CLGE/repo
    python bench/data/make_sum_fresh.py --round 8 /work/.mirror/CLUEbenchmark+CLGE/repo
    python bench/data/make_sum_fresh.py --round 9 /work/.mirror/hillaryke+rag-optimization-cnn-dailymail/repo
"""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / ".." / "shared" / "evaldata"
SCITLDR_COMMIT = "5ccad9c00a60ad75c9e04abf7f27d0f53f983b20"
CLGE_COMMIT = "2fb38e170310698193780fdcd532190dfe6fc5ce"
SEED = 204  # issue 20, round 4
SEED5 = 205  # issue 20, round 5 (sum-lcsts3)
SEED6 = 206  # issue 20, round 6 (sum-lcsts4)
SEED7 = 207  # issue 20, round 7 (sum-lcsts5)
SEED8 = 208  # issue 20, round 8 (sum-lcsts6)
SEED9 = 209  # issue 20, round 9 (sum-cnndm-val)
CNNDM_VAL_COMMIT = "f52af709252f0d34531c980abb98d7ddd45254e5"
CNNDM_VAL_PATH = "data/collection/cnn_dailymail_validation_subset.csv"


def _show(repo: str, commit: str, path: str) -> str:
    return subprocess.run(["git", "-C", repo, "show", f"{commit}:{path}"], check=True,
                          capture_output=True).stdout.decode("utf-8")


def _draw(total: int, take: int, salt: str, seed: int = SEED) -> tuple[list[int], set[int]]:
    """``take`` row numbers of ``total`` and the half of them that is blind, from the seed alone."""
    rng = random.Random(f"{seed}-{salt}")
    picked = sorted(rng.sample(range(total), take))
    blind = set(rng.sample(picked, take // 2))
    return picked, blind


def _shared_docs(name: str) -> set[str]:
    path = SHARED / name / "test.jsonl"
    if not path.is_file():
        return set()
    return {"".join(json.loads(line)["document"].split()) for line in path.open(encoding="utf-8")}


def _local_docs(name: str) -> set[str]:
    """Whitespace-free documents of a set committed in this folder."""
    path = HERE / name
    if not path.is_file():
        return set()
    return {"".join(json.loads(line)["document"].split()) for line in path.open(encoding="utf-8")}


def _write(name: str, rows: list[dict]) -> None:
    out = HERE / name
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    blind = sum(r["split"] == "blind" for r in rows)
    print(f"{out.name}: {len(rows)} rows, {blind} blind")


def scitldr(repo: str) -> None:
    lines = _show(repo, SCITLDR_COMMIT, "SciTLDR-Data/SciTLDR-A/test.jsonl").splitlines()
    picked, blind = _draw(len(lines), 200, "scitldr")
    rows = []
    for i in picked:
        src = json.loads(lines[i])
        rows.append({"id": src["paper_id"], "split": "blind" if i in blind else "tune",
                     "title": src["title"].strip(),
                     "document": " ".join(s.strip() for s in src["source"] if s.strip()),
                     "summary": src["target"][0].strip()})
    _write("sum-scitldr.jsonl", rows)


def clge(repo: str, task: str, take: int, out: str, shared: str, part: str = "val",
         seed: int = SEED, also_not_in: tuple[str, ...] = ()) -> None:
    lines = [ln for ln in _show(repo, CLGE_COMMIT, f"LGECdataset/{task}/{part}.tsv").splitlines()
             if ln.strip()]
    picked, blind = _draw(len(lines), take, task, seed)
    seen = _shared_docs(shared)
    for name in also_not_in:
        seen |= _local_docs(name)
    rows = []
    dropped = 0
    for i in picked:
        title, document = lines[i].split("\t", 1)
        key = "".join(document.split())
        if key in seen:
            dropped += 1
            continue
        seen.add(key)
        rows.append({"id": f"{task}-{part}-{i}", "split": "blind" if i in blind else "tune",
                     "title": title.strip(), "document": document.strip()})
    print(f"{task}: {dropped} rows dropped as already in {', '.join((shared, *also_not_in))} "
          "or repeated")
    _write(out, rows)


def main(scitldr_repo: str, clge_repo: str) -> int:
    scitldr(scitldr_repo)
    clge(clge_repo, "lcsts", 300, "sum-lcsts2.jsonl", "sum-lcsts")
    clge(clge_repo, "csl", 200, "sum-csl2.jsonl", "sum-csl-title")
    return 0


def round5(clge_repo: str) -> int:
    clge(clge_repo, "lcsts", 300, "sum-lcsts3.jsonl", "sum-lcsts", part="test", seed=SEED5,
         also_not_in=("sum-lcsts2.jsonl",))
    return 0


def round6(clge_repo: str) -> int:
    clge(clge_repo, "lcsts", 400, "sum-lcsts4.jsonl", "sum-lcsts", part="test", seed=SEED6,
         also_not_in=("sum-lcsts2.jsonl", "sum-lcsts3.jsonl"))
    return 0


def round7(clge_repo: str) -> int:
    clge(clge_repo, "lcsts", 400, "sum-lcsts5.jsonl", "sum-lcsts", part="val", seed=SEED7,
         also_not_in=("sum-lcsts2.jsonl", "sum-lcsts3.jsonl", "sum-lcsts4.jsonl"))
    return 0


def round8(clge_repo: str) -> int:
    clge(clge_repo, "lcsts", 300, "sum-lcsts6.jsonl", "sum-lcsts", part="train", seed=SEED8,
         also_not_in=("sum-lcsts2.jsonl", "sum-lcsts3.jsonl", "sum-lcsts4.jsonl",
                      "sum-lcsts5.jsonl"))
    return 0


def round9(repo: str) -> int:
    """300 CNN/DM validation articles with highlights, none in a set this bench already uses."""
    csv.field_size_limit(1 << 26)
    table = list(csv.DictReader(io.StringIO(_show(repo, CNNDM_VAL_COMMIT, CNNDM_VAL_PATH))))
    picked, blind = _draw(len(table), 300, "cnndm-val", SEED9)
    seen = _shared_docs("sum-cnndm") | _shared_docs("sum-xsum")
    for name in ("sum-bbc.jsonl", "sum-scitldr.jsonl"):
        seen |= _local_docs(name)
    rows = []
    dropped = 0
    for i in picked:
        src = table[i]
        key = "".join(src["article"].split())
        if key in seen:
            dropped += 1
            continue
        seen.add(key)
        highlights = [h.strip() for h in src["highlights"].split("\n") if h.strip()]
        rows.append({"id": f"cnndm-val-{src['id']}", "split": "blind" if i in blind else "tune",
                     "document": src["article"].strip(), "reference_sentences": highlights})
    print(f"cnndm-val: {dropped} rows dropped as already in a set this bench uses or repeated")
    _write("sum-cnndm-val.jsonl", rows)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--round"] and sys.argv[2:3] == ["9"]:
        sys.exit(round9(sys.argv[3]))
    if sys.argv[1:2] == ["--round"] and sys.argv[2:3] == ["8"]:
        sys.exit(round8(sys.argv[3]))
    if sys.argv[1:2] == ["--round"] and sys.argv[2:3] == ["5"]:
        sys.exit(round5(sys.argv[3]))
    if sys.argv[1:2] == ["--round"] and sys.argv[2:3] == ["6"]:
        sys.exit(round6(sys.argv[3]))
    if sys.argv[1:2] == ["--round"] and sys.argv[2:3] == ["7"]:
        sys.exit(round7(sys.argv[3]))
    sys.exit(main(sys.argv[1], sys.argv[2]))
