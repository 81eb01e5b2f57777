"""An e-mail's raw source (MIME) read as the message its reader sees.

A message saved from a mail client's "show original" or "save as" (an .eml copied to .txt)
is its MIME source: headers, a ``multipart/alternative`` with a text part and an HTML twin,
each in quoted-printable or base64 ("Quillfeat=" / "her Labs", "=E2=80=94", "30=" / "% go-to-market").
Read as text, a figure is cut by a soft line break and the facts come twice. Here such a
source becomes its headers (From, To, Subject, Date, decoded) and its text part (or, with
none, its HTML part's text), as a mail client shows it.
"""

from __future__ import annotations

import re

__all__ = ["mime_text"]

#: a MIME message's header block: header lines from the first line, MIME-Version or a
#: Content-Type among them
_HEADER_LINE = re.compile(r"[A-Za-z][A-Za-z0-9-]{1,40}:[ \t]")
_SHOWN = ("From", "To", "Cc", "Subject", "Date")


def _is_mime(raw: str) -> bool:
    head = raw.lstrip("\ufeff").replace("\r\n", "\n").split("\n\n", 1)[0]
    lines = [x for x in head.split("\n") if x and not x[0].isspace()]
    return len(lines) >= 2 and all(_HEADER_LINE.match(x) for x in lines) \
        and any(x.lower().startswith(("mime-version:", "content-type:")) for x in lines)


def mime_text(raw: str) -> str | None:
    """The message ``raw`` is the MIME source of, as a reader sees it; None when ``raw`` is no
    MIME source (or holds no text part)."""
    if not _is_mime(raw):
        return None
    import email
    import email.policy

    try:
        msg = email.message_from_string(raw.lstrip("\ufeff").replace("\r\n", "\n"), policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain", "html"))
        if part is None:
            return None
        body = part.get_content()
    except (LookupError, ValueError, TypeError, AttributeError, UnicodeError):
        return None
    if not isinstance(body, str) or not body.strip():
        return None
    if part.get_content_subtype() == "html":
        from .markup import html_text

        body = html_text(body)
    heads = [f"{name}: {msg[name]}" for name in _SHOWN if msg[name]]
    return "\n".join(heads) + "\n\n" + body.replace("\r\n", "\n").strip() + "\n"
