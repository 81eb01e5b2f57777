// A second WebAssembly host for the layout module: Node.js (V8) instead of wasmtime.
//
// Usage: node node_host.mjs MODULE.wasm REQUEST.bin RESULT.bin [REQUEST.bin RESULT.bin ...]
//
// Follows wasm/ABI.md (abi_version 1) exactly as the Python host does: a fresh
// instance per request, instantiated with NO imports (the module imports
// nothing), o3_alloc + copy + o3_render, then the result bytes are written
// unchanged.  Prints one JSON line per request: {"status": N, "length": N}.
import { readFileSync, writeFileSync } from "node:fs";

const [wasmPath, ...pairs] = process.argv.slice(2);
if (!wasmPath || pairs.length === 0 || pairs.length % 2 !== 0) {
  process.stderr.write("usage: node node_host.mjs MODULE.wasm REQUEST.bin RESULT.bin [...]\n");
  process.exit(2);
}
const module = await WebAssembly.compile(readFileSync(wasmPath));
if (WebAssembly.Module.imports(module).length !== 0) {
  process.stderr.write("the module must import nothing\n");
  process.exit(3);
}
for (let i = 0; i < pairs.length; i += 2) {
  const request = readFileSync(pairs[i]);
  const instance = await WebAssembly.instantiate(module, {});
  const e = instance.exports;
  const abi = e.o3_abi_version();
  if (abi !== 1) {
    process.stderr.write(`unsupported abi_version ${abi}\n`);
    process.exit(4);
  }
  const ptr = e.o3_alloc(request.length) >>> 0;
  if (ptr === 0) {
    process.stderr.write("o3_alloc failed\n");
    process.exit(5);
  }
  new Uint8Array(e.memory.buffer, ptr, request.length).set(request);
  const status = e.o3_render(ptr, request.length);
  const rp = e.o3_result_ptr() >>> 0;
  const rl = e.o3_result_len() >>> 0;
  // read through a fresh view: the memory may have grown during the call
  writeFileSync(pairs[i + 1], new Uint8Array(e.memory.buffer, rp, rl));
  process.stdout.write(JSON.stringify({ status, length: rl }) + "\n");
}
