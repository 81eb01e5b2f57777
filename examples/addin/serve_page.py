"""Serve the example add-in page on 127.0.0.1 and print how to open it.

    o3-local serve --origin http://127.0.0.1:8765 &
    python examples/addin/serve_page.py          # prints the page URL to open

The page URL carries the service URL and token (read from the discovery file)
in its fragment, which browsers never send to a server.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--discovery-file", type=Path, default=None)
    args = ap.parse_args()
    from o3local.service.config import default_discovery_file

    disc = args.discovery_file or default_discovery_file()
    origin = f"http://127.0.0.1:{args.port}"
    if not disc.exists():
        sys.exit(f"no service running (no {disc}); start: o3-local serve --origin {origin}")
    doc = json.loads(disc.read_text(encoding="utf-8"))
    print(f"service: {doc['url']} (it must allow this page: o3-local serve --origin {origin})")
    print(f"open: {origin}/index.html#{urlencode({'url': doc['url'], 'token': doc['token']})}")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(HERE))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as httpd:
        httpd.serve_forever()


if __name__ == "__main__":
    main()
