"""Request latency quantiles (p50/p95/p99) and counters in Prometheus text format.

Quantiles come from a sliding window of the last ``WINDOW`` requests per
operation (exact, not bucket-interpolated), exported as a Prometheus
``summary`` - the type made for client-side quantiles.
"""

from __future__ import annotations

import threading
from collections import defaultdict, deque

WINDOW = 2048
QUANTILES = (0.5, 0.95, 0.99)


def quantile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank quantile of already sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), int(round(q * len(sorted_values) + 0.5))))
    return sorted_values[rank - 1]


class Metrics:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latency: dict[str, deque[float]] = defaultdict(lambda: deque(maxlen=WINDOW))
        self._count: dict[str, int] = defaultdict(int)
        self._sum: dict[str, float] = defaultdict(float)
        self._status: dict[tuple[str, int], int] = defaultdict(int)
        self._batches: list[int] = []
        self.queue_depth = 0
        self.running = 0

    def observe(self, op: str, seconds: float, status: int) -> None:
        with self._lock:
            self._latency[op].append(seconds)
            self._count[op] += 1
            self._sum[op] += seconds
            self._status[(op, status)] += 1

    def batch(self, size: int) -> None:
        with self._lock:
            self._batches.append(size)
            del self._batches[:-WINDOW]

    def snapshot(self, op: str) -> dict[str, float]:
        with self._lock:
            values = sorted(self._latency[op])
        return {f"p{int(q * 100)}": quantile(values, q) for q in QUANTILES}

    def render(self) -> str:
        lines = ["# HELP o3_request_duration_seconds Request latency by operation.",
                 "# TYPE o3_request_duration_seconds summary"]
        with self._lock:
            ops = sorted(self._latency)
            windows = {op: sorted(self._latency[op]) for op in ops}
            counts, sums = dict(self._count), dict(self._sum)
            status = dict(self._status)
            batches = list(self._batches)
        for op in ops:
            for q in QUANTILES:
                lines.append(f'o3_request_duration_seconds{{op="{op}",quantile="{q}"}} '
                             f"{quantile(windows[op], q):.6f}")
            lines.append(f'o3_request_duration_seconds_sum{{op="{op}"}} {sums[op]:.6f}')
            lines.append(f'o3_request_duration_seconds_count{{op="{op}"}} {counts[op]}')
        lines += ["# HELP o3_requests_total Requests by operation and HTTP status.",
                  "# TYPE o3_requests_total counter"]
        for (op, code), n in sorted(status.items()):
            lines.append(f'o3_requests_total{{op="{op}",status="{code}"}} {n}')
        lines += ["# HELP o3_queue_depth Requests waiting for a worker.", "# TYPE o3_queue_depth gauge",
                  f"o3_queue_depth {self.queue_depth}",
                  "# HELP o3_running Requests being worked on.", "# TYPE o3_running gauge",
                  f"o3_running {self.running}",
                  "# HELP o3_batch_size_mean Mean size of recent dynamic batches.",
                  "# TYPE o3_batch_size_mean gauge",
                  f"o3_batch_size_mean {sum(batches) / len(batches) if batches else 0:.3f}"]
        return "\n".join(lines) + "\n"
