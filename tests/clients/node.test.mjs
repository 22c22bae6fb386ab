// tests/clients/node.test.mjs — the Node client (clients/node) end to end:
// small Python models (tests/clients/*.py, tests/abi/arraylib.py) compiled by
// bin/kiln, called through the client, and checked against the same Python
// source run by CPython (numpy's under /usr/bin/python3 for the ndarray ones).
// The remote path runs against an OpenAI-wire-format server written here
// with node:http, itself answering from a second client over the same
// libraries: the hybrid path must give the same results as the local one.
//
//   node --test tests/clients/node.test.mjs      (bin/kiln built; koffi installed in clients/node)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  Kiln, APIError, BadRequestError, NotFoundError, AuthenticationError, RateLimitError, KilnArray,
} from "../../clients/node/index.mjs";
import { Library } from "../../clients/node/native.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const KILN = path.join(ROOT, "bin/kiln");
const PY = process.env.KILN_PYTHON ?? "python3";
const NUMPY_PY = process.env.KILN_NUMPY_PYTHON ?? "/usr/bin/python3";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kiln-node-"));
const lib = {};

function compile(name, src) {
  const out = path.join(tmp, `${name}.so`);
  const p = spawnSync(KILN, ["compile", path.join(ROOT, src), "-o", out], { encoding: "utf8" });
  assert.equal(p.status, 0, `kiln compile ${src}: ${p.stderr}`);
  lib[name] = out;
}

/** The Python reference: module.func(*args) under python, as JSON (an
 * ndarray as tolist(), a generator's items as a list, an exception as
 * {error: "Type: message"}). One long-lived interpreter per python answers
 * a JSON line per call. */
const REF_SERVER = `
import json, sys, types, traceback
for line in sys.stdin:
    d, module, func, args = json.loads(line)
    if d not in sys.path:
        sys.path.insert(0, d)
    try:
        r = getattr(__import__(module), func)(*args)
        if isinstance(r, types.GeneratorType):
            r = list(r)
        if hasattr(r, "tolist"):
            r = r.tolist()
        out = json.dumps(r)
    except Exception as e:
        out = json.dumps({"error": traceback.format_exception_only(type(e), e)[-1].strip()})
    print(out, flush=True)`;
const refProcs = new Map();
function reference(python, dir, module, func, args) {
  let proc = refProcs.get(python);
  if (!proc) {
    const child = spawn(python, ["-c", REF_SERVER], { stdio: ["pipe", "pipe", "inherit"] });
    proc = { child, waiting: [], buf: "" };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d) => {
      proc.buf += d;
      let nl;
      while ((nl = proc.buf.indexOf("\n")) >= 0) {
        const line = proc.buf.slice(0, nl);
        proc.buf = proc.buf.slice(nl + 1);
        proc.waiting.shift()(JSON.parse(line));
      }
    });
    refProcs.set(python, proc);
  }
  return new Promise((resolve) => {
    proc.waiting.push(resolve);
    proc.child.stdin.write(JSON.stringify([path.join(ROOT, dir), module, func, args]) + "\n");
  });
}
const chatRef = (args) => reference(PY, "tests/clients", "chatlib", "chat", args);
const countRef = (text) => reference(PY, "tests/clients", "chatlib", "count_tokens", [text]);

let server, serverURL, serverClient;
const API_KEY = "sk-test-kiln";

