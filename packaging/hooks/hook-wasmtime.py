"""wasmtime loads ``_libwasmtime.so`` with ctypes from ``wasmtime/<platform>-<machine>/``.

PyInstaller's default library patterns (``lib*.so``) do not match the leading
underscore, and no import names the file, so without this hook the bundle
builds fine and then fails on the first render.  The library keeps its
relative place because ``wasmtime._ffi`` looks for it next to its own file.
"""

from PyInstaller.utils.hooks import collect_dynamic_libs, copy_metadata

binaries = collect_dynamic_libs("wasmtime", search_patterns=["*.so", "*.dylib", "*.dll"])

# o3local.layout keys its ahead-of-time compiled module cache on
# importlib.metadata.version("wasmtime"), so the distribution metadata must ship.
datas = copy_metadata("wasmtime")
