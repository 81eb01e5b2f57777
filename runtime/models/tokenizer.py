"""The model's tokenizer and chat template, as the tasks see them.

Besides encode/decode it exposes every token's bytes, so grammar-constrained
decoding can tell which tokens keep the output valid, and it renders the
model's own (Jinja) chat template in a sandbox: templates come with models.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ..errors import InferenceError, Location, ModelError


@functools.lru_cache(maxsize=1)
def _unicode_to_byte() -> dict[str, int]:
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
    bs += list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs, strict=True)}


class ModelTokenizer:
    def __init__(self, path: Path, manifest: dict[str, Any]) -> None:
        from tokenizers import Tokenizer

        try:
            self._tok = Tokenizer.from_file(str(path))
            # a second instance that reads special-token strings as plain text (message contents)
            self._plain = Tokenizer.from_file(str(path))
            self._plain.encode_special_tokens = True
        except Exception as exc:  # tokenizers raises plain Exception on bad JSON
            raise ModelError(f"cannot read tokenizer: {exc}", where=Location(file=str(path)),
                             code="model.tokenizer") from exc
        info = manifest.get("tokenizer", {})
        self.eos_ids: list[int] = list(info.get("eos_ids", []))
        self.bos_id: int | None = info.get("bos_id")
        self.add_bos: bool = bool(info.get("add_bos", False))
        self.vocab_size: int = int(manifest["graph"]["vocab_size"])
        self._special = {t.content for t in self._tok.get_added_tokens_decoder().values() if t.special}
        self._template_src: str | None = manifest.get("chat_template")
        self._pieces: list[bytes] | None = None

    # -- text <-> ids ------------------------------------------------------
    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``; special-token strings (``<|im_end|>``) become their tokens."""
        ids = self._tok.encode(text, add_special_tokens=False).ids
        if self.add_bos and self.bos_id is not None:
            ids = [self.bos_id, *ids]
        return ids

    def decode(self, ids: list[int]) -> str:
        """Text of ``ids`` without special tokens."""
        return self._tok.decode(list(ids), skip_special_tokens=True)

    def count_tokens(self, text: str) -> int:
        return len(self.encode(text))

    def token_bytes(self, token_id: int) -> bytes:
        """The exact bytes a token stands for (b"" for special tokens)."""
        if self._pieces is None:
            self._pieces = self._all_pieces()
        return self._pieces[token_id]

    def id_to_piece(self, token_id: int) -> str:
        """A token's text (bytes that are only part of a UTF-8 character show as U+FFFD)."""
        return self.token_bytes(token_id).decode("utf-8", errors="replace")

    def pieces(self) -> list[bytes]:
        """Every token's bytes, indexed by id (for grammars)."""
        if self._pieces is None:
            self._pieces = self._all_pieces()
        return self._pieces

    def _all_pieces(self) -> list[bytes]:
        table = _unicode_to_byte()
        out: list[bytes] = []
        for i in range(self.vocab_size):
            tok = self._tok.id_to_token(i)
            if tok is None or tok in self._special:
                out.append(b"")
            elif all(c in table for c in tok):
                out.append(bytes(table[c] for c in tok))
            else:  # an added non-byte-level token: its text is itself
                out.append(tok.encode("utf-8"))
        return out

    # -- chat ----------------------------------------------------------------
    @functools.cached_property
    def _template(self):
        from jinja2.sandbox import ImmutableSandboxedEnvironment

        if not self._template_src:
            raise InferenceError("this model has no chat template; use complete()", code="inference.chat_template")
        env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)

        def raise_exception(message: str) -> None:
            raise InferenceError(f"chat template refused the messages: {message}", code="inference.chat_template")

        env.globals["raise_exception"] = raise_exception
        return env.from_string(self._template_src)

    def encode_chat(self, messages: list[dict[str, str]], add_generation_prompt: bool = True) -> list[int]:
        """Token ids of the chat prompt; text inside messages never becomes a control token.

        A document that contains ``<|im_end|>`` must not end its own message, so
        the template is rendered around placeholders and each message's content
        is tokenized with special-token matching off.
        """
        import re

        marks = [f"\x00o3msg{i}\x00" for i in range(len(messages))]
        self._check(messages)
        shell = [{**m, "content": mark} for m, mark in zip(messages, marks, strict=True)]
        rendered = self._template.render(messages=shell, add_generation_prompt=add_generation_prompt,
                                         bos_token="", eos_token="")
        ids: list[int] = [self.bos_id] if self.add_bos and self.bos_id is not None else []
        for part in re.split("(\x00o3msg\\d+\x00)", rendered):
            if not part:
                continue
            if part in marks:
                content = messages[marks.index(part)]["content"]
                ids += self._plain.encode(content, add_special_tokens=False).ids
            else:
                ids += self._tok.encode(part, add_special_tokens=False).ids
        return ids

    @staticmethod
    def _check(messages: list[dict[str, str]]) -> None:
        if not isinstance(messages, list) or not messages:
            raise InferenceError("messages must be a non-empty list", where=Location(pointer="/messages"),
                                 code="usage.messages")
        for i, m in enumerate(messages):
            if not isinstance(m, dict) or m.get("role") not in ("system", "user", "assistant") \
                    or not isinstance(m.get("content"), str):
                raise InferenceError(
                    "each message needs a role (system, user or assistant) and a string content",
                    where=Location(pointer=f"/messages/{i}"), code="usage.messages")

    def apply_chat_template(self, messages: list[dict[str, str]], add_generation_prompt: bool = True) -> str:
        self._check(messages)
        return self._template.render(messages=messages, add_generation_prompt=add_generation_prompt,
                                     bos_token="", eos_token="")
