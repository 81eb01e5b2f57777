"""Load test of ``o3-local serve`` from a second process on loopback.

Starts a real KServe v2 server (the tiny numpy text model of the tests) as the
"remote GPU", then ``o3-local serve`` twice - with and without dynamic
batching - and drives each with N concurrent clients for a bounded time:

    python bench/serve_load.py                # 32 clients, 60 s per run
    python bench/serve_load.py --clients 8 --duration 10

Prints throughput, p50/p95/p99 latency and error counts per run, plus the
ratio batched/unbatched measured in the same run.

``--abuse`` (``--abuse-only`` skips the runs above, which need the
``remote-test`` extra) measures the service under attack (issue 15): 200
well-formed clients (half ``/v1/validate`` of a bundled package in the worker
processes, half extractive ``/v1/summarize`` on threads), 200 idle TCP
connections kept open (re-opened as the header deadline closes them), and one
hostile template always in flight (a render whose layout loop runs to its CPU
budget, then a validation with 12 backtracking patterns, in turn).  A
separate process polls ``/health`` every 20 ms; its p50/p99 are printed next
to the same poll against the idle service measured first in the same run
(target: p99 <= 100 ms).  Every request loop stops by itself at its
deadline; all traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
from typing import Any

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


def _poll_health(url: str, token: str, seconds: float, out: Any) -> None:
    """In its own process, so the load generator's event loop does not colour the figures."""
    latencies: list[float] = []
    failures = 0
    stop_at = time.monotonic() + seconds
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"},
                      trust_env=False, timeout=10) as c:
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            try:
                ok = c.get("/health").status_code == 200
            except httpx.HTTPError:
                ok = False
            if ok:
                latencies.append(time.perf_counter() - started)
            else:
                failures += 1
            time.sleep(0.02)
    out.put({"latencies": latencies, "failures": failures})


def health_figures(url: str, token: str, seconds: float) -> dict:
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_poll_health, args=(url, token, seconds, queue))
    proc.start()
    return {"proc": proc, "queue": queue}


def health_result(handle: dict) -> dict:
    doc = handle["queue"].get(timeout=120)
    handle["proc"].join(30)
    lat = doc["latencies"]
    return {"n": len(lat), "failures": doc["failures"],
            **{f"p{int(q * 100)}_ms": 1000 * quantile(lat, q) for q in (0.5, 0.99)},
            "max_ms": 1000 * max(lat) if lat else float("nan")}


def hostile_templates(tmp: Path) -> tuple[str, str]:
    """A layout loop that runs to the CPU budget, and 12 backtracking ``pattern``s."""
    base = {"id": "hostile", "name": "Hostile", "version": "1.0.0", "kind": "document",
            "entry": "doc.o3x", "ai_capabilities": [], "compatible_versions": [">=11.5,<13"],
            "required_permissions": ["read:document", "write:document"]}
    loop = tmp / "hostile-loop"
    (loop / "samples").mkdir(parents=True)
    (loop / "manifest.json").write_text(json.dumps(base | {"inputs": {"type": "object"}}))
    (loop / "doc.o3x").write_text(
        '<document kind="document" width="100mm" height="100mm"><page>'
        '<text x="0" y="0" w="90mm" h="90mm">{% for a in xs %}{% for b in xs %}{% for c in xs %}'
        "{% if c %}{% endif %}{% endfor %}{% endfor %}{% endfor %}</text></page></document>")
    (loop / "samples" / "data.json").write_text(json.dumps({"xs": ["x"] * 3000}))
    regex = tmp / "hostile-regex"
    (regex / "samples").mkdir(parents=True)
    props = {f"t{i}": {"type": "string", "pattern": "^(a|aa)+$"} for i in range(12)}
    (regex / "manifest.json").write_text(json.dumps(
        base | {"inputs": {"type": "object", "properties": props}}))
    (regex / "doc.o3x").write_text("<document/>")
    (regex / "samples" / "data.json").write_text(json.dumps(
        {f"t{i}": "a" * 49 + "!" for i in range(12)}))
    return str(loop), str(regex)


async def abuse_load(url: str, token: str, clients: int, idle: int, duration: float,
                     hostile: tuple[str, str], sample: str, timeout: float) -> dict:
    host, port = url.removeprefix("http://").split(":")
    stop_at = time.monotonic() + duration
    text = "Revenue rose in every region. Costs fell by four percent. The board approved the plan."
    latencies: dict[str, list[float]] = {"validate": [], "summarize": []}
    errors: dict[str, int] = {}
    hostile_answers: dict[str, int] = {}
    reopened = 0

    async def hold_idle() -> None:
        nonlocal reopened
        while time.monotonic() < stop_at:
            try:
                reader, writer = await asyncio.open_connection(host, int(port))
            except OSError:
                await asyncio.sleep(0.1)
                continue
            try:
                left = max(0.0, stop_at - time.monotonic())
                with contextlib.suppress(asyncio.TimeoutError, OSError):
                    await asyncio.wait_for(reader.read(1), left)  # b"" when the server closes it
                reopened += 1
            finally:
                writer.close()

    limits = httpx.Limits(max_connections=clients + 2, max_keepalive_connections=clients + 2)
    async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {token}"},
                                 limits=limits, timeout=timeout, trust_env=False) as client:

        async def worker(i: int) -> None:
            op = "validate" if i % 2 == 0 else "summarize"
            body = {"path": sample} if op == "validate" else {"text": text, "method": "extractive"}
            while time.monotonic() < stop_at:
                started = time.perf_counter()
                try:
                    r = await client.post(f"/v1/{op}", json=body)
                    key = None if r.status_code == 200 else f"{op} {r.status_code}"
                except httpx.HTTPError as err:
                    key = f"{op} {type(err).__name__}"
                if key is None:
                    latencies[op].append(time.perf_counter() - started)
                else:
                    errors[key] = errors.get(key, 0) + 1

        async def attacker() -> None:
            loop_pkg, regex_pkg = hostile
            turn = 0
            while time.monotonic() < stop_at:
                route, body = (("/v1/render", {"template": loop_pkg, "sample": True, "format": "svg"})
                               if turn % 2 == 0 else ("/v1/validate", {"path": regex_pkg}))
                turn += 1
                try:
                    r = await client.post(route, json=body)
                    key = f"{route} {r.status_code}"
                except httpx.HTTPError as err:
                    key = f"{route} {type(err).__name__}"
                hostile_answers[key] = hostile_answers.get(key, 0) + 1

        tasks = [asyncio.ensure_future(hold_idle()) for _ in range(idle)]
        await asyncio.sleep(0.5)  # the idle connections are in before the clients come
        tasks += [asyncio.ensure_future(attacker())]
        tasks += [asyncio.ensure_future(worker(i)) for i in range(clients)]
        await asyncio.gather(*tasks)
    return {"latencies": latencies, "errors": errors, "hostile": hostile_answers,
            "idle_reopened": reopened}


