"""The preview page: plain HTML and a few lines of script, no framework, nothing fetched
from outside (the content security policy allows only this origin).

The pages are ``<img>`` elements pointing at SVG, so nothing a template writes
can run as script in the page.  ``body[data-version]`` and ``#problems`` are
what the browser test reads.
"""

PAGE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>o3-local preview</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: #e8e8ec; color: #222; }
  header { position: sticky; top: 0; display: flex; gap: 1em; align-items: center;
           padding: .5em 1em; background: #fff; border-bottom: 1px solid #ccc; z-index: 1; }
  header h1 { font-size: 1em; margin: 0; }
  #status.ok { color: #176b2c; } #status.bad { color: #a61b1b; }
  #problems { margin: 0; padding: .5em 1em .5em 2.5em; background: #fff4f4;
              border-bottom: 1px solid #e5b9b9; }
  #problems:empty { display: none; }
  #problems li.warning { color: #7a5b00; }
  #problems code { font-weight: 600; }
  main { display: flex; flex-direction: column; align-items: center; gap: 1em; padding: 1em; }
  main.stale img { opacity: .45; }
  main img { max-width: min(100%, 1100px); background: #fff; box-shadow: 0 1px 4px #0003; }
</style>
</head>
<body data-version="0">
<header>
  <h1 id="template">o3-local preview</h1>
  <span id="status">connecting…</span>
  <span style="flex:1"></span>
  <label>Download
    <select id="format">
      <option value="pdf">PDF</option><option value="pptx">PPTX</option>
      <option value="docx">DOCX</option><option value="xlsx">XLSX</option>
    </select></label>
  <a id="download" href="#">download</a>
</header>
<ol id="problems"></ol>
<main id="pages"></main>
<script>
"use strict";
const token = new URLSearchParams(location.hash.slice(1)).get("t") || "";
const $ = (id) => document.getElementById(id);
const q = (path) => path + (path.includes("?") ? "&" : "?") + "t=" + encodeURIComponent(token);

function where(w) {
  if (!w || !w.file) return w && w.line ? "line " + w.line + (w.column ? ":" + w.column : "") : "";
  let s = w.file;
  if (w.line) s += ":" + w.line + (w.column ? ":" + w.column : "");
  if (w.pointer) s += " " + w.pointer;
  return s;
}

function show(state) {
  document.body.dataset.version = state.version;
  document.body.dataset.ok = state.ok;
  $("template").textContent = state.template || "o3-local preview";
  const errors = state.problems.filter((p) => p.severity === "error").length;
  $("status").className = state.ok ? "ok" : "bad";
  $("status").textContent = state.ok
    ? "v" + state.version + " · " + state.pages + " page(s) · " + state.render_ms + " ms"
    : "v" + state.version + " · " + errors + " problem(s)" + (state.stale ? " · showing the last good render" : "");
  const list = $("problems");
  list.replaceChildren(...state.problems.map((p) => {
    const li = document.createElement("li");
    li.className = p.severity;
    li.dataset.code = p.code;
    const code = document.createElement("code");
    code.textContent = p.code;
    const loc = where(p.where);
    li.append(code, " " + (loc ? loc + ": " : "") + p.message + (p.hint ? " (" + p.hint + ")" : ""));
    return li;
  }));
  const pages = $("pages");
  pages.className = state.stale ? "stale" : "";
  pages.dataset.version = state.pages_version;
  pages.replaceChildren(...Array.from({ length: state.pages }, (_, i) => {
    const img = document.createElement("img");
    img.alt = "page " + (i + 1);
    img.id = "page-" + (i + 1);
    img.src = q("/api/page/" + state.pages_version + "/" + (i + 1) + ".svg");
    return img;
  }));
}

$("format").addEventListener("change", () => { $("download").href = q("/api/download/" + $("format").value); });
$("download").href = q("/api/download/pdf");

async function loop() {
  let version = -1;
  for (;;) {
    try {
      const r = await fetch("/api/state?since=" + version, { headers: { "X-O3-Token": token } });
      const state = await r.json();
      if (!r.ok) { $("status").className = "bad"; $("status").textContent = state.error.message; return; }
      if (state.version !== version) { version = state.version; show(state); }
    } catch (e) {
      $("status").className = "bad";
      $("status").textContent = "preview stopped (" + e.message + ")";
      await new Promise((ok) => setTimeout(ok, 1000));
    }
  }
}
loop();
</script>
</body>
</html>
"""
