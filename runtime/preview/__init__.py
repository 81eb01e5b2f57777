"""Live preview for template authors: ``o3-local preview TEMPLATE``.

watch.py notices saves, session.py re-renders and keeps the newest frame,
app.py serves the page (page.py) on 127.0.0.1 with the service's security,
server.py binds and runs it.
"""

from .session import DOWNLOAD_FORMATS, Frame, PreviewSession

__all__ = ["DOWNLOAD_FORMATS", "Frame", "PreviewSession"]
