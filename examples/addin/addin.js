// Minimal add-in client for the o3-local loopback service.
// URL and token come in the page's fragment (#url=...&token=...), which the
// browser never sends to any server; a real add-in gets them from its host.
"use strict";

const params = new URLSearchParams(location.hash.slice(1));
const service = { url: params.get("url"), token: params.get("token") };
const out = document.getElementById("out");

async function call(path, body) {
  const res = await fetch(service.url + path, {
    method: body === undefined ? "GET" : "POST",
    headers: Object.assign({ Authorization: "Bearer " + service.token },
                           body === undefined ? {} : { "Content-Type": "application/json" }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const doc = await res.json();
  if (!doc.ok && doc.error) {
    const where = doc.error.where || {};
    const at = [where.file, where.pointer, where.line].filter((x) => x != null).join(" ");
    throw new Error(`${doc.error.code}: ${doc.error.message}${at ? " (" + at + ")" : ""}`);
  }
  return doc.result !== undefined ? doc.result : doc;
}

function show(promise, pick) {
  out.className = "";
  out.textContent = "...";
  promise.then((r) => { out.textContent = pick ? pick(r) : JSON.stringify(r, null, 2); })
         .catch((e) => { out.className = "error"; out.textContent = String(e.message || e); });
}

document.getElementById("summarize").onclick = () =>
  show(call("/v1/summarize", { text: document.getElementById("text").value, max_chars: 200 }),
       (r) => r.text);
document.getElementById("formula").onclick = () =>
  show(call("/v1/formula", { request: document.getElementById("request").value,
                             sheet: document.getElementById("sheet").value || null,
                             target_cell: "D2" }),
       (r) => `${r.formula}   (= ${r.value})\n${r.explanation}`);
document.getElementById("status").onclick = () => show(call("/v1/status"));

if (service.url && service.token) {
  call("/health").then(() => {
    document.getElementById("service").textContent = "connected to " + service.url;
    const auto = params.get("autorun");  // e.g. #...&autorun=summarize (used by the test)
    if (auto && document.getElementById(auto)) document.getElementById(auto).click();
  }).catch((e) => { document.getElementById("service").textContent = "error: " + e.message; });
}
