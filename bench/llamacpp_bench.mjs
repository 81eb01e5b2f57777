// llama.cpp baseline for bench/generate.py: time to first token, prefill and decode speed on a GGUF.
//
// Runs llama.cpp through node-llama-cpp's prebuilt CPU binary (@node-llama-cpp/linux-x64, from the
// npm registry); it never builds nor downloads anything at run time (build: "never",
// skipDownload).  Not part of the package and not run in CI.  Setup, once, outside the repo:
//
//     mkdir -p /work/llamacpp-bench && cd /work/llamacpp-bench
//     npm init -y && npm install node-llama-cpp@3 --ignore-scripts
//
// Then (bench/generate.py does this for you with --llamacpp-dir /work/llamacpp-bench):
//
//     NODE_PATH=/work/llamacpp-bench/node_modules node bench/llamacpp_bench.mjs \
//         --modules /work/llamacpp-bench/node_modules --gguf model.gguf \
//         (--tokens ids.json | --prompt-file prompt.txt) [--threads 2] [--decode 64] [--runs 3] [--ban 2,0]
//
// The prompt is a JSON list of token ids (generate.py passes the ids our tokenizer made, so both
// engines read exactly the same prompt) or plain text tokenized by llama.cpp.  Greedy decoding of
// --decode tokens with the --ban ids (end-of-text) masked out, so every run decodes the same count.
// Measured like engine.py does: TTFT = prompt evaluation + first sample; prefill tok/s = prompt
// tokens / TTFT; decode tok/s = (decode - 1) / (time after the first token).  Median of --runs
// runs after one warm-up run.  Prints one JSON line on stdout.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
    const out = { threads: 2, decode: 64, runs: 3, ban: "", ctx: 1024 };
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        if (!a.startsWith("--")) throw new Error(`unexpected argument ${a}`);
        out[a.slice(2).replace(/-(.)/g, (_, c) => c.toUpperCase())] = argv[++i];
    }
    for (const k of ["threads", "decode", "runs", "ctx"]) out[k] = Number(out[k]);
    if (!out.gguf) throw new Error("--gguf is required");
    return out;
}

async function importLlama(modules) {
    if (modules) {
        const req = createRequire(path.join(path.resolve(modules), "..", "package.json"));
        return import(pathToFileURL(req.resolve("node-llama-cpp")).href);
    }
    return import("node-llama-cpp");
}

const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
    const args = parseArgs(process.argv.slice(2));
    const { getLlama, TokenBias } = await importLlama(args.modules);
    const llama = await getLlama({
        gpu: false, build: "never", usePrebuiltBinaries: true, skipDownload: true,
        logLevel: "error", progressLogs: false,
    });
    const tLoad0 = performance.now();
    const model = await llama.loadModel({ modelPath: path.resolve(args.gguf), gpuLayers: 0, useMmap: true });
    const context = await model.createContext({
        contextSize: args.ctx, threads: { ideal: args.threads, min: args.threads }, batchSize: 512,
        sequences: 1,
    });
    const loadMs = performance.now() - tLoad0;
    const sequence = context.getSequence();
    const tokens = args.tokens ? JSON.parse(readFileSync(args.tokens, "utf8"))
        : model.tokenize(readFileSync(args.promptFile, "utf8"), false);
    const ban = args.ban ? args.ban.split(",").filter(Boolean).map(Number) : [];
    for (const t of [model.tokens.eos, model.tokens.eot]) if (t != null && !ban.includes(t)) ban.push(t);
    const bias = new TokenBias(model.tokenizer);
    for (const t of ban) bias.set(t, "never");

    async function once(nDecode) {
        await sequence.clearHistory();
        const t0 = performance.now();
        let t1 = 0;
        const got = [];
        for await (const tok of sequence.evaluate(tokens, { temperature: 0, tokenBias: bias })) {
            if (got.length === 0) t1 = performance.now();
            got.push(tok);
            if (got.length >= nDecode) break;
        }
        const t2 = performance.now();
        return {
            ttft_ms: t1 - t0,
            prefill_tok_s: tokens.length / ((t1 - t0) / 1000),
            decode_tok_s: got.length > 1 ? (got.length - 1) / ((t2 - t1) / 1000) : 0,
            tokens: got,
        };
    }

    await once(4); // warm-up
    const rows = [];
    for (let i = 0; i < args.runs; i++) rows.push(await once(args.decode));
    const res = {
        engine: "llama.cpp", binding: "node-llama-cpp", llama_cpp_release: llama.llamaCppRelease?.release ?? null,
        build: llama.buildType, gpu: llama.gpu, cpu_threads: context.currentThreads ?? args.threads,
        threads: args.threads, prompt_tokens: tokens.length, decode: args.decode, runs: args.runs,
        load_ms: loadMs,
        ttft_ms: median(rows.map((r) => r.ttft_ms)),
        prefill_tok_s: median(rows.map((r) => r.prefill_tok_s)),
        decode_tok_s: median(rows.map((r) => r.decode_tok_s)),
        first_tokens: rows[0].tokens.slice(0, 16),
    };
    console.log(JSON.stringify(res));
    await context.dispose();
    await model.dispose();
    await llama.dispose();
}

main().catch((err) => {
    console.error(err?.stack ?? String(err));
    process.exit(1);
});
