"""Load test of ``o3-local serve`` from a second process on loopback.

Starts a real KServe v2 server (the tiny numpy text model of the tests) as the
"remote GPU", then ``o3-local serve`` twice - with and without dynamic
batching - and drives each with N concurrent clients for a bounded time:

    python bench/serve_load.py                # 32 clients, 60 s per run
    python bench/serve_load.py --clients 8 --duration 10

Prints throughput, p50/p95/p99 latency and error counts per run, plus the
ratio batched/unbatched measured in the same run.  Every request loop stops
by itself at its deadline; all traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
KSERVE = REPO / "tests" / "remote" / "servers" / "kserve_textgen.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait(url: str, headers: dict | None = None, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if httpx.get(url, headers=headers, trust_env=False, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"not ready: {url}")


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(round(q * len(values) + 0.5)) - 1))]


def make_template(tmp: Path) -> str:
    from o3local.resources import asset

    dst = tmp / "tpl"
    shutil.copytree(asset("templates", "report-zh"), dst)
    m = json.loads((dst / "manifest.json").read_text(encoding="utf-8"))
    m["required_permissions"].append("network:remote-inference")
    (dst / "manifest.json").write_text(json.dumps(m, ensure_ascii=False), encoding="utf-8")
    return str(dst)


def start_service(tmp: Path, env: dict, *args: str) -> tuple[subprocess.Popen, dict]:
    disc = tmp / f"svc-{time.monotonic_ns()}.json"
    proc = subprocess.Popen([sys.executable, "-c", "from o3local.cli import main; main()",
                             "serve", "--discovery-file", str(disc), *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 60
    while not disc.exists():
        if time.monotonic() > end or proc.poll() is not None:
            raise SystemExit("o3-local serve did not start")
        time.sleep(0.1)
    doc = json.loads(disc.read_text())
    wait(doc["url"] + "/health", {"Authorization": f"Bearer {doc['token']}"})
    return proc, doc


async def drive(url: str, token: str, path: str, body: dict, clients: int,
                duration: float) -> dict:
    latencies: list[float] = []
    errors: dict[str, int] = {}
    stop_at = time.monotonic() + duration
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {token}"},
                                 limits=limits, timeout=30, trust_env=False) as client:

        async def worker() -> None:
            while time.monotonic() < stop_at:
                started = time.perf_counter()
                try:
                    r = await client.post(path, json=body)
                    key = None if r.status_code == 200 else str(r.status_code)
                except httpx.HTTPError as err:
                    key = type(err).__name__
                if key is None:
                    latencies.append(time.perf_counter() - started)
                else:
                    errors[key] = errors.get(key, 0) + 1

        began = time.monotonic()
        await asyncio.gather(*(worker() for _ in range(clients)))
        elapsed = time.monotonic() - began
    return {"ok": len(latencies), "errors": errors, "seconds": elapsed,
            "throughput": len(latencies) / elapsed,
            **{f"p{int(q * 100)}_ms": 1000 * quantile(latencies, q) for q in (0.5, 0.95, 0.99)}}


def report(name: str, r: dict) -> None:
    errs = sum(r["errors"].values())
    print(f"{name:<28} {r['throughput']:8.1f} req/s  p50 {r['p50_ms']:7.1f} ms  "
          f"p95 {r['p95_ms']:7.1f} ms  p99 {r['p99_ms']:7.1f} ms  ok {r['ok']:6d}  "
          f"errors {errs} {r['errors'] or ''} batch {r['batch_size_mean']:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds per run")
    ap.add_argument("--max-tokens", type=int, default=16)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="o3-serve-load-"))
    ks_port = free_port()
    kserve = subprocess.Popen([sys.executable, str(KSERVE), str(ks_port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    procs = [kserve]
    results: dict[str, dict] = {}
    try:
        wait(f"http://127.0.0.1:{ks_port}/v2/health/ready")
        (tmp / "policy.json").write_text('{"allow_remote_inference": true}')
        env = dict(os.environ, O3_POLICY_FILE=str(tmp / "policy.json"),
                   O3_REMOTE_URL=f"http://127.0.0.1:{ks_port}", O3_REMOTE_PROTOCOL="kserve",
                   O3_REMOTE_MODEL="tiny-textgen", O3_INFERENCE_MODE="remote",
                   O3_SERVE_ORIGINS="")
        gen_body = {"messages": [{"role": "user", "content": "summarize the quarterly figures"}],
                    "max_tokens": args.max_tokens, "template": make_template(tmp)}
        text = ("Revenue rose in every region. Costs fell by four percent. The team grew. "
                "Churn stayed flat. The board approved the plan. ") * 20
        runs = [("generate, batching on", ["--batch-window-ms", "5", "--batch-max", "16"],
                 "/v1/generate", gen_body),
                ("generate, batching off", ["--no-batching"], "/v1/generate", gen_body),
                ("summarize (local, CPU)", [], "/v1/summarize",
                 {"text": text, "method": "extractive", "max_chars": 200})]
        print(f"{args.clients} concurrent clients, {args.duration:g} s per run, "
              f"{os.cpu_count()} CPUs; service concurrency 2")
        for name, flags, path, body in runs:
            proc, doc = start_service(tmp, env, "--max-waiting", str(4 * args.clients), *flags)
            procs.append(proc)
            try:
                asyncio.run(drive(doc["url"], doc["token"], path, body, min(4, args.clients),
                                  2.0))  # warm-up
                results[name] = asyncio.run(drive(doc["url"], doc["token"], path, body,
                                                  args.clients, args.duration))
                metrics = httpx.get(doc["url"] + "/metrics", trust_env=False, headers={
                    "Authorization": f"Bearer {doc['token']}"}).text
                results[name]["batch_size_mean"] = float(next(
                    ln for ln in metrics.splitlines() if ln.startswith("o3_batch_size_mean"))
                    .split()[-1])
            finally:
                proc.send_signal(signal.SIGTERM)
                proc.wait(15)
            report(name, results[name])
        on, off = results["generate, batching on"], results["generate, batching off"]
        if off["throughput"] > 0:
            print(f"batching speed-up (throughput on/off): {on['throughput'] / off['throughput']:.2f}x;"
                  f" p50 ratio on/off: {on['p50_ms'] / off['p50_ms']:.2f}")
        if args.json:
            print(json.dumps(results, indent=2))
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
