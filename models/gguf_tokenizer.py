"""Rebuild a Hugging Face ``tokenizer.json`` from a GGUF's tokenizer metadata.

llama.cpp stores the BPE vocabulary, the merges and the token types, plus the
name of the pre-tokenizer ("smollm", "qwen2", ...) whose split regex is
compiled into llama.cpp itself.  The regexes below are those llama.cpp uses
for these names (llama-vocab.cpp), so the rebuilt tokenizer splits text the
same way before byte-level BPE.
"""

from __future__ import annotations

from typing import Any

from ..errors import Location, ModelError

GPT2_REGEX = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)"
QWEN2_REGEX = (
    r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
# llama.cpp pre-tokenizer name -> the regexes it applies in order
PRE_TOKENIZERS: dict[str, list[str]] = {
    "smollm": [r"\p{N}", GPT2_REGEX],
    "gpt-2": [GPT2_REGEX],
    "qwen2": [QWEN2_REGEX],
}
CONTROL, USER_DEFINED = 3, 4


def tokenizer_json(meta: dict[str, Any], source: str = "GGUF") -> dict[str, Any]:
    """The tokenizer.json document (a dict) for the GGUF metadata ``meta``."""
    from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, pre_tokenizers

    where = Location(file=source)
    if meta.get("tokenizer.ggml.model") != "gpt2":
        raise ModelError(f"unsupported tokenizer model {meta.get('tokenizer.ggml.model')!r}", where=where)
    pre = str(meta.get("tokenizer.ggml.pre", "gpt-2"))
    if pre not in PRE_TOKENIZERS:
        raise ModelError(f"unknown llama.cpp pre-tokenizer {pre!r}", where=where)
    tokens: list[str] = list(meta["tokenizer.ggml.tokens"])
    types: list[int] = list(meta.get("tokenizer.ggml.token_type", [1] * len(tokens)))
    merges = [tuple(m.split(" ", 1)) for m in meta["tokenizer.ggml.merges"]]
    vocab = {t: i for i, t in enumerate(tokens)}
    tok = Tokenizer(models.BPE(vocab=vocab, merges=merges, fuse_unk=False, byte_fallback=False))
    splits = [pre_tokenizers.Split(Regex(rx), behavior="isolated") for rx in PRE_TOKENIZERS[pre]]
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [*splits, pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)]
    )
    tok.decoder = decoders.ByteLevel()
    specials = [
        AddedToken(t, special=(ty == CONTROL), normalized=False)
        for t, ty in zip(tokens, types, strict=False)
        if ty in (CONTROL, USER_DEFINED)
    ]
    tok.add_tokens(specials)
    import json

    return json.loads(tok.to_str())
