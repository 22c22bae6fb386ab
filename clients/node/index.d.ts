// Types of kiln-client: the shapes are the official `openai` package's.

export interface KilnOptions {
  /** model name → path of a kiln-compiled library (.so) */
  models?: Record<string, string>;
  /** folder of NAME.so libraries (default $KILN_MODELS_DIR, else ~/.cache/kiln/models) */
  modelsDir?: string;
  /** a remote OpenAI-compatible server for models not found locally, e.g. "https://api.openai.com/v1" */
  baseURL?: string;
  /** its Bearer key (default $OPENAI_API_KEY) */
  apiKey?: string;
  /** native calls in flight per library (default 2) */
  concurrency?: number;
  /** native calls waiting per library before a RateLimitError (default 1024) */
  maxQueue?: number;
  /** a function call known to take at most this many microseconds runs on the main thread instead
   * of libuv's thread pool, whose two thread wake-ups cost 45-160 us a call (default 200; 0: never) */
  inlineUs?: number;
  /** the fetch used for the remote server (default globalThis.fetch) */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export type TypedArray =
  | Float32Array | Float64Array | Int8Array | Int16Array | Int32Array | BigInt64Array
  | Uint8Array | Uint16Array | Uint32Array | BigUint64Array;

/** An ndarray crossing the boundary: numpy's dtype name, shape, items in C order. */
export class KilnArray {
  constructor(dtype: string, shape: number[], data: TypedArray);
  dtype: string;
  shape: number[];
  data: TypedArray;
  tolist(): unknown;
  toJSON(): { dtype: string; shape: number[]; data: number[] };
}

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface EmbeddingCreateParams {
  model: string;
  input: string | string[];
  encoding_format?: "float" | "base64";
  dimensions?: number;
  user?: string;
}
export interface Embedding {
  object: "embedding";
  index: number;
  embedding: number[] | string;
}
export interface CreateEmbeddingResponse {
  object: "list";
  data: Embedding[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

export interface ChatCompletionMessageParam {
  role: "system" | "user" | "assistant" | "developer" | "tool" | string;
  content: string | Array<{ type: "text"; text: string }> | null;
  name?: string;
}
export interface ChatCompletionCreateParamsBase {
  model: string;
  messages: ChatCompletionMessageParam[];
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  stream_options?: { include_usage?: boolean } | null;
  /** further parameters go to a chat function that declares them by name */
  [key: string]: unknown;
}
export interface ChatCompletion {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: { role: "assistant"; content: string | null; refusal: string | null; annotations: unknown[] };
    logprobs: null;
    finish_reason: "stop" | "length" | "tool_calls" | "content_filter" | "function_call";
  }>;
  usage?: CompletionUsage;
  system_fingerprint?: string;
}
export interface ChatCompletionChunk {
  id: string;
  object: "chat.completion.chunk";
  created: number;
  model: string;
  choices: Array<{
    index: number;
    delta: { role?: "assistant"; content?: string | null; refusal?: string | null };
    logprobs: null;
    finish_reason: "stop" | "length" | null;
  }>;
  usage?: CompletionUsage | null;
}

export class Stream<T> implements AsyncIterable<T> {
  controller: AbortController;
  [Symbol.asyncIterator](): AsyncIterator<T>;
  tee(): [Stream<T>, Stream<T>];
}

export interface PredictionCreateParams {
  model: string;
  /** the function's arguments: positional, or by parameter name */
  inputs?: unknown[] | Record<string, unknown>;
  /** the exported function (may be left out when the library exports one) */
  function?: string;
}
export interface Prediction {
  id: string;
  object: "prediction";
  created: number;
  model: string;
  function: string;
  /** the result: JSON-shaped values, a string, or a KilnArray for an ndarray; a generator's items as an array */
  output: unknown;
}

export interface Model {
  id: string;
  object: "model";
  created: number;
  owned_by: string;
}
export interface ModelsPage extends AsyncIterable<Model> {
  object: "list";
  data: Model[];
  getPaginatedItems(): Model[];
}

export class Kiln {
  constructor(options?: KilnOptions);
  embeddings: {
    create(body: EmbeddingCreateParams, options?: RequestOptions): Promise<CreateEmbeddingResponse>;
  };
  chat: {
    completions: {
      create(body: ChatCompletionCreateParamsBase & { stream?: false | null }, options?: RequestOptions): Promise<ChatCompletion>;
      create(body: ChatCompletionCreateParamsBase & { stream: true }, options?: RequestOptions): Promise<Stream<ChatCompletionChunk>>;
    };
  };
  predictions: {
    create(body: PredictionCreateParams, options?: RequestOptions): Promise<Prediction>;
  };
  /** the name → library map given, with the models API beside it */
  models: Record<string, string> & {
    list(options?: RequestOptions): Promise<ModelsPage>;
    retrieve(id: string, options?: RequestOptions): Promise<Model>;
  };
  modelsDir: string;
  baseURL?: string;
  apiKey?: string;
}
export default Kiln;

export class OpenAIError extends Error {}
export class APIError extends OpenAIError {
  constructor(status: number | undefined, error: object | undefined, message: string | undefined, headers: Headers | undefined);
  readonly status: number | undefined;
  readonly headers: Headers | undefined;
  readonly error: { message?: string; type?: string; param?: string | null; code?: string | null } | undefined;
  readonly code: string | null | undefined;
  readonly param: string | null | undefined;
  readonly type: string | undefined;
  readonly requestID: string | undefined;
  /** the Python traceback, for an exception raised by a local compiled function */
  traceback?: string;
  static generate(status: number | undefined, body: object | undefined, message: string | undefined, headers: Headers | undefined): APIError;
}
export class APIConnectionError extends APIError {
  constructor(opts?: { message?: string; cause?: Error });
}
export class APIUserAbortError extends APIError {
  constructor(opts?: { message?: string });
}
export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class UnprocessableEntityError extends APIError {}
export class RateLimitError extends APIError {}
export class InternalServerError extends APIError {}
