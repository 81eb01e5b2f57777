"""GGUF (llama / qwen2 architectures) -> quantized ONNX decoder.

Weights are dequantized with the ``gguf`` package and re-quantized per block
for MatMulNBits.  Q/K rows stay in llama.cpp's order: for llama models the
converter permuted them to adjacent-pair rotary, so the graph uses interleaved
rotary instead of undoing the permutation (the attention scores are the same).
Qwen models keep half-split rotary and carry q/k/v biases.  A missing
``output.weight`` means the embedding is tied to the output matrix.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..errors import Location, ModelError
from .gguf_file import GGUFFile
from .onnx_graph import DecoderSpec, WeightSource, build_decoder
from .quantize import Int8Columns, Quantized, quantize_blockwise, quantize_columns_int8

_LAYER = {
    "attn_norm": "attn_norm.weight", "ffn_norm": "ffn_norm.weight",
    "q": "attn_q.weight", "k": "attn_k.weight", "v": "attn_v.weight", "o": "attn_output.weight",
    "gate": "ffn_gate.weight", "up": "ffn_up.weight", "down": "ffn_down.weight",
    "q.bias": "attn_q.bias", "k.bias": "attn_k.bias", "v.bias": "attn_v.bias",
}
# "mixed": tensors the GGUF kept at 6 bits or more stay 8-bit, the rest become 4-bit
_HIGH_PRECISION = {"Q6_K", "Q8_0", "F16", "BF16", "F32"}


def spec_from_gguf(gf: GGUFFile, max_positions: int | None = None) -> DecoderSpec:
    arch = gf.arch
    if arch not in ("llama", "qwen2"):
        raise ModelError(f"unsupported GGUF architecture {arch!r}", where=Location(file=str(gf.path)))
    hidden = int(gf.hparam("embedding_length"))
    heads = int(gf.hparam("attention.head_count"))
    vocab = len(gf.meta["tokenizer.ggml.tokens"])
    ctx = int(gf.hparam("context_length"))
    return DecoderSpec(
        arch=arch, vocab_size=vocab, hidden=hidden,
        intermediate=int(gf.hparam("feed_forward_length")), layers=int(gf.hparam("block_count")),
        heads=heads, kv_heads=int(gf.hparam("attention.head_count_kv")), head_dim=hidden // heads,
        rope_theta=float(gf.hparam("rope.freq_base")),
        rms_eps=float(gf.hparam("attention.layer_norm_rms_epsilon")),
        max_positions=min(ctx, max_positions or ctx), rope_interleaved=(arch == "llama"),
        qkv_bias=(arch == "qwen2"),
    )


def check_shapes(gf: GGUFFile, spec: DecoderSpec) -> None:
    """Refuse a GGUF whose tensors do not have the shapes its metadata implies."""
    kv = spec.kv_heads * spec.head_dim
    want = {"token_embd.weight": (spec.vocab_size, spec.hidden), "output_norm.weight": (spec.hidden,)}
    for i in range(spec.layers):
        b = f"blk.{i}."
        want.update({
            b + "attn_norm.weight": (spec.hidden,), b + "ffn_norm.weight": (spec.hidden,),
            b + "attn_q.weight": (spec.hidden, spec.hidden), b + "attn_k.weight": (kv, spec.hidden),
            b + "attn_v.weight": (kv, spec.hidden), b + "attn_output.weight": (spec.hidden, spec.hidden),
            b + "ffn_gate.weight": (spec.intermediate, spec.hidden),
            b + "ffn_up.weight": (spec.intermediate, spec.hidden),
            b + "ffn_down.weight": (spec.hidden, spec.intermediate),
        })
        if spec.qkv_bias:
            want.update({b + "attn_q.bias": (spec.hidden,), b + "attn_k.bias": (kv,), b + "attn_v.bias": (kv,)})
    for name, shape in want.items():
        got = gf.tensor(name).shape
        if tuple(got) != shape:
            raise ModelError(f"tensor {name} has shape {got}, expected {shape}",
                             where=Location(file=str(gf.path)))


def weights_from_gguf(gf: GGUFFile, bits: int | str = "mixed", tie_embeddings: bool = False) -> WeightSource:
    """``bits``: "int8" (per-column int8 for DynamicQuantizeMatMul, usable without packing),
    or for MatMulNBits 4, 8, or "mixed" (8 where the GGUF stored 6 bits or more, else 4).

    ``tie_embeddings`` takes the input embedding from ``output.weight`` (Qwen
    ties the two; the GGUF stored the output copy at higher precision).
    """

    def pick(name: str) -> int:
        if bits == "mixed":
            return 8 if gf.tensor(name).qtype in _HIGH_PRECISION else 4
        return int(bits)

    def quantize(name: str, embedding: bool = False) -> Quantized | Int8Columns:
        if bits == "int8":
            return quantize_columns_int8(gf.dequantize(name))
        return quantize_blockwise(gf.dequantize(name), bits=8 if embedding else pick(name))

    def matrix(key: str) -> Quantized | Int8Columns:
        i, part = key.split(".", 1)
        return quantize(f"blk.{i}.{_LAYER[part]}")

    def float_tensor(key: str) -> np.ndarray:
        if key == "final_norm":
            return gf.dequantize("output_norm.weight")
        i, part = key.split(".", 1)
        return gf.dequantize(f"blk.{i}.{_LAYER[part]}")

    cache: dict[str, Quantized | Int8Columns] = {}

    def embedding() -> Quantized | Int8Columns:
        if "emb" not in cache:
            src = "output.weight" if tie_embeddings and "output.weight" in gf.tensors else "token_embd.weight"
            cache["emb"] = quantize(src, embedding=True)
        return cache["emb"]

    def lm_head() -> Quantized | Int8Columns:
        if "output.weight" in gf.tensors and not tie_embeddings:
            return quantize("output.weight")
        return embedding()

    return WeightSource(float_tensor, matrix, embedding, lm_head)


def gguf_to_onnx(gf: GGUFFile, bits: int | str = "mixed", max_positions: int | None = None,
                 progress: Callable[[int], None] | None = None, tie_embeddings: bool = False):
    """Return ``(onnx.ModelProto, DecoderSpec)`` for a llama/qwen2 GGUF."""
    spec = spec_from_gguf(gf, max_positions)
    check_shapes(gf, spec)
    model = build_decoder(spec, weights_from_gguf(gf, bits, tie_embeddings), progress)
    return model, spec
