"""Search over the library: the newest version of each template the host can run, ranked.

Shared by ``o3-local templates search``, the hook and the service, so that
all three answer the same request with the same list.
"""

from __future__ import annotations

from typing import Any

from .search import Index
from .store import Library, Record, version_key


def newest(records: list[Record], host_version: str | None = None) -> list[Record]:
    """One record per template id: its newest version that ``host_version`` admits."""
    best: dict[str, Record] = {}
    for r in records:
        if not r.admits(host_version):
            continue
        if r.id not in best or version_key(r.version) > version_key(best[r.id].version):
            best[r.id] = r
    return list(best.values())


def search_library(library: Library, query: str, *, limit: int = 10,
                   host_version: str | None = None) -> list[dict[str, Any]]:
    """The templates ``query`` is about, best first, as JSON-ready dicts with their score."""
    records = {r.ref: r for r in newest(library.list(), host_version)}
    hits = Index((ref, r.manifest) for ref, r in records.items()).search(query, limit)
    out = []
    for h in hits:
        r = records[h.key]
        out.append({"id": r.id, "version": r.version, "name": r.manifest.get("name"),
                    "kind": r.manifest.get("kind"), "description": r.manifest.get("description"),
                    "score": h.score, "matched": list(h.matched), "trust": r.trust.get("status"),
                    "readonly": r.readonly})
    return out
