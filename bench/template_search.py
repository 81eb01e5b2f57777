"""Template search: recall@1 and recall@3 of ``templates search`` on a fixed request set.

Builds a fresh library in a temporary folder - the three bundled samples
(read-only root, signed with the sample key) plus the market packages in
bench/data/templates-search/packages, signed here with a throwaway
publisher key and installed through the real ``Library.add`` - then ranks
every request of bench/data/templates-search/requests.jsonl.  The requests
were written before the ranking was tuned and split at random (seed 19)
into ``tune`` and ``blind``: figures on the blind half are the honest ones
and are printed first.

Usage: python bench/template_search.py [--misses]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from o3local.library import Library, TrustStore
from o3local.library.catalog import search_library
from o3local.library.publish import sign_folder
from o3local.library.signing import generate_key, write_key_pair

DATA = Path(__file__).parent / "data" / "templates-search"


def build_library(tmp: Path) -> Library:
    import shutil

    keys = tmp / "keys"
    keys.mkdir()
    private, public = write_key_pair(generate_key("bench-market"), keys, "bench-market")
    trust = TrustStore(user=tmp / "trust", admin=tmp / "no-admin")
    trust.add(public)
    library = Library(tmp / "lib", trust=trust)
    for folder in sorted((DATA / "packages").iterdir()):
        copy = tmp / "src" / folder.name
        shutil.copytree(folder, copy)
        sign_folder(copy, private)
        library.add(copy)
    return library


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="print every request not ranked first")
    args = parser.parse_args()
    rows = [json.loads(line) for line in (DATA / "requests.jsonl").read_text("utf-8").splitlines() if line]
    with tempfile.TemporaryDirectory() as tmp:
        library = build_library(Path(tmp))
        n_templates = len({r.id for r in library.list()})
        results: dict[str, list[tuple[int | None, dict]]] = {"blind": [], "tune": []}
        started = time.perf_counter()
        for row in rows:
            hits = [h["id"] for h in search_library(library, row["request"], limit=10)]
            rank = hits.index(row["expected"]) + 1 if row["expected"] in hits else None
            results[row["split"]].append((rank, {**row, "got": hits[:3]}))
        per_query_ms = (time.perf_counter() - started) * 1000 / len(rows)
    print(f"{len(rows)} requests over {n_templates} templates ({per_query_ms:.1f} ms per search, "
          "library listing included)")
    for split in ("blind", "tune"):
        ranks = [r for r, _ in results[split]]
        n = len(ranks)
        at1 = sum(1 for r in ranks if r == 1) / n
        at3 = sum(1 for r in ranks if r is not None and r <= 3) / n
        print(f"{split:>5}: n={n}  recall@1 {at1:.1%}  recall@3 {at3:.1%}")
    every = [r for s in results.values() for r, _ in s]
    print(f"  all: n={len(every)}  recall@1 {sum(1 for r in every if r == 1) / len(every):.1%}  "
          f"recall@3 {sum(1 for r in every if r is not None and r <= 3) / len(every):.1%}")
    if args.misses:
        for split in ("blind", "tune"):
            for rank, row in results[split]:
                if rank != 1:
                    print(f"  [{split}] rank {rank}: {row['request']!r} -> expected {row['expected']}, "
                          f"got {row['got']}")


if __name__ == "__main__":
    main()
