// native.mjs — one kiln-compiled library through its C ABI (include/kiln.h),
// called with koffi.
//
// A library is opened once per process (its module code, which loads the
// weights, runs once). Arguments become kiln values on the main thread (a few
// cheap synchronous calls); the call itself, and each step of a stream, runs
// on libuv's thread pool through koffi's async calls, so the event loop never
// waits long for compiled code. Those async calls pass through a bounded
// queue: at most `concurrency` run at once (the module serialises its calls
// anyway; the rest would only hold pool threads that file I/O needs), at most
// `capacity` wait, and beyond that a call is refused at once rather than
// queued without limit.
//
// Short calls run inline. A call through the pool costs two thread wake-ups
// (a pool thread's, then the event loop's when the result is back): 45 us
// per call on a busy machine and 160 us on a quiet one, whose idle cores
// sleep deeper, where add(a, b) itself takes 0.3 us. So a function call
// (not a stream's steps: those are a model's steps) runs on the main thread
// when it is known to be short: a call of that function through the pool
// came back within `inlineUs` (default 200) with arguments at least half as
// large (string bytes, array bytes, JSON text), and nothing of this library
// is on the pool (the module's lock would make the main thread wait for it).
// Every inline call is timed (wall time: what the event loop waits); one
// that runs over sends the function's next calls to the pool again (8,
// doubling on each overrun up to 1,024, halving again after as many inline
// calls within budget). So a function whose time does not follow its
// arguments' size (a loop count) blocks the event loop past the budget at
// most once per such stretch, and one that is long from its first call
// never runs inline. On a loaded machine a time slice lost to another
// process counts as an overrun too, so more calls take the pool there, as
// they all did before. inlineUs: 0 turns inline calls off.
//
// Typed arrays cross without copies: a Float32Array argument becomes a
// kiln_array over its own memory, pinned until the library's release callback
// says the last reference is gone (a function may keep it). An ndarray result,
// or a list of float vectors read through kiln_as_array, comes back as one
// typed array copied out of the library's memory in one step.
import koffi from "koffi";
import path from "node:path";
import { InternalServerError, BadRequestError, RateLimitError } from "./errors.mjs";

const KIND = ["none", "bool", "int", "float", "str", "bytes", "list", "tuple", "dict", "set", "array", "other"];
// kiln_dtype → [numpy name, koffi type, typed array]
const DTYPES = [
  ["bool", "uint8", Uint8Array],
  ["int8", "int8", Int8Array],
  ["int16", "int16", Int16Array],
  ["int32", "int32", Int32Array],
  ["int64", "int64", BigInt64Array],
  ["uint8", "uint8", Uint8Array],
  ["uint16", "uint16", Uint16Array],
  ["uint32", "uint32", Uint32Array],
  ["uint64", "uint64", BigUint64Array],
  ["float16", "uint16", Uint16Array],
  ["bfloat16", "uint16", Uint16Array],
  ["float32", "float", Float32Array],
  ["float64", "double", Float64Array],
];
const DTYPE_OF_ARRAY = new Map([
  [Float64Array, 12], [Float32Array, 11], [Int8Array, 1], [Int16Array, 2], [Int32Array, 3],
  [BigInt64Array, 4], [Uint8Array, 5], [Uint16Array, 6], [Uint32Array, 7], [BigUint64Array, 8],
]);

/** An array result: numpy's dtype name, its shape and its items in C order. */
export class KilnArray {
  constructor(dtype, shape, data) {
    this.dtype = dtype;
    this.shape = shape;
    this.data = data;
  }
  toJSON() {
    return { dtype: this.dtype, shape: this.shape, data: Array.from(this.data, Number) };
  }
  /** Nested arrays of numbers, as numpy's a.tolist(). */
  tolist() {
    const rec = (dim, off) => {
      if (dim === this.shape.length) return Number(this.data[off]);
      const step = this.shape.slice(dim + 1).reduce((a, b) => a * b, 1);
      return Array.from({ length: this.shape[dim] }, (_, i) => rec(dim + 1, off + i * step));
    };
    return rec(0, 0);
  }
}

