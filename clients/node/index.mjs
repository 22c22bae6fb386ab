// kiln-client: an OpenAI-style client over kiln-compiled libraries, and over
// any OpenAI-compatible server, with one API.
//
//   import { Kiln } from "kiln-client";
//   const client = new Kiln({ models: { "glove-100d": "build/embed.so" }, baseURL: "https://api.openai.com/v1" });
//   const r = await client.embeddings.create({ model: "glove-100d", input: ["a", "b"] });   // local
//   const c = await client.chat.completions.create({ model: "gpt-4o-mini", messages });     // remote
//
// Model resolution: the `models` map (name → library path), then
// `<modelsDir>/<name>.so` (modelsDir: the option, else KILN_MODELS_DIR, else
// ~/.cache/kiln/models), then, when baseURL is set, the remote server (plain
// fetch, Bearer apiKey). Responses are shaped as the official `openai`
// package's; remote responses are passed through as the server sent them.
//
// What a library serves follows from its manifest:
//   embeddings — a function taking list[str] first and returning float vectors
//     (list[list[float]] or an ndarray; `embed` or `generate_embeddings` when
//     there are several), or one of those names returning a dynamic value. A `dimensions` parameter gets the request's value;
//     otherwise `dimensions` truncates and renormalises (Matryoshka).
//   chat — a generator function `chat(messages, max_tokens, temperature, ...)`
//     yielding text pieces; each piece is one completion token in usage.
//   usage's prompt tokens — the library's `count_tokens(text: str) -> int`
//     when it exports one, else the number of whitespace-separated words.
//   predictions — any exported function, by name (`inputs`: its arguments).
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import crypto from "node:crypto";
import { Library, KilnArray } from "./native.mjs";
import {
  APIError, APIConnectionError, APIUserAbortError, BadRequestError, NotFoundError, OpenAIError,
} from "./errors.mjs";

export * from "./errors.mjs";
export { KilnArray };

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix) => `${prefix}-${crypto.randomBytes(12).toString("base64url")}`;

function badRequest(message, param = null) {
  return new BadRequestError(400, { message, type: "invalid_request_error", param, code: null });
}

// ---------------------------------------------------------------- remote

/** Server-sent events of an OpenAI stream: each data line's JSON. */
async function* sseEvents(body) {
  const decoder = new TextDecoder();
  let buf = "";
  for await (const chunk of body) {
    buf += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buf.search(/\r?\n\r?\n/)) >= 0) {
      const event = buf.slice(0, cut);
      buf = buf.slice(cut).replace(/^\r?\n\r?\n/, "");
      const data = event.split(/\r?\n/).filter((l) => l.startsWith("data:")).map((l) => l.slice(5).replace(/^ /, "")).join("\n");
      if (!data) continue;
      if (data === "[DONE]") return;
      const parsed = JSON.parse(data);
      if (parsed?.error) throw APIError.generate(500, parsed, undefined, new Headers());
      yield parsed;
    }
  }
}

/** The stream object chat.completions.create({stream: true}) returns: an
 * async iterable of chunks with an AbortController, as openai's Stream. */
