"""The canonical digest of a template package: what a publisher signs.

A signature must cover every byte a renderer could read, and the same
package must digest the same whether it arrives as a folder or as a ``.o3t``
zip (zip timestamps, entry order and compression do not count).  The digest
is therefore taken over a canonical listing - every file's package path,
size and sha256, sorted by path - prefixed with a format tag so that a later
digest format can never be confused with this one.  The signature file
itself (``SIGNATURE.json``) is the one file left out: it cannot sign itself.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..template.source import PackageSource

#: tag hashed in front of the listing; bump it (v2...) if the listing ever changes
DIGEST_FORMAT = "o3t-digest-v1"
#: the package file that carries the publisher's signature (excluded from the digest)
SIGNATURE_NAME = "SIGNATURE.json"


@dataclass(frozen=True)
class FileEntry:
    """One file of a package as the digest sees it."""

    size: int
    sha256: str

    def to_dict(self) -> dict[str, int | str]:
        return {"size": self.size, "sha256": self.sha256}


Listing = dict[str, FileEntry]


def listing_of(source: PackageSource) -> Listing:
    """Every file of ``source`` but the signature, with its size and sha256 (read in full)."""
    out: Listing = {}
    for name in sorted(source.files()):
        if name == SIGNATURE_NAME:
            continue
        data = source.read_bytes(name)
        out[name] = FileEntry(len(data), hashlib.sha256(data).hexdigest())
    return out


def digest_of_listing(listing: Listing) -> str:
    """``sha256:<hex>`` over the format tag and the sorted ``path NUL size NUL sha256`` lines."""
    h = hashlib.sha256(DIGEST_FORMAT.encode("ascii") + b"\n")
    for name in sorted(listing):
        entry = listing[name]
        h.update(name.encode("utf-8") + b"\0" + str(entry.size).encode("ascii") + b"\0"
                 + entry.sha256.encode("ascii") + b"\n")
    return f"sha256:{h.hexdigest()}"


def package_digest(source: PackageSource) -> tuple[str, Listing]:
    """The canonical digest of a package and the listing it was computed from."""
    listing = listing_of(source)
    return digest_of_listing(listing), listing
