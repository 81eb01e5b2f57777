"""Torch-free builder of a decoder-only LLM as an ONNX graph with a KV cache.

The graph uses onnxruntime's fused CPU operators: MatMulNBits (block-quantized
weights), GroupQueryAttention (attention, rotary embedding and the KV cache in
one kernel), SimplifiedLayerNormalization / SkipSimplifiedLayerNormalization
(RMS norm with the residual add fused) and GatherBlockQuantized (embedding).

Interface (batch 1 is what the engine uses; the batch axis stays symbolic):
  inputs  input_ids int64 [B, S]; seqlens_k int32 [B] (= total length - 1);
          total_sequence_length int32 []; past_key_values.{i}.key/value
          float32 [B, kv_heads, P, head_dim]
  outputs logits float32 [B, 1, vocab] (last position only: prefill never pays
          for vocab x prompt logits); present.{i}.key/value [B, kv_heads, P+S, head_dim]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .quantize import INT8_ZERO_POINT, Int8Columns, Quantized

OPSET = 21
MS_OPSET = 1


@dataclass
class DecoderSpec:
    """Hyper-parameters of a llama/qwen2-style decoder."""

    arch: str
    vocab_size: int
    hidden: int
    intermediate: int
    layers: int
    heads: int
    kv_heads: int
    head_dim: int
    rope_theta: float
    rms_eps: float
    max_positions: int
    rope_interleaved: bool  # GGUF llama weights are permuted to adjacent-pair rotary
    qkv_bias: bool = False
    extra: dict = field(default_factory=dict)


@dataclass
class WeightSource:
    """Callbacks the builder pulls weights from (keeps the GGUF naming out of here)."""

    float_tensor: Callable[[str], np.ndarray]  # norms, biases
    matrix: Callable[[str], Quantized | Int8Columns]  # [out, in] weights, already quantized
    embedding: Callable[[], Quantized | Int8Columns]  # 8-bit [vocab, hidden] rows (the same object as lm_head when tied)
    lm_head: Callable[[], Quantized | Int8Columns]


class _G:
    def __init__(self) -> None:
        self.nodes: list = []
        self.inits: list = []
        self._names: set[str] = set()
        self._n = 0

    def name(self, base: str) -> str:
        self._n += 1
        return f"{base}_{self._n}"

    def init(self, name: str, arr: np.ndarray | Callable[[], np.ndarray]) -> str:
        """Add an initializer once; ``arr`` may be a function, so a shared weight is not built twice.

        A tied embedding's int8 columns (136 MB for Qwen 0.5B) are converted by
        :meth:`Int8Columns.stored` only for the first of the two nodes that read them.
        """
        from onnx import numpy_helper

        if name in self._names:  # shared weight (tied embedding): stored once
            return name
        self._names.add(name)
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(arr() if callable(arr) else arr), name))
        return name

    def node(self, op: str, inputs: list[str], n_out: int = 1, domain: str = "", name=None, **attrs):
        from onnx import helper

        base = name or self.name(op)
        outs = [f"{base}/out{i}" for i in range(n_out)]
        self.nodes.append(helper.make_node(op, inputs, outs, name=base, domain=domain, **attrs))
        return outs if n_out > 1 else outs[0]


def _matmul(g: _G, x: str, q: Quantized | Int8Columns, prefix: str, bias: str | None = None) -> str:
    if isinstance(q, Int8Columns):
        # activations quantized per tensor at run time, integer GEMM against the stored columns
        # (uint8 with zero point 128: exact on every CPU, see Int8Columns.stored)
        b = g.init(f"{prefix}.w8", q.stored)
        s = g.init(f"{prefix}.s8", q.scales)
        inputs = [x, b, s, _int8_zero_point(g)] + ([bias] if bias else [])
        return g.node("DynamicQuantizeMatMul", inputs, domain="com.microsoft", name=prefix)
    b = g.init(f"{prefix}.qweight", q.packed)
    s = g.init(f"{prefix}.scales", q.scales)
    z = g.init(f"{prefix}.zero_points", q.zero_points)
    inputs = [x, b, s, z]
    if bias:
        inputs += ["", bias]  # g_idx (unused), bias
    return g.node(
        "MatMulNBits", inputs, domain="com.microsoft", name=prefix,
        K=q.k, N=q.n, bits=q.bits, block_size=q.block, accuracy_level=4,
    )


def _int8_zero_point(g: _G) -> str:
    """One scalar initializer shared by every int8-column GEMM (a scalar keeps the kernel's per-tensor path)."""
    return g.init("int8.zero_point", np.array(INT8_ZERO_POINT, np.uint8))


def _concat_columns(parts: list) -> Int8Columns:
    return Int8Columns(np.ascontiguousarray(np.concatenate([q.weight for q in parts], axis=1)),
                       np.concatenate([q.scales for q in parts]))


def _embed_int8_columns(g: _G, emb: Int8Columns, prefix: str) -> str:
    """Token rows read out of a ``[hidden, vocab]`` int8 matrix, so a tied output layer's bytes serve both.

    Gathering columns (axis 1) costs ``hidden`` strided byte reads per token, nothing next to a layer.
    """
    data = g.init(f"{prefix}.w8", emb.stored)
    scales = g.init(f"{prefix}.s8", emb.scales)
    cols = g.node("Gather", [data, "input_ids"], name="embed_columns", axis=1)  # [hidden, B, S]
    rows = g.node("Transpose", [cols], name="embed_rows", perm=[1, 2, 0])  # [B, S, hidden]
    g.init("embed.zero_point", np.array(INT8_ZERO_POINT, np.float32))
    values = g.node("Sub", [g.node("Cast", [rows], name="embed_float", to=1), "embed.zero_point"],
                    name="embed_signed")
    g.init("embed.axes", np.array([-1], np.int64))
    row_scale = g.node("Unsqueeze", [g.node("Gather", [scales, "input_ids"], name="embed_scales", axis=0),
                                      "embed.axes"], name="embed_scales_col")
    return g.node("Mul", [values, row_scale], name="embed")


def rope_cache(spec: DecoderSpec) -> tuple[np.ndarray, np.ndarray]:
    half = spec.head_dim // 2
    inv = 1.0 / (spec.rope_theta ** (np.arange(0, half, dtype=np.float64) * 2 / spec.head_dim))
    t = np.arange(spec.max_positions, dtype=np.float64)[:, None] * inv[None, :]
    return np.cos(t).astype(np.float32), np.sin(t).astype(np.float32)


def build_decoder(spec: DecoderSpec, w: WeightSource, progress: Callable[[int], None] | None = None):
    """Return an ``onnx.ModelProto`` (weights still inside, saved externally by the caller)."""
    from onnx import TensorProto, helper

    g = _G()
    cos, sin = rope_cache(spec)
    g.init("cos_cache", cos)
    g.init("sin_cache", sin)
    emb = w.embedding()
    head = w.lm_head()
    if isinstance(emb, Int8Columns):
        x = _embed_int8_columns(g, emb, "lm_head" if head is emb else "embed")
    elif head is emb and emb.bits == 8:
        # tied: one copy of the [vocab, hidden] bytes serves the lookup and the output layer
        nb = spec.hidden // emb.block
        data = g.init("lm_head.qweight", emb.packed)  # [vocab, blocks, block]
        g.init("embed.scales", emb.scales.reshape(spec.vocab_size, nb, 1))
        g.init("embed.zero_points", emb.zero_points.reshape(spec.vocab_size, nb, 1))
        rows = g.node(
            "GatherBlockQuantized", [data, "input_ids", "embed.scales", "embed.zero_points"],
            domain="com.microsoft", name="embed", bits=8, block_size=emb.block, gather_axis=0, quantize_axis=2,
        )
        g.init("embed.shape", np.array([0, 0, spec.hidden], np.int64))
        x = g.node("Reshape", [rows, "embed.shape"], name="embed_rows")
    else:
        g.init("embed.qweight", emb.packed.reshape(spec.vocab_size, spec.hidden))
        g.init("embed.scales", emb.scales.reshape(spec.vocab_size, -1))
        g.init("embed.zero_points", emb.zero_points.reshape(spec.vocab_size, -1))
        x = g.node(
            "GatherBlockQuantized", ["embed.qweight", "input_ids", "embed.scales", "embed.zero_points"],
            domain="com.microsoft", name="embed", bits=emb.bits, block_size=emb.block,
            gather_axis=0, quantize_axis=1,
        )
    residual = None
    pending = x
    for i in range(spec.layers):
        p = f"layers.{i}"
        ln1 = g.init(f"{p}.attn_norm", w.float_tensor(f"{i}.attn_norm"))
        if residual is None:
            h = g.node("SimplifiedLayerNormalization", [pending, ln1], name=f"{p}.attn_norm",
                       epsilon=spec.rms_eps, axis=-1)
            residual = pending
        else:
            outs = g.node("SkipSimplifiedLayerNormalization", [pending, residual, ln1], n_out=4,
                          domain="com.microsoft", name=f"{p}.attn_norm", epsilon=spec.rms_eps)
            h, residual = outs[0], outs[3]
        mats = [w.matrix(f"{i}.{proj}") for proj in ("q", "k", "v")]
        biases = [w.float_tensor(f"{i}.{proj}.bias") for proj in ("q", "k", "v")] if spec.qkv_bias else None
        if isinstance(mats[0], Int8Columns):
            # one GEMM for q, k and v (GQA takes them packed): the activation is quantized once, not
            # three times, and the per-column weights give exactly what three GEMMs would
            bias = g.init(f"{p}.qkv.bias", np.concatenate(biases)) if biases else None
            qkv = [_matmul(g, h, _concat_columns(mats), f"{p}.attn.qkv", bias), "", ""]
        else:
            qkv = [_matmul(g, h, q, f"{p}.attn.{proj}",
                           g.init(f"{p}.{proj}.bias", biases[j]) if biases else None)
                   for j, (proj, q) in enumerate(zip(("q", "k", "v"), mats, strict=True))]
        attn = g.node(
            "GroupQueryAttention",
            [*qkv, f"past_key_values.{i}.key", f"past_key_values.{i}.value", "seqlens_k",
             "total_sequence_length", "cos_cache", "sin_cache"],
            n_out=3, domain="com.microsoft", name=f"{p}.attn",
            num_heads=spec.heads, kv_num_heads=spec.kv_heads, do_rotary=1,
            rotary_interleaved=int(spec.rope_interleaved), scale=float(spec.head_dim ** -0.5),
        )
        g.nodes.append(helper.make_node("Identity", [attn[1]], [f"present.{i}.key"]))
        g.nodes.append(helper.make_node("Identity", [attn[2]], [f"present.{i}.value"]))
        o = _matmul(g, attn[0], w.matrix(f"{i}.o"), f"{p}.attn.o")
        ln2 = g.init(f"{p}.ffn_norm", w.float_tensor(f"{i}.ffn_norm"))
        outs = g.node("SkipSimplifiedLayerNormalization", [o, residual, ln2], n_out=4,
                      domain="com.microsoft", name=f"{p}.ffn_norm", epsilon=spec.rms_eps)
        h, residual = outs[0], outs[3]
        gate_w, up_w = w.matrix(f"{i}.gate"), w.matrix(f"{i}.up")
        if isinstance(gate_w, Int8Columns):  # gate and up in one GEMM too, split after
            both = _matmul(g, h, _concat_columns([gate_w, up_w]), f"{p}.mlp.gate_up")
            sizes = g.init("mlp.split", np.array([gate_w.n, up_w.n], np.int64))
            gate, up = g.node("Split", [both, sizes], n_out=2, name=f"{p}.mlp.split", axis=-1)
        else:
            gate = _matmul(g, h, gate_w, f"{p}.mlp.gate")
            up = _matmul(g, h, up_w, f"{p}.mlp.up")
        act = g.node("Mul", [gate, g.node("Sigmoid", [gate])])
        pending = _matmul(g, g.node("Mul", [act, up]), w.matrix(f"{i}.down"), f"{p}.mlp.down")
        if progress:
            progress(i + 1)
    lnf = g.init("final_norm", w.float_tensor("final_norm"))
    outs = g.node("SkipSimplifiedLayerNormalization", [pending, residual, lnf], n_out=4,
                  domain="com.microsoft", name="final_norm", epsilon=spec.rms_eps)
    g.init("last.starts", np.array([-1], np.int64))
    g.init("last.ends", np.array([np.iinfo(np.int64).max], np.int64))
    g.init("last.axes", np.array([1], np.int64))
    last = g.node("Slice", [outs[0], "last.starts", "last.ends", "last.axes"], name="last_position")
    logits = _matmul(g, last, head, "lm_head")
    g.nodes.append(helper.make_node("Identity", [logits], ["logits"]))

    kv_shape = ["batch", spec.kv_heads, "past_sequence_length", spec.head_dim]
    present_shape = ["batch", spec.kv_heads, "total_sequence_length", spec.head_dim]
    inputs = [
        helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "sequence_length"]),
        helper.make_tensor_value_info("seqlens_k", TensorProto.INT32, ["batch"]),
        helper.make_tensor_value_info("total_sequence_length", TensorProto.INT32, []),
    ]
    outputs = [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 1, spec.vocab_size])]
    for i in range(spec.layers):
        for kind in ("key", "value"):
            inputs.append(helper.make_tensor_value_info(f"past_key_values.{i}.{kind}", TensorProto.FLOAT, kv_shape))
            outputs.append(helper.make_tensor_value_info(f"present.{i}.{kind}", TensorProto.FLOAT, present_shape))
    graph = helper.make_graph(g.nodes, f"{spec.arch}-decoder", inputs, outputs, g.inits)
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET), helper.make_opsetid("com.microsoft", MS_OPSET)],
        producer_name="o3-local", ir_version=10,
    )
    return model
