"""Build bench/data/sum-bbc.jsonl from the public BBC News Summary corpus.

Source: github.com/adamchristiansen/text-summarizer (MIT), ``corpus/`` at commit
ef6fe93: 100 BBC News articles (2004-2005, 20 per topic) with the extractive
summaries of Pariza Sharif's "BBC News Summary" (Kaggle, CC0), themselves built
from D. Greene and P. Cunningham's BBC dataset (ICML 2006).  Each article's
first line is its title: the ``title`` task (one-line headline) and the
``summary`` task (a paragraph) are both scored from the same rows.

The split is drawn here, by a committed seed, from the file names alone before
any row was read: ``tune`` rows may be looked at and tuned on, ``blind`` rows
are scored once at the end.

    python bench/data/make_sum_bbc.py /work/.mirror/adamchristiansen+text-summarizer/repo
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

COMMIT = "ef6fe93"
SEED = 20  # issue 20
TOPICS = ("business", "entertainment", "politics", "sport", "tech")
OUT = Path(__file__).with_name("sum-bbc.jsonl")


def _show(repo: str, path: str) -> str:
    return subprocess.run(["git", "-C", repo, "show", f"{COMMIT}:{path}"], check=True,
                          capture_output=True).stdout.decode("utf-8", errors="replace")


def main(repo: str) -> int:
    ids = [f"{t}/{i:03d}" for t in TOPICS for i in range(1, 21)]
    rng = random.Random(SEED)
    blind = set(rng.sample(ids, len(ids) // 2))
    rows = []
    for rid in ids:
        lines = _show(repo, f"corpus/article/{rid}.txt").strip().splitlines()
        title, body = lines[0].strip(), "\n".join(lines[1:]).strip()
        summary = [s.strip() for s in _show(repo, f"corpus/summary/{rid}.txt").splitlines()
                   if s.strip()]
        rows.append({"id": rid, "split": "blind" if rid in blind else "tune", "title": title,
                     "document": body, "reference_sentences": summary})
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} rows, {len(blind)} blind -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