/** The bounded queue in front of the thread pool. */
class Queue {
  constructor(concurrency, capacity) {
    this.concurrency = concurrency;
    this.capacity = capacity;
    this.running = 0;
    this.waiting = [];
  }
  /** Runs start(done) when a slot is free; start calls done() when its native call ends. */
  run(start) {
    if (this.running < this.concurrency) {
      this.running++;
      start(() => this.#next());
      return;
    }
    if (this.waiting.length >= this.capacity)
      throw new RateLimitError(429, { message: `kiln: ${this.capacity} calls already wait for this library`, type: "rate_limit_exceeded" });
    this.waiting.push(start);
  }
  #next() {
    const start = this.waiting.shift();
    if (start) start(() => this.#next());
    else this.running--;
  }
}

let releaseType = null;

/** x as the JSON Python's json.loads reads: JSON.stringify's, except that
 * NaN and the infinities are written as Python writes them (JSON has none). */
function pyJson(x) {
  if (typeof x === "number" && !Number.isFinite(x)) return Number.isNaN(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
  if (x === null || typeof x === "boolean" || typeof x === "number" || typeof x === "string") return JSON.stringify(x);
  if (Array.isArray(x)) return `[${x.map(pyJson).join(", ")}]`;
  if (typeof x === "object" && (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null))
    return `{${Object.entries(x).map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`).join(", ")}}`;
  throw badArg(`a ${x?.constructor?.name ?? typeof x} has no form on the C ABI (numbers, strings, booleans, null, arrays, plain objects, typed arrays)`);
}

/** JSON as Python's json.dumps writes it: NaN, Infinity and -Infinity may
 * stand where numbers do. They become marker strings (with a per-process
 * nonce no text can contain by chance) that the reviver turns back. */
const NONCE_ID = `kiln-${Math.random().toString(36).slice(2)}:`;
const NONCE = `\u0000${NONCE_ID}`; // as the parsed string has it; in the JSON text: \u0000 escaped
const SPECIAL = { NaN, Infinity, "-Infinity": -Infinity };
function parsePyJson(text) {
  if (!/NaN|Infinity/.test(text)) return JSON.parse(text);
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g, (m) => (m[0] === '"' ? m : `"\\u0000${NONCE_ID}${m}"`));
  return JSON.parse(marked, (k, v) => (typeof v === "string" && v.startsWith(NONCE) ? SPECIAL[v.slice(NONCE.length)] : v));
}

const badArg = (message) => new BadRequestError(400, { message: `kiln: ${message}`, type: "invalid_request_error", param: null, code: null });

/** What a library's calls of one function have shown of their time. */
class Pace {
  fast = -1; // the largest argument size seen to run within the budget (-1: none yet)
  skip = 0; // calls to send to the pool before the next inline one
  penalty = 8; // skip after the next overrun
  good = 0; // inline calls within budget since the penalty last changed (penalty of them halve it)
}

/** The size of an argument, as far as a call's time may follow it: the
 * length of a string, of a typed array's bytes, or of the JSON text. */
const sizeOf = (x, text) =>
  text !== undefined ? text.length : typeof x === "string" ? x.length
    : ArrayBuffer.isView(x) ? x.byteLength : x instanceof KilnArray && ArrayBuffer.isView(x.data) ? x.data.byteLength : 0;

export class Library {
  /** Opens (once) the library at file. */
  static #open = new Map();
  static open(file, { concurrency = 2, capacity = 1024, inlineUs = 200 } = {}) {
    const key = path.resolve(file);
    let lib = Library.#open.get(key);
    if (!lib) {
      lib = new Library(key, concurrency, capacity, inlineUs);
      Library.#open.set(key, lib);
    }
    return lib;
  }

  constructor(file, concurrency, capacity, inlineUs = 200) {
    const lib = koffi.load(file);
    const f = (sig) => lib.func(sig);
    releaseType ??= koffi.proto("void kiln_release_cb(intptr_t ctx)"); // ctx: a pin id
    this.fn = {
      manifest: f("const char *kiln_manifest(void)"),
      open: f("void *kiln_open(_Out_ void **err)"),
      call: f("int kiln_call(void *m, const char *func, void **args, size_t nargs, _Out_ void **result, _Out_ void **err)"),
      callStream: f("int kiln_call_stream(void *m, const char *func, void **args, size_t nargs, _Out_ void **stream, _Out_ void **err)"),
      streamNext: f("int kiln_stream_next(void *s, _Out_ void **item, _Out_ void **err)"),
      streamClose: f("void kiln_stream_close(void *s)"),
      errType: f("const char *kiln_error_type(void *e)"),
      errMessage: f("const char *kiln_error_message(void *e)"),
      errTraceback: f("const char *kiln_error_traceback(void *e)"),
      errFree: f("void kiln_error_free(void *e)"),
      free: f("void kiln_free(void *p)"),
      str: f("void *kiln_str(const char *s, size_t len)"),
      fromJson: f("void *kiln_from_json(const char *s, size_t len, _Out_ void **err)"),
      array: f("void *kiln_array(int dtype, int ndim, int64_t *shape, void *data, kiln_release_cb *release, intptr_t ctx)"),
      arrayCopy: f("void *kiln_array_copy(int dtype, int ndim, int64_t *shape, void *data)"),
      release: f("void kiln_release(void *v)"),
      kind: f("int kiln_kind_of(void *v)"),
      asStr: f("void *kiln_as_str(void *v, _Out_ size_t *len)"),
      toJson: f("void *kiln_to_json(void *v, _Out_ void **err)"),
      asArray: f("void *kiln_as_array(void *v, _Out_ void **err)"),
      arrDtype: f("int kiln_array_dtype(void *v)"),
      arrNdim: f("int kiln_array_ndim(void *v)"),
      arrShape: f("int64_t *kiln_array_shape(void *v)"),
      arrSize: f("size_t kiln_array_size(void *v)"),
      arrData: f("void *kiln_array_data(void *v)"),
    };
    this.file = file;
    this.manifest = JSON.parse(this.fn.manifest());
    this.functions = new Map(this.manifest.functions.map((fn) => [fn.name, fn]));
    this.queue = new Queue(concurrency, capacity);
    this.inlineUs = inlineUs;
    this.paces = new Map(); // function name → Pace
    this.inlineCalls = 0; // calls run inline so far (the tests read it)
    // typed arrays lent to the library, by id, until it releases them
    this.pinned = new Map();
    this.nextPin = 1;
    this.releaseCb = koffi.register((ctx) => this.pinned.delete(Number(ctx)), koffi.pointer(releaseType));
    const err = [null];
    this.module = this.fn.open(err);
    if (!this.module) throw this.#error(err[0]);
  }

  /** The kiln_error as an openai-shaped error: the Python exception's type,
   * message and traceback; a ValueError or TypeError (bad input) is a 400. */
  #error(e) {
    const type = this.fn.errType(e), message = this.fn.errMessage(e), traceback = this.fn.errTraceback(e);
    this.fn.errFree(e);
    const body = { message: message ? `${type}: ${message}` : type, type, param: null, code: null };
    const Cls = type === "ValueError" || type === "TypeError" ? BadRequestError : InternalServerError;
    const error = new Cls(Cls === BadRequestError ? 400 : 500, body);
    error.traceback = traceback;
    return error;
  }

  /** A JS value as a new kiln value; #size grows by its size. */
  #size = 0;
  #value(x) {
    const fn = this.fn;
    this.#size += sizeOf(x);
    if (ArrayBuffer.isView(x) && DTYPE_OF_ARRAY.has(x.constructor))
      return this.#array(DTYPE_OF_ARRAY.get(x.constructor), [x.length], x);
    if (x instanceof KilnArray) {
      const dt = DTYPES.findIndex((d) => d[0] === x.dtype);
      const items = x.shape.reduce((a, b) => a * b, 1);
      if (dt < 0 || !ArrayBuffer.isView(x.data) || x.data.byteLength !== items * DTYPES[dt][2].BYTES_PER_ELEMENT ||
          !x.shape.every((d) => Number.isInteger(d) && d >= 0))
        throw badArg(`a KilnArray of dtype ${x.dtype} and shape [${x.shape}] needs ${items} items of that dtype in data`);
      return this.#array(dt, x.shape, x.data);
    }
    if (typeof x === "string") return fn.str(x, Buffer.byteLength(x));
    const text = pyJson(x);
    this.#size += sizeOf(x, text);
    const err = [null];
    const v = fn.fromJson(text, Buffer.byteLength(text), err);
    if (!v) throw this.#error(err[0]);
    return v;
  }

  /** A kiln_array over a typed array's memory, pinned until the library
   * releases it (an empty one: a copy, it has no memory to lend). */
  #array(dt, shape, data) {
    if (data.byteLength === 0) return this.fn.arrayCopy(dt, shape.length, shape, null);
    const id = this.nextPin++;
    this.pinned.set(id, data);
    const v = this.fn.array(dt, shape.length, shape, data, this.releaseCb, id);
    if (!v) this.pinned.delete(id);
    return v;
  }

  /** A kiln value as JS: an array as a KilnArray (or, with block, any list
   * of numbers as one), a str as a string, the rest through JSON. */
  #result(v, block = false) {
    const fn = this.fn;
    const kind = KIND[fn.kind(v)];
    if (kind === "str") {
      const len = [0];
      const p = fn.asStr(v, len);
      return koffi.decode(p, "char", len[0]);
    }
    if (kind === "array" || (block && kind === "list")) {
      const err = [null];
      const a = fn.asArray(v, err);
      if (!a) throw this.#error(err[0]);
      try {
        const dt = fn.arrDtype(a), ndim = fn.arrNdim(a), size = Number(fn.arrSize(a));
        const shape = ndim ? koffi.decode(fn.arrShape(a), "int64", ndim).map(Number) : [];
        const [name, , Typed] = DTYPES[dt];
        const data = size ? new Typed(koffi.view(fn.arrData(a), size * Typed.BYTES_PER_ELEMENT).slice(0)) : new Typed(0);
        return new KilnArray(name, shape, data);
      } finally {
        fn.release(a);
      }
    }
    const err = [null];
    const p = fn.toJson(v, err);
    if (!p) throw this.#error(err[0]);
    const text = koffi.decode(p, "char", -1);
    fn.free(p);
    return parsePyJson(text);
  }

  #args(args) {
    const values = [];
    this.#size = 0;
    try {
      for (const a of args) {
        const v = this.#value(a);
        if (!v) throw new BadRequestError(400, { message: "kiln: an argument could not be made (invalid UTF-8, a bad array, or memory)", type: "invalid_request_error" });
        values.push(v);
      }
    } catch (e) {
      values.forEach((v) => this.fn.release(v));
      throw e;
    }
    return values;
  }

  /** Runs fnc(...args) on the pool. With pace, a call that comes back
   * within the budget shows that calls of its size are short. */
  #async(fnc, args, pace, size) {
    return new Promise((resolve, reject) => {
      this.queue.run((done) => {
        const t0 = pace ? performance.now() : 0;
        fnc.async(...args, (e, rc) => {
          if (pace && (performance.now() - t0) * 1000 <= this.inlineUs) pace.fast = Math.max(pace.fast, size);
          done();
          if (e) reject(e);
          else resolve(rc);
        });
      });
    });
  }

  /** kiln_call of func: inline when it is known to be short (above), else on the pool. */
  #call(func, args, size) {
    if (!(this.inlineUs > 0)) return this.#async(this.fn.call, args);
    let pace = this.paces.get(func);
    if (!pace) this.paces.set(func, (pace = new Pace()));
    if (pace.fast < 0 || size > 2 * pace.fast || this.queue.running > 0 || pace.skip > 0) {
      if (pace.skip > 0) pace.skip--;
      return this.#async(this.fn.call, args, pace, size);
    }
    const t0 = performance.now();
    const rc = this.fn.call(...args);
    this.inlineCalls++;
    if ((performance.now() - t0) * 1000 > this.inlineUs) {
      pace.skip = pace.penalty;
      pace.penalty = Math.min(pace.penalty * 2, 1024);
      pace.good = 0;
    } else if (++pace.good >= pace.penalty && pace.penalty > 8) {
      pace.penalty /= 2;
      pace.good = 0;
    }
    return rc;
  }

  /** Calls func with positional args; resolves with its result. With
   * block, a list of float vectors comes back as one KilnArray. */
  async call(func, args, { block = false } = {}) {
    const values = this.#args(args);
    const size = this.#size;
    const result = [null], err = [null];
    let rc;
    try {
      rc = await this.#call(func, [this.module, func, values, values.length, result, err], size);
    } finally {
      values.forEach((v) => this.fn.release(v));
    }
    if (rc !== 0) throw this.#error(err[0]);
    try {
      return this.#result(result[0], block);
    } finally {
      this.fn.release(result[0]);
    }
  }

  /** Starts a generator function: an async iterator over its items. */
  async *stream(func, args) {
    const values = this.#args(args);
    const handle = [null], err = [null];
    let rc;
    try {
      rc = await this.#async(this.fn.callStream, [this.module, func, values, values.length, handle, err]);
    } finally {
      values.forEach((v) => this.fn.release(v));
    }
    if (rc !== 0) throw this.#error(err[0]);
    const s = handle[0];
    try {
      for (;;) {
        const item = [null], e = [null];
        const r = await this.#async(this.fn.streamNext, [s, item, e]);
        if (r === 0) return;
        if (r < 0) throw this.#error(e[0]);
        try {
          yield this.#result(item[0]);
        } finally {
          this.fn.release(item[0]);
        }
      }
    } finally {
      await this.#async(this.fn.streamClose, [s]); // takes the module's lock: off the main thread too
    }
  }
}
