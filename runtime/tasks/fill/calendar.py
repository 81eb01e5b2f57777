"""A calendar invite's text (an .ics export pasted or saved as text): what the invite says.

An iCalendar file (RFC 5545) folds its lines at 75 octets (a line that starts with a space or a
tab goes on with the line before it, even inside a word), escapes commas, semicolons and line
breaks in its values (``\\,``, ``\\;``, ``\\n``), and wraps the words a person wrote (the
event's SUMMARY, its DESCRIPTION, where it is) in machine lines (UID, DTSTAMP, alarms) whose
numbers are no one's figures.  A filler reads the person's words: the summary as the title, then
the description and the location.
"""

from __future__ import annotations

import re

__all__ = ["calendar_text"]

#: the properties a person writes, in the order they are read
_WRITTEN = ("SUMMARY", "DESCRIPTION", "LOCATION")
_PROPERTY = re.compile(r"^([A-Z][A-Z-]*)(?:;[^:\n]*)?:(.*)$")


def _unescape(value: str) -> str:
    return re.sub(r"\\([nN,;\\])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def calendar_text(raw: str) -> str | None:
    """The written parts of an iCalendar ``raw`` text (None when it is no calendar): the first
    event's SUMMARY as a title line, then its DESCRIPTION and LOCATION, unfolded and unescaped."""
    if not re.search(r"^BEGIN:V(?:CALENDAR|EVENT)\s*$", raw, re.M):
        return None
    unfolded = re.sub(r"\r?\n[ \t]", "", raw.replace("\r\n", "\n"))
    found: dict[str, str] = {}
    depth = 0  # inside the event itself, not an alarm or a time zone within it
    for line in unfolded.split("\n"):
        m = _PROPERTY.match(line.strip())
        if m is None:
            continue
        name, value = m.group(1), m.group(2)
        if name == "BEGIN":
            depth += value.strip() != "VCALENDAR"
            continue
        if name == "END":
            depth -= value.strip() != "VCALENDAR"
            continue
        if depth == 1 and name in _WRITTEN and name not in found:
            found[name] = _unescape(value).strip()
    if not found:
        return None
    parts = [found[k] for k in _WRITTEN if found.get(k)]
    return "\n\n".join(parts) + "\n"
