"""A KServe v2 server (PyPI ``kserve`` ModelServer) running a tiny numpy text model.

The model is a seeded random byte-bigram table decoded greedily: real
computation, deterministic output, no download.  It follows Triton's
generate convention (``text_input`` -> ``text_output``) and also returns the
CRC-32 of the prompt it received, so tests can prove large prompts travel
intact through the binary tensor extension.

Run: ``python kserve_textgen.py PORT`` (model name ``tiny-textgen``).
"""

from __future__ import annotations

import sys
import uuid
import zlib

import numpy as np
from kserve import InferOutput, InferRequest, InferResponse, Model, ModelServer

ALPHABET = np.frombuffer(b"abcdefghijklmnopqrstuvwxyz     ", dtype=np.uint8)


class TinyTextGen(Model):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.table: np.ndarray | None = None

    def load(self) -> bool:
        rng = np.random.default_rng(7)
        self.table = rng.random((256, len(ALPHABET)), dtype=np.float32)
        self.ready = True
        return self.ready

    def _generate(self, prompt: bytes, max_tokens: int) -> bytes:
        assert self.table is not None
        state = prompt[-1] if prompt else 0
        out = bytearray()
        for _ in range(max_tokens):
            nxt = int(ALPHABET[int(np.argmax(self.table[state]))])
            out.append(nxt)
            state = (state * 31 + nxt) % 256
        return bytes(out)

    async def predict(self, payload: InferRequest, headers=None, response_headers=None):
        tensors = {t.name: t for t in payload.inputs}
        prompt_arr = tensors["text_input"].as_numpy()
        max_tokens = 16
        if "max_tokens" in tensors:
            max_tokens = int(tensors["max_tokens"].as_numpy().reshape(-1)[0])
        texts, crcs = [], []
        for item in prompt_arr.reshape(-1):
            raw = item if isinstance(item, bytes) else str(item).encode()
            texts.append(self._generate(raw, max_tokens))
            crcs.append(zlib.crc32(raw))
        binary = bool(payload.parameters and payload.parameters.get("binary_data_output"))
        text_out = InferOutput("text_output", [len(texts)], "BYTES")
        text_out.set_data_from_numpy(np.array(texts, dtype=np.object_), binary_data=binary)
        crc_out = InferOutput("prompt_crc32", [len(crcs)], "INT64")
        crc_out.set_data_from_numpy(np.array(crcs, dtype=np.int64), binary_data=binary)
        return InferResponse(model_name=self.name, infer_outputs=[text_out, crc_out],
                             response_id=payload.id or uuid.uuid4().hex)


if __name__ == "__main__":
    port = int(sys.argv[1])
    model = TinyTextGen("tiny-textgen")
    model.load()
    ModelServer(http_port=port, grpc_port=0, enable_grpc=False, workers=1).start([model])
