"""Block quantization of weight matrices into onnxruntime's MatMulNBits layout.

MatMulNBits stores a ``[K, N]`` weight as ``B[N, K/block, block*bits/8]`` with
per-block float scales and packed uint8 zero points; ``(q - zp) * scale``
gives the weight back.  Asymmetric round-to-nearest per block of 32: for
weights that were already 4-bit in the GGUF, 8 bits reproduce them almost
exactly (every level of a Q4_1/Q4_K block falls within 1/34 of a step).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Quantized:
    packed: np.ndarray  # uint8 [N, n_blocks, block*bits/8]
    scales: np.ndarray  # float32 [N * n_blocks]
    zero_points: np.ndarray  # uint8, packed like ``packed`` for 4 bits
    bits: int
    block: int
    n: int
    k: int

    def dequantize(self) -> np.ndarray:
        """The ``[N, K]`` weight that MatMulNBits computes with (used by tests and evals)."""
        nb = self.k // self.block
        if self.bits == 4:
            q = np.empty((self.n, nb, self.block), np.uint8)
            q[..., 0::2] = self.packed & 0x0F
            q[..., 1::2] = self.packed >> 4
            zp = np.empty((self.n, (nb + 1) // 2 * 2), np.uint8)
            zpp = self.zero_points.reshape(self.n, -1)
            zp[:, 0::2] = zpp & 0x0F
            zp[:, 1::2] = zpp >> 4
            zp = zp[:, :nb]
        else:
            q = self.packed
            zp = self.zero_points.reshape(self.n, nb)
        s = self.scales.reshape(self.n, nb)
        return ((q.astype(np.float32) - zp[..., None]) * s[..., None]).reshape(self.n, self.k)


def quantize_blockwise(w: np.ndarray, bits: int = 4, block: int = 32) -> Quantized:
    """Quantize ``w`` (numpy order ``[N, K]``, as stored in GGUF) for MatMulNBits."""
    if bits not in (4, 8):
        raise ValueError("bits must be 4 or 8")
    n, k = w.shape
    if k % block:
        raise ValueError(f"K={k} is not a multiple of the block size {block}")
    nb = k // block
    levels = (1 << bits) - 1
    wb = w.astype(np.float32, copy=False).reshape(n, nb, block)
    lo = np.minimum(wb.min(-1), 0.0)
    hi = np.maximum(wb.max(-1), 0.0)
    # 8 bits: the full range.  4 bits: per block, the range shrink (clipping the
    # extremes) with the least squared error, as llama.cpp's k-quants search does.
    shrinks = (1.0,) if bits == 8 else tuple(np.linspace(0.70, 1.0, 16))
    best_err = None
    for f in shrinks:
        s_f = np.where(hi - lo == 0, 1.0, (hi - lo) * f / levels).astype(np.float32)
        z_f = np.clip(np.round(-lo * f / s_f), 0, levels)
        q_f = np.clip(np.round(wb / s_f[..., None] + z_f[..., None]), 0, levels)
        if len(shrinks) == 1:
            scale, zp, q = s_f, z_f, q_f
            break
        err = (((q_f - z_f[..., None]) * s_f[..., None] - wb) ** 2).sum(-1)
        if best_err is None:
            best_err, scale, zp, q = err, s_f, z_f, q_f
        else:
            better = err < best_err
            best_err = np.where(better, err, best_err)
            scale = np.where(better, s_f, scale)
            zp = np.where(better, z_f, zp)
            q = np.where(better[..., None], q_f, q)
    q = q.astype(np.uint8)
    zp8 = zp.astype(np.uint8)
    if bits == 4:
        packed = (q[..., 0::2] | (q[..., 1::2] << 4)).astype(np.uint8)
        if nb % 2:
            zp8 = np.concatenate([zp8, np.zeros((n, 1), np.uint8)], axis=1)
        zpp = (zp8[:, 0::2] | (zp8[:, 1::2] << 4)).astype(np.uint8).reshape(-1)
    else:
        packed = q
        zpp = zp8.reshape(-1)
    return Quantized(np.ascontiguousarray(packed), scale.reshape(-1), zpp, bits, block, n, k)


#: the zero point of :meth:`Int8Columns.stored` (signed value + 128)
INT8_ZERO_POINT = 128


@dataclass(frozen=True)
class Int8Columns:
    """A ``[K, N]`` weight as symmetric int8 with one float scale per output column.

    The layout ``DynamicQuantizeMatMul`` reads as stored: with prepacking off
    onnxruntime memory-maps these bytes and multiplies with them directly, so a
    session over them is ready in tens of milliseconds; with prepacking on, the
    same weights are packed for full speed, and both sessions compute the very
    same integers (``runtime/models/loader.py`` relies on that to switch from
    one to the other in the middle of a generation).
    """

    weight: np.ndarray  # int8 [K, N]
    scales: np.ndarray  # float32 [N]

    @property
    def k(self) -> int:
        return int(self.weight.shape[0])

    @property
    def n(self) -> int:
        return int(self.weight.shape[1])

    def dequantize(self) -> np.ndarray:
        """The ``[N, K]`` weight the kernel computes with (GGUF order, like :meth:`Quantized.dequantize`)."""
        return (self.weight.astype(np.float32) * self.scales[None, :]).T

    def stored(self) -> np.ndarray:
        """The weights as the graph stores them: ``q + 128`` as uint8, read with zero point :data:`INT8_ZERO_POINT`.

        Why not int8 as is: onnxruntime multiplies uint8 activations with int8 weights, and on
        x86-64 CPUs without VNNI (AVX2 only: many laptops) that kernel adds two products at a
        time into int16 with saturation (``vpmaddubsw``), so full-range int8 weights come out
        wrong there (up to 19 % of a column's output on random weights, and Qwen's greedy
        answers drifted).  uint8 x uint8 is widened to int16 before multiplying and exact on
        every CPU, for the same values and so the same logits as an exact int8 kernel, at about
        12-17 % more GEMM time on AVX2 (``bench/int8_kernel.py``).
        """
        return self.weight.view(np.uint8) ^ np.uint8(0x80)


def quantize_columns_int8(w: np.ndarray) -> Int8Columns:
    """Quantize ``w`` (numpy order ``[N, K]``, as stored in GGUF) to int8, one scale per output row of ``w``.

    The scale is chosen per row from a few clipping levels by least squared
    error (a lone outlier would otherwise spend most of the 255 levels).
    """
    w = w.astype(np.float32, copy=False)
    amax = np.maximum(np.abs(w).max(1), 1e-12)
    best_err = best_scale = None
    for f in (1.0, 0.95, 0.9, 0.85, 0.8):
        s = (amax * f / 127.0).astype(np.float32)
        q = np.clip(np.round(w / s[:, None]), -127, 127)
        err = ((q * s[:, None] - w) ** 2).sum(1)
        if best_err is None:
            best_err, best_scale = err, s
        else:
            better = err < best_err
            best_err = np.where(better, err, best_err)
            best_scale = np.where(better, s, best_scale)
    q = np.clip(np.round(w / best_scale[:, None]), -127, 127).astype(np.int8)
    return Int8Columns(np.ascontiguousarray(q.T), best_scale.astype(np.float32))