export class Stream {
  constructor(iterate, controller) {
    this.iterate = iterate;
    this.controller = controller;
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
  /** Two independent streams over the same chunks. */
  tee() {
    const queues = [[], []], it = this.iterate();
    const reader = (q) => ({
      async next() {
        if (!q.length) {
          const r = await it.next();
          queues.forEach((x) => x.push(r));
        }
        return q.shift();
      },
      [Symbol.asyncIterator]() { return this; },
    });
    return [new Stream(() => reader(queues[0]), this.controller), new Stream(() => reader(queues[1]), this.controller)];
  }
}

// ---------------------------------------------------------------- the client

export class Kiln {
  /**
   * @param {object} [opts]
   * @param {Record<string, string>} [opts.models]  model name → library path
   * @param {string} [opts.modelsDir]  folder of NAME.so libraries
   * @param {string} [opts.baseURL]  a remote OpenAI-compatible server for the other models
   * @param {string} [opts.apiKey]  its key (default OPENAI_API_KEY)
   * @param {number} [opts.concurrency]  native calls in flight per library (default 2)
   * @param {number} [opts.maxQueue]  native calls waiting per library before RateLimitError (default 1024)
   * @param {number} [opts.inlineUs]  a function call known to take at most this many microseconds runs
   *   on the main thread, not the thread pool (default 200; 0: never; native.mjs says how it is known)
   *   (a library is opened once per process: the first client to open it sets these three)
   */
  constructor({ models = {}, modelsDir, baseURL, apiKey, concurrency = 2, maxQueue = 1024, inlineUs = 200, fetch: fetchFn } = {}) {
    this.models = { ...models };
    this.modelsDir = modelsDir ?? process.env.KILN_MODELS_DIR ?? path.join(os.homedir(), ".cache", "kiln", "models");
    this.baseURL = baseURL ? baseURL.replace(/\/+$/, "") : undefined;
    this.apiKey = apiKey ?? process.env.OPENAI_API_KEY;
    this.queueOptions = { concurrency, capacity: maxQueue, inlineUs };
    this.fetch = fetchFn ?? globalThis.fetch;
    this.embeddings = { create: (body, options) => this.#embeddings(body, options) };
    this.chat = { completions: { create: (body, options) => this.#chat(body, options) } };
    this.predictions = { create: (body, options) => this.#predictions(body, options) };
    const list = (options) => this.#listModels(options);
    const retrieve = (id, options) => this.#retrieveModel(id, options);
    // `models` is the name map (an option); the API lives beside it, as openai's client.models
    Object.defineProperty(this.models, "list", { value: list, enumerable: false });
    Object.defineProperty(this.models, "retrieve", { value: retrieve, enumerable: false });
  }

  #opened = new Map(); // model name → Library, once resolved

  /** The library that serves model, or null when it is not local. */
  #local(model) {
    if (typeof model !== "string" || !model) throw badRequest("you must provide a model parameter", "model");
    const known = this.#opened.get(model);
    if (known) return known;
    let file = Object.hasOwn(this.models, model) && typeof this.models[model] === "string" ? this.models[model] : null;
    if (file == null && !model.includes("/") && !model.includes("\\")) {
      const candidate = path.join(this.modelsDir, `${model}.so`);
      if (fs.existsSync(candidate)) file = candidate;
    }
    if (file == null) {
      if (this.baseURL) return null;
      throw new NotFoundError(404, {
        message: `The model '${model}' does not exist: no entry in models, no ${path.join(this.modelsDir, model + ".so")}, and no baseURL`,
        type: "invalid_request_error", param: "model", code: "model_not_found",
      });
    }
    if (!fs.existsSync(file))
      throw new NotFoundError(404, { message: `The model '${model}' maps to ${file}, which does not exist`, type: "invalid_request_error", param: "model", code: "model_not_found" });
    const lib = Library.open(file, this.queueOptions);
    this.#opened.set(model, lib);
    return lib;
  }

  async #remote(method, route, body, options = {}) {
    const headers = { "content-type": "application/json", accept: body?.stream ? "text/event-stream" : "application/json" };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let res;
    try {
      res = await this.fetch(`${this.baseURL}${route}`, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: options.signal,
      });
    } catch (e) {
      if (e?.name === "AbortError") throw new APIUserAbortError();
      throw new APIConnectionError({ cause: e });
    }
    if (!res.ok) {
      const text = await res.text();
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      throw APIError.generate(res.status, parsed, parsed ? undefined : text, res.headers);
    }
    return res;
  }

  // ------------------------------------------------------------ embeddings

  async #embeddings(body = {}, options = {}) {
    const { model, input, encoding_format = "float", dimensions } = body;
    const lib = this.#local(model);
    if (!lib) return (await this.#remote("POST", "/embeddings", body, options)).json();
    const texts = typeof input === "string" ? [input] : input;
    if (!Array.isArray(texts) || texts.length === 0 || texts.some((t) => typeof t !== "string"))
      throw badRequest("'input' must be a non-empty string or array of strings", "input");
    if (encoding_format !== "float" && encoding_format !== "base64")
      throw badRequest(`'encoding_format' must be 'float' or 'base64', not '${encoding_format}'`, "encoding_format");
    if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions > 0))
      throw badRequest("'dimensions' must be a positive integer", "dimensions");
    const fn = embeddingFunction(lib);
    if (!fn) throw badRequest(`model '${model}' has no embedding function (list[str] -> float vectors)`, "model");
    const args = [texts];
    const takesDims = fn.params.findIndex((p) => p.name === "dimensions");
    if (takesDims > 0) {
      while (args.length < takesDims) args.push(fn.params[args.length].default);
      args.push(dimensions ?? fn.params[takesDims].default ?? null);
    }
    const block = await lib.call(fn.name, args, { block: true });
    const [rows, cols] = block.shape.length === 2 ? block.shape : [texts.length, block.data.length / Math.max(texts.length, 1)];
    const keep = dimensions && takesDims < 0 ? Math.min(dimensions, cols) : cols;
    const data = [];
    for (let i = 0; i < rows; i++) {
      let v = Float64Array.from(block.data.subarray(i * cols, i * cols + keep), Number);
      if (keep < cols) {
        // Matryoshka truncation, renormalised, as OpenAI's `dimensions` does
        let n = 0;
        for (const x of v) n += x * x;
        n = Math.sqrt(n) || 1;
        v = v.map((x) => x / n);
      }
      data.push({
        object: "embedding",
        index: i,
        embedding: encoding_format === "base64" ? Buffer.from(Float32Array.from(v).buffer).toString("base64") : Array.from(v),
      });
    }
    const tokens = await promptTokens(lib, texts);
    return { object: "list", data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } };
  }

  // ------------------------------------------------------------------ chat

  async #chat(body = {}, options = {}) {
    const lib = this.#local(body.model);
    if (!lib) {
      if (!body.stream) return (await this.#remote("POST", "/chat/completions", body, options)).json();
      const controller = new AbortController();
      options.signal?.addEventListener("abort", () => controller.abort());
      const res = await this.#remote("POST", "/chat/completions", body, { signal: controller.signal });
      return new Stream(() => sseEvents(res.body), controller);
    }
    const { model, messages, stream = false } = body;
    if (!Array.isArray(messages) || messages.length === 0)
      throw badRequest("'messages' must be a non-empty array", "messages");
    const msgs = messages.map((m, i) => {
      if (!m || typeof m.role !== "string") throw badRequest(`messages[${i}] must have a role`, `messages[${i}].role`);
      const content = typeof m.content === "string" ? m.content
        : Array.isArray(m.content) ? m.content.filter((p) => p?.type === "text").map((p) => p.text).join("")
        : m.content == null ? "" : null;
      if (content === null) throw badRequest(`messages[${i}].content must be a string or text parts`, `messages[${i}].content`);
      return { role: m.role, content };
    });
    const fn = lib.functions.get("chat");
    if (!fn || !fn.streams) throw badRequest(`model '${model}' has no chat generator function`, "model");
    const maxTokens = body.max_completion_tokens ?? body.max_tokens;
    const given = { messages: msgs, max_tokens: maxTokens, temperature: body.temperature };
    for (const p of fn.params.slice(3)) if (body[p.name] !== undefined) given[p.name] = body[p.name];
    const args = [];
    let last = -1;
    fn.params.forEach((p, i) => {
      if (given[p.name] !== undefined && given[p.name] !== null) last = i;
    });
    for (let i = 0; i <= last; i++) {
      const p = fn.params[i];
      const v = given[p.name] ?? p.default;
      if (v === undefined) throw badRequest(`'${p.name}' is required by model '${model}'`, p.name);
      args.push(v);
    }
    const id = newId("chatcmpl"), created = now();
    const promptCount = await promptTokens(lib, msgs.map((m) => m.content));
    const limit = maxTokens ?? Infinity;
    if (!stream) {
      let content = "", n = 0;
      for await (const piece of lib.stream("chat", args)) {
        content += piece;
        if (++n >= limit) break; // a function without a max_tokens parameter is cut here
      }
      return {
        id, object: "chat.completion", created, model,
        choices: [{ index: 0, message: { role: "assistant", content, refusal: null, annotations: [] }, logprobs: null, finish_reason: n >= limit ? "length" : "stop" }],
        usage: { prompt_tokens: promptCount, completion_tokens: n, total_tokens: promptCount + n },
      };
    }
    const includeUsage = !!body.stream_options?.include_usage;
    const controller = new AbortController();
    const chunk = (delta, finish_reason, extra = {}) => ({
      id, object: "chat.completion.chunk", created, model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason }], ...extra,
    });
    const iterate = async function* () {
      const it = lib.stream("chat", args);
      let n = 0;
      try {
        yield chunk({ role: "assistant", content: "", refusal: null }, null);
        for await (const piece of it) {
          if (controller.signal.aborted) throw new APIUserAbortError();
          n++;
          yield chunk({ content: piece }, null);
          if (n >= limit) break; // a function without a max_tokens parameter is cut here
        }
        yield chunk({}, n >= limit ? "length" : "stop");
        if (includeUsage)
          yield { id, object: "chat.completion.chunk", created, model, choices: [],
            usage: { prompt_tokens: promptCount, completion_tokens: n, total_tokens: promptCount + n } };
      } finally {
        await it.return?.();
      }
    };
    return new Stream(iterate, controller);
  }

  // ------------------------------------------------------------ predictions

  /** Calls any exported function: {model, inputs (its arguments: an array,
   * or an object by parameter name), function?}. */
  async #predictions(body = {}, options = {}) {
    const lib = this.#local(body.model);
    if (!lib) return (await this.#remote("POST", "/predictions", body, options)).json();
    const fns = lib.manifest.functions;
    const name = body.function ?? (fns.length === 1 ? fns[0].name : undefined);
    const fn = lib.functions.get(name);
    if (!fn) {
      throw badRequest(name === undefined
        ? `model '${body.model}' exports ${fns.length} functions (${fns.map((f) => f.name).join(", ")}): name one with 'function'`
        : `model '${body.model}' has no exported function '${name}'`, "function");
    }
    let args = body.inputs ?? [];
    if (!Array.isArray(args)) {
      if (typeof args !== "object") throw badRequest("'inputs' must be an array of arguments or an object of them by name", "inputs");
      const byName = args;
      const unknown = Object.keys(byName).filter((k) => !fn.params.some((p) => p.name === k));
      if (unknown.length) throw badRequest(`${fn.name}() got an unexpected keyword argument '${unknown[0]}'`, "inputs");
      let last = -1;
      fn.params.forEach((p, i) => { if (byName[p.name] !== undefined) last = i; });
      args = fn.params.slice(0, last + 1).map((p) => byName[p.name] !== undefined ? byName[p.name] : p.default);
    }
    let output;
    if (fn.streams) {
      output = [];
      for await (const item of lib.stream(fn.name, args)) output.push(item);
    } else {
      output = await lib.call(fn.name, args);
    }
    return { id: newId("pred"), object: "prediction", created: now(), model: body.model, function: fn.name, output };
  }

  // ---------------------------------------------------------------- models

  async #localModels() {
    const names = new Map(Object.entries(this.models));
    try {
      for (const f of fs.readdirSync(this.modelsDir))
        if (f.endsWith(".so") && !names.has(f.slice(0, -3))) names.set(f.slice(0, -3), path.join(this.modelsDir, f));
    } catch {
      // no models folder: no models from it
    }
    return [...names].filter(([, file]) => fs.existsSync(file)).map(([id, file]) => ({
      id, object: "model", created: Math.floor(fs.statSync(file).mtimeMs / 1000), owned_by: "kiln",
    }));
  }

  async #listModels(options = {}) {
    const data = await this.#localModels();
    if (this.baseURL) {
      const remote = await (await this.#remote("GET", "/models", undefined, options)).json();
      const seen = new Set(data.map((m) => m.id));
      for (const m of remote.data ?? []) if (!seen.has(m.id)) data.push(m);
    }
    const page = { object: "list", data };
    Object.defineProperty(page, Symbol.asyncIterator, { value: async function* () { yield* data; } });
    Object.defineProperty(page, "getPaginatedItems", { value: () => data });
    return page;
  }

  async #retrieveModel(id, options = {}) {
    const found = (await this.#localModels()).find((m) => m.id === id);
    if (found) return found;
    if (this.baseURL) return (await this.#remote("GET", `/models/${encodeURIComponent(id)}`, undefined, options)).json();
    throw new NotFoundError(404, { message: `The model '${id}' does not exist`, type: "invalid_request_error", param: "model", code: "model_not_found" });
  }
}

/** The function of lib that makes embeddings, or undefined: one taking
 * list[str] first and returning float vectors, or one named embed or
 * generate_embeddings whose result is dynamic (e.g. `.tolist()`: "object"). */
function embeddingFunction(lib) {
  const fns = lib.manifest.functions.filter((f) => !f.streams && f.params[0]?.type === "list[str]");
  const typed = fns.filter((f) => f.returns === "list[list[float]]" || f.returns === "ndarray");
  const named = (list) => list.find((f) => f.name === "embed") ?? list.find((f) => f.name === "generate_embeddings");
  return named(typed) ?? typed[0] ?? named(fns.filter((f) => f.returns === "object"));
}

async function promptTokens(lib, texts) {
  const counter = lib.functions.get("count_tokens");
  if (counter && counter.params.length >= 1 && counter.params[0].type === "str" && counter.returns === "int") {
    let n = 0;
    for (const t of texts) n += await lib.call("count_tokens", [t]);
    return n;
  }
  return texts.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
}

export { OpenAIError };
export default Kiln;
