"""``o3-local serve``: the loopback service for office add-ins."""

from __future__ import annotations

from pathlib import Path

import click

from ._common import handle_errors


@click.command("serve")
@click.option("--port", type=int, default=0, show_default=True,
              help="TCP port on 127.0.0.1 (0: the OS picks one; see the discovery file).")
@click.option("--origin", "origins", multiple=True,
              help="Allow browser pages from this exact origin (repeatable; adds to "
                   "O3_SERVE_ORIGINS). '*' is refused.")
@click.option("--preload", multiple=True, help="Model to load before /ready says ready.")
@click.option("--idle-ttl", type=float, default=None,
              help="Seconds models stay hot without requests [default: 600].")
@click.option("--concurrency", type=int, default=2, show_default=True)
@click.option("--max-waiting", type=int, default=64, show_default=True,
              help="Queued requests beyond which the service answers 503 busy.")
@click.option("--timeout", "timeout_s", type=float, default=120.0, show_default=True,
              help="Longest a request may take.")
@click.option("--max-body", type=int, default=4 * 1024 * 1024, show_default=True,
              help="Largest request body in bytes.")
@click.option("--no-batching", is_flag=True, help="Turn dynamic batching off.")
@click.option("--batch-max", type=int, default=8, show_default=True,
              help="Most requests merged into one model call.")
@click.option("--batch-window-ms", type=float, default=5.0, show_default=True,
              help="How long a request waits for others to batch with.")
@click.option("--discovery-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write URL and token [default: $O3_SERVE_FILE or the user "
                   "runtime dir].")
@handle_errors
def serve(port: int, origins: tuple[str, ...], preload: tuple[str, ...], idle_ttl: float | None,
          concurrency: int, max_waiting: int, timeout_s: float, max_body: int,
          no_batching: bool, batch_max: int, batch_window_ms: float,
          discovery_file: Path | None) -> None:
    """Serve validate/render/summarize/formula/generate on 127.0.0.1 for add-ins."""
    from ..service.config import DEFAULT_IDLE_TTL_S, ServiceConfig, default_discovery_file
    from ..service.server import run

    base = ServiceConfig.__dataclass_fields__["origins"].default_factory()  # type: ignore[misc]
    config = ServiceConfig(port=port, origins=tuple(base) + tuple(o.rstrip("/") for o in origins),
                           preload=preload,
                           idle_ttl_s=DEFAULT_IDLE_TTL_S if idle_ttl is None else idle_ttl,
                           concurrency=concurrency, max_waiting=max_waiting,
                           request_timeout_s=timeout_s, max_body_bytes=max_body,
                           batching=not no_batching, batch_max=batch_max,
                           batch_window_ms=batch_window_ms,
                           discovery_file=discovery_file or default_discovery_file())

    def announce(url: str) -> None:
        click.echo(f"o3-local service on {url} (token in {config.discovery_file})", err=True)

    run(config, on_ready=announce)
