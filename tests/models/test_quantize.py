"""Our MatMulNBits packing and int8 columns are what onnxruntime's kernels compute with (no model needed)."""

from __future__ import annotations

import numpy as np
import onnxruntime as ort
import pytest
from onnx import TensorProto, helper, numpy_helper

from o3local.recipes.quantize import quantize_blockwise, quantize_columns_int8


def _run_matmulnbits(q, a: np.ndarray) -> np.ndarray:
    node = helper.make_node("MatMulNBits", ["A", "B", "S", "Z"], ["Y"], domain="com.microsoft",
                            K=q.k, N=q.n, bits=q.bits, block_size=q.block, accuracy_level=0)
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info("A", TensorProto.FLOAT, [None, q.k])],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, [None, q.n])],
        [numpy_helper.from_array(q.packed, "B"), numpy_helper.from_array(q.scales, "S"),
         numpy_helper.from_array(q.zero_points, "Z")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21),
                                                    helper.make_opsetid("com.microsoft", 1)])
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, {"A": a})[0]


@pytest.mark.parametrize("bits", [4, 8])
@pytest.mark.parametrize("shape", [(64, 96), (40, 160)])  # 160/32 = 5 blocks: odd zero-point packing
def test_onnxruntime_computes_with_our_dequantized_weights(bits, shape):
    rng = np.random.default_rng(bits)
    w = rng.standard_normal(shape).astype(np.float32) * 0.05
    q = quantize_blockwise(w, bits=bits)
    a = rng.standard_normal((3, shape[1])).astype(np.float32)
    np.testing.assert_allclose(_run_matmulnbits(q, a), a @ q.dequantize().T, rtol=1e-4, atol=1e-4)
    rel = np.sqrt(((q.dequantize() - w) ** 2).mean()) / w.std()
    assert rel < (0.09 if bits == 4 else 0.006)


def test_constant_and_all_positive_blocks_survive():
    w = np.zeros((4, 64), np.float32)
    w[1] = 0.5
    w[2, :32] = np.linspace(0.1, 0.9, 32)
    q = quantize_blockwise(w, bits=4)
    np.testing.assert_allclose(q.dequantize(), w, atol=0.04)


def _run_int8_columns(q, a: np.ndarray) -> np.ndarray:
    """``a`` times ``q`` through the very node our Qwen graph writes for an int8-column weight."""
    from o3local.recipes.onnx_graph import _G, _matmul

    g = _G()
    y = _matmul(g, "A", q, "w")
    graph = helper.make_graph(
        g.nodes, "g", [helper.make_tensor_value_info("A", TensorProto.FLOAT, [None, q.k])],
        [helper.make_tensor_value_info(y, TensorProto.FLOAT, [None, q.n])], g.inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21),
                                                    helper.make_opsetid("com.microsoft", 1)])
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, {"A": a})[0]


def _as_the_kernel_sees(a: np.ndarray) -> np.ndarray:
    """``a`` after DynamicQuantizeLinear (uint8, asymmetric, per tensor), the kernel's first step."""
    lo, hi = min(float(a.min()), 0.0), max(float(a.max()), 0.0)
    scale = np.float32((hi - lo) / 255)
    zp = np.clip(np.round(-lo / scale), 0, 255)
    return (np.clip(np.round(a / scale) + zp, 0, 255) - zp) * scale


def test_dynamic_quantize_matmul_computes_with_our_int8_columns():
    rng = np.random.default_rng(7)
    w = rng.standard_normal((48, 96)).astype(np.float32) * 0.05  # GGUF order [N, K]
    w[5, 7] = 2.0  # a lone outlier: its column's clipping search must not spoil the others
    q = quantize_columns_int8(w)
    assert q.weight.shape == (96, 48) and q.weight.dtype == np.int8 and q.scales.shape == (48,)
    a = rng.standard_normal((3, 96)).astype(np.float32)
    np.testing.assert_allclose(_run_int8_columns(q, a), _as_the_kernel_sees(a) @ q.dequantize().T,
                               rtol=1e-4, atol=1e-4)
    others = np.ones(48, bool)
    others[5] = False
    rel = np.sqrt(((q.dequantize()[others] - w[others]) ** 2).mean()) / w[others].std()
    assert rel < 0.01


def test_full_range_int8_columns_are_exact_on_every_cpu():
    """Large activations against weights at +-127: the pairs that overflow int16 (255 * 127 * 2)
    in onnxruntime's u8 x s8 kernel on CPUs without VNNI (AVX2 only).  Stored as int8 they came out
    up to 19 % off there; stored as uint8 + 128 every product is exact, on any CPU."""
    rng = np.random.default_rng(3)
    w = rng.choice([-1.0, 1.0], size=(64, 128)).astype(np.float32)  # every weight at full scale
    q = quantize_columns_int8(w)
    assert np.abs(q.weight).min() == 127
    a = np.abs(rng.standard_normal((4, 128))).astype(np.float32) + 1.0  # all large and positive
    a[:, 0] = 0.0  # so the activation scale keeps 0, as real rows do
    want = _as_the_kernel_sees(a) @ q.dequantize().T
    np.testing.assert_allclose(_run_int8_columns(q, a), want, rtol=1e-5, atol=1e-3)