/** An OpenAI-compatible server over serverClient (local libraries). */
function startServer() {
  return new Promise((resolve) => {
    server = http.createServer(async (req, res) => {
      const send = (status, obj) => {
        res.writeHead(status, { "content-type": "application/json", "x-request-id": "req_test" });
        res.end(JSON.stringify(obj));
      };
      if (req.headers.authorization !== `Bearer ${API_KEY}`)
        return send(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error", param: null, code: "invalid_api_key" } });
      let raw = "";
      for await (const c of req) raw += c;
      try {
        const body = raw ? JSON.parse(raw) : undefined;
        if (req.method === "GET" && req.url === "/v1/models") return send(200, await serverClient.models.list());
        if (req.method === "POST" && req.url === "/v1/embeddings") return send(200, await serverClient.embeddings.create(body));
        if (req.method === "POST" && req.url === "/v1/chat/completions") {
          const r = await serverClient.chat.completions.create(body);
          if (!body.stream) return send(200, r);
          res.writeHead(200, { "content-type": "text/event-stream" });
          for await (const chunk of r) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
          res.end("data: [DONE]\n\n");
          return;
        }
        send(404, { error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: "invalid_request_error", param: null, code: "unknown_url" } });
      } catch (e) {
        send(e.status ?? 500, { error: e.error ?? { message: String(e), type: "server_error", param: null, code: null } });
      }
    });
    server.listen(0, "127.0.0.1", () => {
      serverURL = `http://127.0.0.1:${server.address().port}/v1`;
      resolve();
    });
  });
}

before(async () => {
  compile("chat", "tests/clients/chatlib.py");
  compile("embed", "tests/clients/embedlib.py");
  compile("arrayembed", "tests/clients/arrayembed.py");
  compile("arraylib", "tests/abi/arraylib.py");
  compile("echo", "tests/clients/echochat.py");
  // the server's own copies, so its models are not the local client's files
  serverClient = new Kiln({ models: { "remote-chat": lib.chat, "remote-embed": lib.embed } });
  await startServer();
});

