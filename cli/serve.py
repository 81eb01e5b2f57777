"""``o3-local serve``: the loopback service for office add-ins."""

from __future__ import annotations

from pathlib import Path

import click

from ._common import handle_errors, json_option


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
@click.option("--files-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder requests read from and, by default, write to; relative paths start "
                   "here [default: $O3_SERVE_FILES_DIR or Documents/o3-local].")
@click.option("--read-dir", "read_dirs", multiple=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="A further folder requests may read templates, data and sheets from (repeatable).")
@click.option("--output-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The only folder /v1/render may write to [default: the files folder].")
@click.option("--header-timeout", type=float, default=10.0, show_default=True,
              help="Seconds a connection has to send a complete request head.")
@click.option("--body-timeout", type=float, default=30.0, show_default=True,
              help="Seconds a request body has to arrive completely.")
@click.option("--max-connections", type=int, default=512, show_default=True,
              help="Open connections; past it the longest-idle half-open one is closed.")
@json_option
@handle_errors
def serve(port: int, origins: tuple[str, ...], preload: tuple[str, ...], idle_ttl: float | None,
          concurrency: int, max_waiting: int, timeout_s: float, max_body: int,
          no_batching: bool, batch_max: int, batch_window_ms: float,
          discovery_file: Path | None, files_dir: Path | None, read_dirs: tuple[Path, ...],
          output_dir: Path | None, header_timeout: float, body_timeout: float,
          max_connections: int, as_json: bool) -> None:
    """Serve validate/render/summarize/formula/generate on 127.0.0.1 for add-ins."""
    from ..service.config import (
        DEFAULT_IDLE_TTL_S,
        ServiceConfig,
        default_discovery_file,
        default_files_dir,
    )
    from ..service.server import run

    base = ServiceConfig.__dataclass_fields__["origins"].default_factory()  # type: ignore[misc]
    config = ServiceConfig(port=port, origins=tuple(base) + tuple(o.rstrip("/") for o in origins),
                           preload=preload,
                           idle_ttl_s=DEFAULT_IDLE_TTL_S if idle_ttl is None else idle_ttl,
                           concurrency=concurrency, max_waiting=max_waiting,
                           request_timeout_s=timeout_s, max_body_bytes=max_body,
                           batching=not no_batching, batch_max=batch_max,
                           batch_window_ms=batch_window_ms,
                           discovery_file=discovery_file or default_discovery_file(),
                           files_dir=files_dir or default_files_dir(), read_dirs=read_dirs,
                           output_dir=output_dir, header_timeout_s=header_timeout,
                           body_timeout_s=body_timeout,
                           max_connections=max_connections)

    def announce(url: str) -> None:
        click.echo(f"o3-local service on {url} (token in {config.discovery_file})", err=True)

    run(config, on_ready=announce)
