"""Which models o3-local knows, and which one serves each task by default.

For each task the first installed model of its list is used, so a machine that
only built the small English model still summarizes, while one with Qwen uses
it (better, and the one that handles Chinese and formulas).
"""

from __future__ import annotations

SMOLLM2 = "smollm2-135m-instruct"
QWEN_CODER = "qwen2.5-coder-0.5b-instruct"
QWEN_CODER_15 = "qwen2.5-coder-1.5b-instruct"

KNOWN_MODELS: dict[str, str] = {
    SMOLLM2: "SmolLM2-135M-Instruct (English, fast; 8-bit weights)",
    QWEN_CODER: "Qwen2.5-Coder-0.5B-Instruct (English and Chinese, formulas; 8-bit weights)",
    QWEN_CODER_15: "Qwen2.5-Coder-1.5B-Instruct (optional, larger and slower; mixed 4/8-bit weights)",
}

#: the languages each model writes; a task never gives a model text in another
#: (SmolLM2 echoes a Chinese prompt and emits U+FFFD)
MODEL_LANGUAGES: dict[str, frozenset[str]] = {
    SMOLLM2: frozenset({"en"}),
    QWEN_CODER: frozenset({"en", "zh"}),
    QWEN_CODER_15: frozenset({"en", "zh"}),
}


def writes(model: str, lang: str) -> bool:
    """Whether ``model`` is known to write ``lang`` (unknown models: English only)."""
    return lang in MODEL_LANGUAGES.get(model, frozenset({"en"}))


TASK_MODELS: dict[str, list[str]] = {
    "summarization": [QWEN_CODER, SMOLLM2],
    "formula-generation": [QWEN_CODER, SMOLLM2],
    "chat": [QWEN_CODER, SMOLLM2],
}
