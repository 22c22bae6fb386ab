// errors.mjs — errors shaped as the official `openai` package's: one
// APIError class with status, error (the body's error object), code, param,
// type, headers and requestID, and a subclass per HTTP status, so code that
// catches openai's classes by name or by status handles kiln's the same way,
// whether the model ran locally or on a remote server.

export class OpenAIError extends Error {}

export class APIError extends OpenAIError {
  constructor(status, error, message, headers) {
    super(APIError.makeMessage(status, error, message));
    this.status = status;
    this.headers = headers;
    this.requestID = headers?.get?.("x-request-id") ?? undefined;
    this.error = error;
    this.code = error?.code ?? undefined;
    this.param = error?.param ?? undefined;
    this.type = error?.type ?? undefined;
  }

  static makeMessage(status, error, message) {
    const msg = error?.message
      ? typeof error.message === "string" ? error.message : JSON.stringify(error.message)
      : error ? JSON.stringify(error) : message;
    if (status && msg) return `${status} ${msg}`;
    if (status) return `${status} status code (no body)`;
    return msg || "(no status code or body)";
  }

  /** The class for an HTTP status, as openai's APIError.generate picks it. */
  static generate(status, body, message, headers) {
    if (!status || !headers) return new APIConnectionError({ message, cause: body });
    const error = body?.error ?? body;
    const Cls = {
      400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError,
      409: ConflictError, 422: UnprocessableEntityError, 429: RateLimitError,
    }[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Cls(status, error, message, headers);
  }
}

export class APIConnectionError extends APIError {
  constructor({ message, cause } = {}) {
    super(undefined, undefined, message || "Connection error.", undefined);
    if (cause) this.cause = cause;
  }
}
export class APIUserAbortError extends APIError {
  constructor({ message } = {}) {
    super(undefined, undefined, message || "Request was aborted.", undefined);
  }
}
export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class UnprocessableEntityError extends APIError {}
export class RateLimitError extends APIError {}
export class InternalServerError extends APIError {}

for (const C of [OpenAIError, APIError, APIConnectionError, APIUserAbortError, BadRequestError, AuthenticationError,
  PermissionDeniedError, NotFoundError, ConflictError, UnprocessableEntityError, RateLimitError, InternalServerError])
  Object.defineProperty(C.prototype, "name", { value: C.name });
