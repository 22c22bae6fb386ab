// kiln-client: an OpenAI-style client over kiln-compiled libraries.
//
//   import { Kiln } from "kiln-client";
//   const client = new Kiln({ models: { "glove-100d": "build/embed.so" } });
//   const r = await client.embeddings.create({ model: "glove-100d", input: ["a", "b"] });
//   r.data[0].embedding   // number[]
//
// A model name resolves to a library: the `models` map first, then
// `<modelsDir>/<name>.so` (modelsDir: the option, else KILN_MODELS_DIR, else
// ~/.cache/kiln/models). Each library is opened once (its module code, which
// loads the weights, runs once) and called through its C ABI (include/kiln.h)
// with koffi, off the main thread (koffi's async calls), so the event loop
// never blocks. Responses are shaped as the official `openai` package's.
import koffi from "koffi";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

const opened = new Map(); // library path → { lib, module, fn }

function openLibrary(file) {
  const key = path.resolve(file);
  let entry = opened.get(key);
  if (entry) return entry;
  const lib = koffi.load(key);
  const fn = {
    manifest: lib.func("const char *kiln_manifest(void)"),
    open: lib.func("void *kiln_open(_Out_ void **err)"),
    callJson: lib.func("int kiln_call_json(void *m, const char *func, const char *args, _Out_ void **result, _Out_ void **err)"),
    errType: lib.func("const char *kiln_error_type(void *e)"),
    errMessage: lib.func("const char *kiln_error_message(void *e)"),
    errFree: lib.func("void kiln_error_free(void *e)"),
    free: lib.func("void kiln_free(void *p)"),
  };
  const err = [null];
  const module = fn.open(err);
  if (!module) throw takeError(fn, err[0]);
  entry = { lib, module, fn, manifest: JSON.parse(fn.manifest()) };
  opened.set(key, entry);
  return entry;
}

// The kiln_error as a JS Error whose name is the Python exception's type.
function takeError(fn, e) {
  const error = new Error(fn.errMessage(e));
  error.name = fn.errType(e);
  fn.errFree(e);
  return error;
}

// Call `func` of a library with a JSON array of arguments, off the main thread.
function callJson(entry, func, args) {
  const { fn, module } = entry;
  return new Promise((resolve, reject) => {
    const result = [null];
    const err = [null];
    fn.callJson.async(module, func, JSON.stringify(args), result, err, (e, rc) => {
      if (e) return reject(e);
      if (rc !== 0) return reject(takeError(fn, err[0]));
      const text = koffi.decode(result[0], "char", -1);
      fn.free(result[0]);
      resolve(JSON.parse(text));
    });
  });
}

export class Kiln {
  constructor({ models = {}, modelsDir, baseURL, apiKey } = {}) {
    this.models = { ...models };
    this.modelsDir =
      modelsDir ?? process.env.KILN_MODELS_DIR ?? path.join(os.homedir(), ".cache", "kiln", "models");
    this.baseURL = baseURL;
    this.apiKey = apiKey;
    this.embeddings = { create: (req) => this.#embeddings(req) };
  }

  #library(model) {
    const file = this.models[model] ?? path.join(this.modelsDir, `${model}.so`);
    if (!fs.existsSync(file)) {
      const e = new Error(`model '${model}' not found: no entry in models and no ${file}`);
      e.status = 404;
      throw e;
    }
    return openLibrary(file);
  }

  async #embeddings({ model, input, encoding_format = "float", dimensions } = {}) {
    if (typeof model !== "string") throw new TypeError("embeddings.create: model must be a string");
    const texts = typeof input === "string" ? [input] : input;
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== "string"))
      throw new TypeError("embeddings.create: input must be a string or an array of strings");
    const entry = this.#library(model);
    let vectors = await callJson(entry, "generate_embeddings", [texts]);
    if (dimensions) {
      // Matryoshka truncation, renormalised, as OpenAI's `dimensions` does
      vectors = vectors.map((v) => {
        const cut = v.slice(0, dimensions);
        const n = Math.hypot(...cut) || 1;
        return cut.map((x) => x / n);
      });
    }
    const tokens = texts.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
    return {
      object: "list",
      data: vectors.map((v, index) => ({
        object: "embedding",
        index,
        embedding: encoding_format === "base64" ? Buffer.from(new Float32Array(v).buffer).toString("base64") : v,
      })),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    };
  }
}

export default Kiln;
