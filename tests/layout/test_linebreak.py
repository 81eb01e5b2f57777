"""UAX #14 conformance of the module's line breaking, on Unicode's own test
file (LineBreakTest.txt of Unicode 15.0, the version of the class table)."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import wasmtime

from o3local.resources import asset

DATA = Path(__file__).parent / "data" / "LineBreakTest-15.0.0.txt.gz"
HARD = {0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029}  # the host splits hard lines before breaking


def cases() -> list[tuple[list[int], list[int]]]:
    out = []
    for line in gzip.decompress(DATA.read_bytes()).decode("utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        cps, flags = [], []
        for tok in line.split():
            if tok in ("×", "÷"):
                if cps:
                    flags.append(1 if tok == "÷" else 0)
            else:
                cps.append(int(tok, 16))
        if not HARD.intersection(cps):
            out.append((cps, flags[:-1]))  # drop the (always ÷) end of text
    return out


def module_breaks():
    engine = wasmtime.Engine()
    store = wasmtime.Store(engine)
    ex = wasmtime.Instance(store, wasmtime.Module(engine, asset("wasm", "wps-template.wasm").read_bytes()),
                           []).exports(store)
    ex["_initialize"](store)
    buf = ex["o3_alloc"](store, 64 * 1024)
    memory = ex["memory"]

    def breaks(cps: list[int], cjk: bool = False) -> list[int]:
        memory.write(store, struct.pack(f"<{len(cps)}I", *cps), buf)
        assert ex["o3_line_breaks"](store, buf, len(cps), int(cjk)) == 0
        flags = memory.read(store, buf + 4 * len(cps), buf + 5 * len(cps))
        return list(flags[1:])

    return breaks


def test_unicode_line_break_test_file():
    breaks = module_breaks()
    all_cases = cases()
    failures = [(cps, want, got) for cps, want in all_cases if (got := breaks(cps)) != want]
    assert len(all_cases) > 6000
    # The one known miss: LB30b for *unassigned* Extended_Pictographic code points.
    assert [[f"{c:04X}" for c in cps] for cps, _, _ in failures] == [["1F02C", "1F3FF"]]


def test_cjk_tailoring_forbids_line_start_and_end_characters():
    breaks = module_breaks()
    text = "中文。中文（中文）「中」ーっ“中”"
    cps = [ord(c) for c in text]
    strict = breaks(cps, cjk=True)
    for i, ch in enumerate(text[1:], start=1):
        if ch in "。）」ーっ”":
            assert strict[i - 1] == 0, ch
        if text[i - 1] in "（「“":
            assert strict[i - 1] == 0, text[i - 1]
    assert breaks([ord(c) for c in "中文"], cjk=True) == [1]  # ideographs still break
