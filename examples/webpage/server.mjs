// examples/webpage/server.mjs: a tiny web server for index.html that proxies
// /api/embeddings to kiln serve, adding the API key on the server side so the
// browser never sees it. Node 18+, no dependencies.
//
//   KILN_SERVE_URL=http://127.0.0.1:8000 KILN_API_KEY=... PORT=8080 node server.mjs
import http from "node:http";
import { readFile } from "node:fs/promises";

const port = Number(process.env.PORT ?? 8080);
const upstream = process.env.KILN_SERVE_URL ?? "http://127.0.0.1:8000";
const key = process.env.KILN_API_KEY ?? "";
const page = await readFile(new URL("./index.html", import.meta.url));
const MAX_BODY = 1 << 20;

async function proxy(req, res, route) {
  const chunks = [];
  let size = 0;
  for await (const c of req) {
    size += c.length;
    if (size > MAX_BODY) return send(res, 413, { error: { message: "request body too large" } });
    chunks.push(c);
  }
  try {
    const r = await fetch(upstream + route, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: Buffer.concat(chunks),
    });
    res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
    res.end(Buffer.from(await r.arrayBuffer()));
  } catch (e) {
    send(res, 502, { error: { message: `kiln serve is not reachable at ${upstream}: ${e.cause?.code ?? e.message}` } });
  }
}

function send(res, status, obj) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(obj));
}

const server = http.createServer((req, res) => {
  if (req.method === "GET" && (req.url === "/" || req.url === "/index.html")) {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page);
  } else if (req.method === "POST" && req.url === "/api/embeddings") {
    proxy(req, res, "/v1/embeddings");
  } else {
    send(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
  }
});
server.listen(port, "127.0.0.1", () => console.log(`web page on http://127.0.0.1:${port}/ (kiln serve at ${upstream})`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
