"""Read a GGUF file's metadata and tensors without llama.cpp.

The recipes only trust a GGUF after checking what it claims to be: the
architecture, the hyper-parameters and every tensor's shape are compared with
the recipe's expectations before a single weight is converted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Location, ModelError


@dataclass(frozen=True)
class GGUFTensor:
    name: str
    qtype: str  # llama.cpp quantization name: "Q4_1", "Q8_0", "F32", ...
    shape: tuple[int, ...]  # numpy order: (rows, cols) = (out_features, in_features)
    raw: Any  # numpy view of the stored bytes (memory-mapped)


class GGUFFile:
    """A memory-mapped GGUF: ``meta`` (dict) and ``tensors`` (name -> GGUFTensor)."""

    def __init__(self, path: str | Path) -> None:
        import gguf

        self.path = Path(path)
        try:
            reader = gguf.GGUFReader(str(self.path))
        except Exception as exc:  # gguf raises ValueError/struct.error on junk
            raise ModelError(f"not a readable GGUF file: {exc}", where=Location(file=str(path))) from exc
        self.meta: dict[str, Any] = {}
        for key, field in reader.fields.items():
            try:
                self.meta[key] = field.contents()
            except Exception:  # noqa: BLE001 - exotic field types are not needed
                continue
        self.tensors: dict[str, GGUFTensor] = {}
        for t in reader.tensors:
            shape = tuple(int(d) for d in reversed(t.shape.tolist()))
            self.tensors[t.name] = GGUFTensor(t.name, t.tensor_type.name, shape, t.data)
        self._reader = reader

    @property
    def arch(self) -> str:
        return str(self.meta.get("general.architecture", ""))

    def hparam(self, key: str) -> Any:
        full = f"{self.arch}.{key}"
        if full not in self.meta:
            raise ModelError(f"GGUF metadata lacks {full!r}", where=Location(file=str(self.path)))
        return self.meta[full]

    def tensor(self, name: str) -> GGUFTensor:
        if name not in self.tensors:
            raise ModelError(f"GGUF lacks tensor {name!r}", where=Location(file=str(self.path)))
        return self.tensors[name]

    def dequantize(self, name: str):
        """The tensor as float32, in numpy order."""
        import gguf
        import numpy as np

        t = self.tensor(name)
        qt = gguf.GGMLQuantizationType[t.qtype]
        return np.asarray(gguf.quants.dequantize(t.raw, qt), dtype=np.float32).reshape(t.shape)
