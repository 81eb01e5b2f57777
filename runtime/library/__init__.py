"""The local template library: installed market packages, their publishers' signatures,
the host versions they run on, the user's consent, and search by what the user asks for.

``store`` installs and lists packages, ``digest`` and ``signing`` prove who
published them and that nothing changed, ``trust`` says whose keys count,
``consent`` remembers what the user allowed, ``search`` ranks templates for a
request, and ``resolve`` is what ``render ID`` goes through.  Importing this
package costs no cryptography (loaded when a signature is checked).
"""

from __future__ import annotations

from .consent import ConsentRequired, ConsentStore
from .resolve import resolve_for_render
from .store import Library, Record
from .trust import TrustStore

__all__ = ["ConsentRequired", "ConsentStore", "Library", "Record", "TrustStore", "resolve_for_render"]