after(() => {
  server?.close();
  for (const { child } of refProcs.values()) child.stdin.end();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const models = () => ({ chat: lib.chat, embed: lib.embed, arrayembed: lib.arrayembed, arraylib: lib.arraylib });
const texts = ["The cat sat on the mat.", "héllo wörld 中文", "", "a"];

test("embeddings: float vectors equal CPython's, shaped as openai's", async () => {
  const client = new Kiln({ models: models() });
  const r = await client.embeddings.create({ model: "embed", input: texts });
  const want = await reference(PY, "tests/clients", "embedlib", "embed", [texts]);
  assert.equal(r.object, "list");
  assert.equal(r.model, "embed");
  assert.deepEqual(r.data.map((d) => d.embedding), want);
  r.data.forEach((d, i) => assert.deepEqual(Object.keys(d).sort(), ["embedding", "index", "object"]) || assert.equal(d.index, i));
  const words = texts.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
  assert.deepEqual(r.usage, { prompt_tokens: words, total_tokens: words });
  const one = await client.embeddings.create({ model: "embed", input: "a" });
  assert.deepEqual(one.data[0].embedding, want[3]);
});

test("embeddings: base64 is the float32 bytes; dimensions truncates and renormalises", async () => {
  const client = new Kiln({ models: models() });
  const want = await reference(PY, "tests/clients", "embedlib", "embed", [texts]);
  const b = await client.embeddings.create({ model: "embed", input: texts, encoding_format: "base64" });
  b.data.forEach((d, i) => {
    const buf = Buffer.from(d.embedding, "base64");
    const got = new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4);
    assert.deepEqual(Array.from(got), Array.from(Float32Array.from(want[i])));
  });
  const d = await client.embeddings.create({ model: "embed", input: texts, dimensions: 8 });
  d.data.forEach((e, i) => {
    const cut = want[i].slice(0, 8);
    const n = Math.sqrt(cut.reduce((s, x) => s + x * x, 0)) || 1;
    assert.equal(e.embedding.length, 8);
    e.embedding.forEach((x, j) => assert.ok(Math.abs(x - cut[j] / n) < 1e-15));
  });
});

test("embeddings: an ndarray model, its own dimensions parameter, against numpy", async () => {
  const client = new Kiln({ models: models() });
  for (const dims of [undefined, 5]) {
    const r = await client.embeddings.create({ model: "arrayembed", input: ["ab", "kiln", ""], dimensions: dims });
    const want = await reference(NUMPY_PY, "tests/clients", "arrayembed", "embed", dims ? [["ab", "kiln", ""], dims] : [["ab", "kiln", ""]]);
    assert.deepEqual(r.data.map((d) => d.embedding), want);
  }
});

test("chat: a completion equal to CPython's generator, with usage", async () => {
  const client = new Kiln({ models: models() });
  const messages = [
    { role: "system", content: "You are terse." },
    { role: "user", content: "Hello there, big wide world!" },
  ];
  const r = await client.chat.completions.create({ model: "chat", messages, max_tokens: 10, temperature: 0 });
  const pieces = await chatRef([messages, 10, 0.0]);
  assert.match(r.id, /^chatcmpl-/);
  assert.equal(r.object, "chat.completion");
  assert.ok(Number.isInteger(r.created) && Math.abs(r.created - Date.now() / 1000) < 60);
  assert.equal(r.model, "chat");
  assert.deepEqual(r.choices, [{ index: 0, message: { role: "assistant", content: pieces.join(""), refusal: null, annotations: [] }, logprobs: null, finish_reason: "stop" }]);
  const prompt = (await countRef(messages[0].content)) + (await countRef(messages[1].content));
  assert.deepEqual(r.usage, { prompt_tokens: prompt, completion_tokens: pieces.length, total_tokens: prompt + pieces.length });
  const short = await client.chat.completions.create({ model: "chat", messages, max_tokens: 2 });
  assert.equal(short.choices[0].message.content, (await chatRef([messages, 2, 1.0])).join(""));
  assert.equal(short.choices[0].finish_reason, "length");
  // text parts, and the function's defaults when max_tokens and temperature are left out
  const parts = await client.chat.completions.create({ model: "chat", messages: [{ role: "user", content: [{ type: "text", text: "one two" }] }] });
  assert.equal(parts.choices[0].message.content, (await chatRef([[{ role: "user", content: "one two" }]])).join(""));
});

test("chat: a function without max_tokens is cut by the client", async () => {
  const client = new Kiln({ models: { echo: lib.echo } });
  const messages = [{ role: "user", content: "héllo" }];
  const want = await reference(PY, "tests/clients", "echochat", "chat", [messages]);
  const r = await client.chat.completions.create({ model: "echo", messages, max_tokens: 3 });
  assert.equal(r.choices[0].message.content, want.slice(0, 3).join(""));
  assert.equal(r.choices[0].finish_reason, "length");
  assert.equal(r.usage.completion_tokens, 3);
  const full = await client.chat.completions.create({ model: "echo", messages });
  assert.equal(full.choices[0].message.content, want.join(""));
  assert.equal(full.choices[0].finish_reason, "stop");
  const pieces = [];
  for await (const c of await client.chat.completions.create({ model: "echo", messages, max_tokens: 2, stream: true }))
    pieces.push(c.choices[0].delta.content ?? c.choices[0].finish_reason);
  assert.deepEqual(pieces, ["", ...want.slice(0, 2), "length"]);
});

test("chat: streaming yields openai-shaped chunks as the generator yields", async () => {
  const client = new Kiln({ models: models() });
  const messages = [{ role: "user", content: "stream these few words please" }];
  const stream = await client.chat.completions.create({ model: "chat", messages, max_tokens: 4, temperature: 0.5, stream: true, stream_options: { include_usage: true } });
  assert.ok(stream.controller instanceof AbortController);
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  const pieces = await chatRef([messages, 4, 0.5]);
  const ids = new Set(chunks.map((c) => c.id));
  assert.equal(ids.size, 1);
  assert.ok(chunks.every((c) => c.object === "chat.completion.chunk" && c.model === "chat" && Number.isInteger(c.created)));
  assert.deepEqual(chunks[0].choices[0].delta, { role: "assistant", content: "", refusal: null });
  const content = chunks.slice(1, 1 + pieces.length).map((c) => c.choices[0].delta.content);
  assert.deepEqual(content, pieces);
  assert.equal(chunks[pieces.length + 1].choices[0].finish_reason, "length");
  assert.deepEqual(chunks[pieces.length + 2].choices, []);
  assert.equal(chunks[pieces.length + 2].usage.completion_tokens, pieces.length);
  assert.equal(chunks.length, pieces.length + 3);
  // tee: two readers of one stream see the same chunks
  const [a, b] = (await client.chat.completions.create({ model: "chat", messages, max_tokens: 4, stream: true })).tee();
  const ra = [], rb = [];
  for await (const c of a) ra.push(c);
  for await (const c of b) rb.push(c);
  assert.deepEqual(ra, rb);
  assert.deepEqual(ra.slice(1, 1 + pieces.length).map((c) => c.choices[0].delta.content), await chatRef([messages, 4, 1.0]));
});

test("chat: a stream left early is closed, and the library serves the next call", async () => {
  const client = new Kiln({ models: models() });
  const messages = [{ role: "user", content: "a b c d e f g h" }];
  for (let round = 0; round < 3; round++) {
    let n = 0;
    for await (const c of await client.chat.completions.create({ model: "chat", messages, stream: true })) {
      void c;
      if (++n === 3) break;
    }
    assert.equal(n, 3);
  }
  const r = await client.chat.completions.create({ model: "chat", messages });
  assert.equal(r.choices[0].message.content, (await chatRef([messages])).join(""));
});

test("errors: openai's classes, Python's exception and traceback", async () => {
  const client = new Kiln({ models: models() });
  const raised = (await chatRef([[{ role: "user", content: "raise" }]])).error;
  await assert.rejects(client.chat.completions.create({ model: "chat", messages: [{ role: "user", content: "raise" }] }), (e) => {
    assert.ok(e instanceof BadRequestError && e instanceof APIError);
    assert.equal(e.status, 400);
    assert.equal(e.type, "ValueError");
    assert.equal(e.message, `400 ${raised}`);
    assert.match(e.traceback, /chatlib\.py", line \d+, in chat/);
    return true;
  });
  const stream = await client.chat.completions.create({ model: "chat", messages: [{ role: "user", content: "raise" }], stream: true });
  await assert.rejects((async () => { for await (const c of stream) void c; })(), BadRequestError);
  await assert.rejects(client.embeddings.create({ model: "no-such-model", input: "x" }), (e) => {
    assert.ok(e instanceof NotFoundError);
    assert.equal(e.status, 404);
    assert.equal(e.code, "model_not_found");
    return true;
  });
  await assert.rejects(client.embeddings.create({ model: "embed", input: [1, 2] }), BadRequestError);
  await assert.rejects(client.embeddings.create({ model: "embed", input: "x", encoding_format: "hex" }), BadRequestError);
  await assert.rejects(client.chat.completions.create({ model: "embed", messages: [{ role: "user", content: "x" }] }), BadRequestError);
  await assert.rejects(client.predictions.create({ model: "arraylib", function: "total", inputs: ["text"] }), (e) => {
    assert.ok(e instanceof BadRequestError);
    assert.equal(e.message, "400 TypeError: total(): argument 'x' must be ndarray, not str");
    return true;
  });
});

test("predictions: any function; typed arrays cross without copies", async () => {
  const client = new Kiln({ models: models() });
  const x = new Float32Array([3, 4, 1, 0, 0.5, -0.25]);
  const n = await client.predictions.create({ model: "arraylib", function: "normalize", inputs: [new KilnArray("float32", [3, 2], x)] });
  assert.equal(n.object, "prediction");
  assert.ok(n.output instanceof KilnArray && n.output.dtype === "float32");
  assert.deepEqual(n.output.shape, [3, 2]);
  // numpy's float64 result of the same rows; float32 here: within float32's rounding
  const want = await reference(NUMPY_PY, "tests/abi", "arraylib", "normalize", [[[3, 4], [1, 0], [0.5, -0.25]]]);
  n.output.tolist().flat().forEach((v, i) => assert.ok(Math.abs(v - want.flat()[i]) < 1e-7, `${v} vs ${want.flat()[i]}`));
  // an in-place write lands in the caller's typed array: the same memory, not a copy
  const y = new Float64Array([1.5, -2, 4]);
  await client.predictions.create({ model: "arraylib", function: "scale_inplace", inputs: { x: y, k: 2 } });
  assert.deepEqual(Array.from(y), [3, -4, 8]);
  // a module that keeps an argument keeps its memory pinned until it lets go
  const library = Library.open(lib.arraylib);
  const before = library.pinned.size;
  await client.predictions.create({ model: "arraylib", function: "keep", inputs: [new Float32Array([1, 2])] });
  assert.equal(library.pinned.size, before + 1);
  const f = await client.predictions.create({ model: "arraylib", function: "forget", inputs: [] });
  assert.equal(f.output, 1);
  assert.equal(library.pinned.size, before);
  // plain JSON-shaped arguments and results; a generator's items
  const e = await client.predictions.create({ model: "arraylib", function: "embed", inputs: [["kiln", "xy"], 3] });
  assert.deepEqual(e.output, await reference(NUMPY_PY, "tests/abi", "arraylib", "embed", [["kiln", "xy"], 3]));
  const c = await client.predictions.create({ model: "chat", function: "chat", inputs: { messages: [{ role: "user", content: "x y" }], max_tokens: 5 } });
  assert.deepEqual(c.output, await chatRef([[{ role: "user", content: "x y" }], 5]));
  await assert.rejects(client.predictions.create({ model: "chat", inputs: [] }), BadRequestError); // two functions: name one
  // NaN and the infinities cross both ways, as Python's json writes them; an empty typed array is fine
  const special = await client.predictions.create({ model: "arraylib", function: "cast_sum", inputs: [[1, Infinity]] });
  assert.equal(special.output, Infinity);
  const nan = await client.predictions.create({ model: "arraylib", function: "normalize", inputs: [[NaN, 1]] });
  assert.ok(Number.isNaN(nan.output.data[0]));
  assert.equal((await client.predictions.create({ model: "arraylib", function: "total", inputs: [new Float32Array(0)] })).output, 0);
  // what has no form on the ABI is a BadRequestError, never a crash or a read past a buffer
  for (const bad of [[10n], [new KilnArray("float32", [3, 2], new Float32Array(4))], [new KilnArray("float99", [1], new Float32Array(1))], [new Map()]])
    await assert.rejects(client.predictions.create({ model: "arraylib", function: "total", inputs: bad }), BadRequestError);
});

test("native calls run off the main thread; the queue is bounded", async () => {
  const copy = path.join(tmp, "chat-queue.so");
  fs.copyFileSync(lib.chat, copy);
  const client = new Kiln({ models: { q: copy }, concurrency: 1, maxQueue: 2 });
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const t0 = Date.now();
  const slow = await client.predictions.create({ model: "q", function: "spin", inputs: [6_000_000] });
  const ms = Date.now() - t0;
  clearInterval(timer);
  assert.equal(slow.output, await reference(PY, "tests/clients", "chatlib", "spin", [6_000_000]));
  assert.ok(ticks >= Math.floor(ms / 20), `the event loop ran ${ticks} timer ticks in ${ms} ms`);
  const calls = Array.from({ length: 6 }, (_, i) => client.predictions.create({ model: "q", function: "spin", inputs: [1000 + i] }));
  const settled = await Promise.allSettled(calls);
  const refused = settled.filter((s) => s.status === "rejected");
  assert.equal(refused.length, 3); // one running, two waiting
  assert.ok(refused.every((s) => s.reason instanceof RateLimitError && s.reason.status === 429));
  const ok = settled.filter((s) => s.status === "fulfilled");
  for (let i = 0; i < ok.length; i++) assert.equal(ok[i].value.output, await reference(PY, "tests/clients", "chatlib", "spin", [1000 + i]));
});

test("short calls run inline once one came back short; larger or slow ones go to the pool", async () => {
  const copy = path.join(tmp, "chat-inline.so");
  fs.copyFileSync(lib.chat, copy);
  // a budget of 20 ms: on a loaded machine a pool call of a few microseconds can take milliseconds
  const client = new Kiln({ models: { i: copy }, inlineUs: 20_000 });
  const library = Library.open(copy);
  const call = (fn, x) => client.predictions.create({ model: "i", function: fn, inputs: [x] });
  const spinRef = (n) => reference(PY, "tests/clients", "chatlib", "spin", [n]);
  // the first calls go to the pool; once one came back within the budget, calls of its size run inline
  for (let k = 0; k < 20 && library.inlineCalls === 0; k++) assert.equal((await call("spin", 1000)).output, await spinRef(1000));
  assert.ok(library.inlineCalls > 0, "no call ran inline");
  for (const n of [0, 7, 999, 4096]) {
    const inline = library.inlineCalls;
    assert.equal((await call("spin", n)).output, await spinRef(n));
    assert.equal(library.inlineCalls, inline + 1, `spin(${n}) did not run inline`);
  }
  // per function, and by size: count_tokens of a short text runs inline once one went through the
  // pool; of a text more than twice as long as any seen short, it goes to the pool again
  for (let k = 0; k < 20 && !(library.paces.get("count_tokens")?.fast >= 0); k++) await call("count_tokens", "a b");
  let inline = library.inlineCalls;
  assert.equal((await call("count_tokens", "x, y")).output, await countRef("x, y"));
  assert.equal(library.inlineCalls, inline + 1);
  const long = "word, ".repeat(2000);
  inline = library.inlineCalls;
  assert.equal((await call("count_tokens", long)).output, await countRef(long));
  assert.equal(library.inlineCalls, inline, "a text 12,000 bytes long ran inline");
  // nothing runs inline while a call of the library is on the pool: the main thread would wait for its lock
  inline = library.inlineCalls;
  const [a, b] = await Promise.all([call("count_tokens", long + "z"), call("spin", 1000)]);
  assert.equal(a.output, await countRef(long + "z"));
  assert.equal(b.output, await spinRef(1000));
  assert.equal(library.inlineCalls, inline);
  // a call of a size seen short that runs over the budget (spin's time follows n, not its digits)
  // sends the next 8 calls to the pool; then calls run inline again
  const pace = library.paces.get("spin");
  assert.equal(pace.skip, 0);
  inline = library.inlineCalls;
  const t0 = Date.now();
  assert.equal((await call("spin", 9_000_000)).output, await spinRef(9_000_000));
  if (Date.now() - t0 > 20) { // it ran over (it takes about 50 ms on an idle core)
    assert.equal(library.inlineCalls, inline + 1);
    assert.equal(pace.skip, 8);
    for (let k = 0; k < 8; k++) assert.equal((await call("spin", 1000 + k)).output, await spinRef(1000 + k));
    assert.equal(library.inlineCalls, inline + 1, "a call ran inline right after an overrun");
    assert.equal(pace.penalty, 16);
  }
  // inlineUs: 0 never runs a call inline
  const off = path.join(tmp, "chat-inline-off.so");
  fs.copyFileSync(lib.chat, off);
  const plain = new Kiln({ models: { o: off }, inlineUs: 0 });
  for (let k = 0; k < 10; k++) assert.equal((await plain.predictions.create({ model: "o", function: "spin", inputs: [10] })).output, await spinRef(10));
  assert.equal(Library.open(off).inlineCalls, 0);
});

test("many concurrent calls: every result right", async () => {
  const client = new Kiln({ models: models(), concurrency: 4 });
  const inputs = Array.from({ length: 40 }, (_, i) => [`text number ${i}`, `more ${i * 7}`]);
  const want = await reference(PY, "tests/clients", "embedlib", "embed", [inputs.flat()]);
  const got = await Promise.all(inputs.map((input) => client.embeddings.create({ model: "embed", input })));
  assert.deepEqual(got.flatMap((r) => r.data.map((d) => d.embedding)), want);
});

test("models: the map, then modelsDir (option or KILN_MODELS_DIR), then the remote server", async () => {
  const dir = fs.mkdtempSync(path.join(tmp, "models-"));
  fs.copyFileSync(lib.embed, path.join(dir, "folder-embed.so"));
  const client = new Kiln({ models: { chat: lib.chat }, modelsDir: dir });
  const page = await client.models.list();
  assert.equal(page.object, "list");
  assert.deepEqual(page.data.map((m) => m.id).sort(), ["chat", "folder-embed"]);
  assert.ok(page.data.every((m) => m.object === "model" && Number.isInteger(m.created) && m.owned_by === "kiln"));
  const seen = [];
  for await (const m of page) seen.push(m.id);
  assert.equal(seen.length, 2);
  const r = await client.embeddings.create({ model: "folder-embed", input: "hi there" });
  assert.deepEqual(r.data[0].embedding, (await reference(PY, "tests/clients", "embedlib", "embed", [["hi there"]]))[0]);
  process.env.KILN_MODELS_DIR = dir;
  try {
    assert.equal(new Kiln().modelsDir, dir);
    assert.ok((await new Kiln().models.list()).data.some((m) => m.id === "folder-embed"));
  } finally {
    delete process.env.KILN_MODELS_DIR;
  }
  const hybrid = new Kiln({ models: { chat: lib.chat }, modelsDir: dir, baseURL: serverURL, apiKey: API_KEY });
  assert.deepEqual((await hybrid.models.list()).data.map((m) => m.id).sort(), ["chat", "folder-embed", "remote-chat", "remote-embed"]);
  assert.equal((await hybrid.models.retrieve("chat")).id, "chat");
});

test("hybrid: a remote model through baseURL gives what the local one gives", async () => {
  const client = new Kiln({ models: models(), baseURL: serverURL, apiKey: API_KEY });
  const messages = [{ role: "user", content: "local or remote, the same words" }];
  const local = await client.chat.completions.create({ model: "chat", messages, max_tokens: 6, temperature: 0 });
  const remote = await client.chat.completions.create({ model: "remote-chat", messages, max_tokens: 6, temperature: 0 });
  assert.equal(remote.model, "remote-chat");
  assert.deepEqual(remote.choices, local.choices);
  assert.deepEqual(remote.usage, local.usage);
  const chunks = [];
  for await (const c of await client.chat.completions.create({ model: "remote-chat", messages, stream: true, stream_options: { include_usage: true } }))
    chunks.push(c);
  const localChunks = [];
  for await (const c of await client.chat.completions.create({ model: "chat", messages, stream: true, stream_options: { include_usage: true } }))
    localChunks.push(c);
  assert.deepEqual(chunks.map((c) => [c.choices, c.usage]), localChunks.map((c) => [c.choices, c.usage]));
  for (const encoding_format of ["float", "base64"]) {
    const le = await client.embeddings.create({ model: "embed", input: texts, encoding_format, dimensions: 8 });
    const re = await client.embeddings.create({ model: "remote-embed", input: texts, encoding_format, dimensions: 8 });
    assert.deepEqual(re.data, le.data);
    assert.deepEqual(re.usage, le.usage);
  }
});

test("hybrid: remote errors map to openai's classes", async () => {
  const wrongKey = new Kiln({ baseURL: serverURL, apiKey: "sk-wrong" });
  await assert.rejects(wrongKey.chat.completions.create({ model: "remote-chat", messages: [{ role: "user", content: "x" }] }), (e) => {
    assert.ok(e instanceof AuthenticationError);
    assert.equal(e.status, 401);
    assert.equal(e.code, "invalid_api_key");
    assert.equal(e.requestID, "req_test");
    assert.equal(e.message, "401 Incorrect API key provided");
    return true;
  });
  const client = new Kiln({ baseURL: serverURL, apiKey: API_KEY });
  await assert.rejects(client.embeddings.create({ model: "nowhere", input: "x" }), (e) => e instanceof NotFoundError && e.code === "model_not_found");
  await assert.rejects(client.chat.completions.create({ model: "remote-chat", messages: [{ role: "user", content: "raise" }] }), (e) => e instanceof BadRequestError && e.status === 400);
  const down = new Kiln({ baseURL: "http://127.0.0.1:9/v1" });
  await assert.rejects(down.embeddings.create({ model: "x", input: "x" }), (e) => e instanceof APIError && e.constructor.name === "APIConnectionError");
});

/** kiln serve over the given NAME=LIB pairs on a free port: { url, child }. */
function startKilnServe(pairs, apiKey) {
  return new Promise((resolve, reject) => {
    const child = spawn(KILN, ["serve", ...pairs, "--port", "0", "--api-key", apiKey], { stdio: ["ignore", "ignore", "pipe"] });
    let log = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (d) => {
      log += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(log);
      if (m) resolve({ url: `${m[1]}/v1`, child });
    });
    child.on("exit", (code) => reject(new Error(`kiln serve exited ${code}:\n${log}`)));
  });
}

test("hybrid: the same client on a local library and on kiln serve gives the same answers", async () => {
  const { url, child } = await startKilnServe([`served-chat=${lib.chat}`, `served-embed=${lib.embed}`], API_KEY);
  try {
    const client = new Kiln({ models: { chat: lib.chat, embed: lib.embed }, baseURL: url, apiKey: API_KEY });
    assert.deepEqual((await client.models.list()).data.map((m) => m.id).sort(), ["chat", "embed", "served-chat", "served-embed"]);
    const messages = [{ role: "system", content: "be brief" }, { role: "user", content: "local or served, the same words" }];
    for (const temperature of [0, 1]) {
      const local = await client.chat.completions.create({ model: "chat", messages, max_tokens: 4, temperature });
      const served = await client.chat.completions.create({ model: "served-chat", messages, max_tokens: 4, temperature });
      assert.equal(served.model, "served-chat");
      assert.deepEqual(served.choices, local.choices);
      assert.equal(served.usage.completion_tokens, local.usage.completion_tokens);
    }
    const pieces = async (model) => {
      const out = [];
      for await (const c of await client.chat.completions.create({ model, messages, stream: true, temperature: 0 }))
        out.push(c.choices.map((ch) => [ch.delta.content ?? null, ch.finish_reason]));
      return out.filter((c) => c.length);
    };
    const servedPieces = await pieces("served-chat"), localPieces = await pieces("chat");
    assert.deepEqual(servedPieces.flat().map(([c]) => c).join(""), localPieces.flat().map(([c]) => c).join(""));
    assert.equal(servedPieces.flat().at(-1)[1], localPieces.flat().at(-1)[1]);
    for (const encoding_format of ["float", "base64"]) {
      const input = texts.filter((t) => t !== ""); // OpenAI's API (so kiln serve) refuses empty strings
      const le = await client.embeddings.create({ model: "embed", input, encoding_format });
      const se = await client.embeddings.create({ model: "served-embed", input, encoding_format });
      assert.equal(se.data.length, le.data.length);
      for (let i = 0; i < le.data.length; i++) {
        // kiln serve sends float32 (as OpenAI does): equal to float32 precision
        const a = le.data[i].embedding, b = se.data[i].embedding;
        if (encoding_format === "base64") { // float32 little-endian bytes, both
          assert.equal(b, a);
          continue;
        }
        assert.equal(b.length, a.length);
        for (let k = 0; k < a.length; k++) assert.ok(Math.abs(a[k] - b[k]) <= 1e-6, `text ${i} dim ${k}: ${a[k]} vs ${b[k]}`);
      }
    }
    await assert.rejects(client.chat.completions.create({ model: "served-chat", messages: [{ role: "user", content: "raise" }] }),
      (e) => e instanceof APIError && e.status >= 400);
  } finally {
    child.kill("SIGTERM");
  }
});
