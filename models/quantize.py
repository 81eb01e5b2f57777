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