def run_abuse(args: argparse.Namespace, tmp: Path) -> dict:
    from o3local.resources import asset

    sample = str(asset("templates", "report-zh"))
    hostile = hostile_templates(tmp)
    env = dict(os.environ, O3_SERVE_ORIGINS="", O3_POLICY_FILE=str(tmp / "policy.json"))
    proc, doc = start_service(tmp, env, "--max-waiting", str(4 * args.abuse_clients),
                              "--timeout", str(args.request_timeout), "--files-dir", str(tmp),
                              "--read-dir", str(Path(sample).parent))
    try:
        url, token = doc["url"], doc["token"]
        baseline = health_result(health_figures(url, token, 5.0))  # idle service, same run
        poll = health_figures(url, token, args.abuse_duration)
        load = asyncio.run(abuse_load(url, token, args.abuse_clients, args.idle, args.abuse_duration,
                                      hostile, sample, args.request_timeout))
        under = health_result(poll)
        status = httpx.get(url + "/v1/status", trust_env=False,
                           headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    figures = {"health_idle": baseline, "health_under_attack": under,
               "hostile": load["hostile"], "errors": load["errors"],
               "idle_connections_reopened": load["idle_reopened"],
               "workers": status["result"]["service"]["workers"]}
    for op, lat in load["latencies"].items():
        figures[op] = {"ok": len(lat), **{f"p{int(q * 100)}_ms": 1000 * quantile(lat, q)
                                          for q in (0.5, 0.95, 0.99)},
                       "max_ms": 1000 * max(lat) if lat else float("nan")}
    h0, h1 = baseline, under
    print(f"abuse: {args.abuse_clients} clients + {args.idle} idle connections + 1 hostile template,"
          f" {args.abuse_duration:g} s, {os.cpu_count()} CPUs, service concurrency 2, request "
          f"timeout {args.request_timeout:g} s")
    print(f"  /health idle          n {h0['n']:5d}  p50 {h0['p50_ms']:6.1f} ms  p99 {h0['p99_ms']:6.1f} ms"
          f"  max {h0['max_ms']:6.1f} ms  failures {h0['failures']}")
    print(f"  /health under attack  n {h1['n']:5d}  p50 {h1['p50_ms']:6.1f} ms  p99 {h1['p99_ms']:6.1f} ms"
          f"  max {h1['max_ms']:6.1f} ms  failures {h1['failures']}  (p99 ratio "
          f"{h1['p99_ms'] / h0['p99_ms']:.2f}x idle; target <= 100 ms)")
    for op in ("validate", "summarize"):
        f = figures[op]
        print(f"  {op:<21} ok {f['ok']:5d}  p50 {f['p50_ms']:6.0f} ms  p95 {f['p95_ms']:6.0f} ms"
              f"  p99 {f['p99_ms']:6.0f} ms  max {f['max_ms']:6.0f} ms")
    print(f"  well-formed errors/timeouts: {load['errors'] or 'none'}")
    print(f"  hostile answers: {load['hostile']}; workers {figures['workers']}; idle connections"
          f" closed by the server and re-opened: {load['idle_reopened']}")
    return figures


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
    ap.add_argument("--abuse", action="store_true",
                    help="also measure /health and well-formed requests under attack")
    ap.add_argument("--abuse-only", action="store_true", help="only the attack run")
    ap.add_argument("--abuse-clients", type=int, default=200)
    ap.add_argument("--idle", type=int, default=200, help="idle TCP connections held open")
    ap.add_argument("--abuse-duration", type=float, default=30.0)
    ap.add_argument("--request-timeout", type=float, default=60.0,
                    help="the service's --timeout and the clients' timeout in the attack run")
    args = ap.parse_args()
    if args.abuse_only:
        tmp = Path(tempfile.mkdtemp(prefix="o3-serve-abuse-"))
        try:
            figures = run_abuse(args, tmp)
            if args.json:
                print(json.dumps(figures, indent=2))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return

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
            proc, doc = start_service(tmp, env, "--max-waiting", str(4 * args.clients),
                                      "--files-dir", str(tmp), *flags)
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
        if args.abuse:
            results["abuse"] = run_abuse(args, tmp)
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
