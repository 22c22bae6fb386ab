"""Errors shaped as openai-python's: APIError with message, body, code,
param and type; APIStatusError subclasses by HTTP status with status_code
and response headers; APIConnectionError when a server cannot be reached.
Code that catches openai's classes by name handles kiln's the same way,
whether the model ran locally or remotely."""


class OpenAIError(Exception):
    pass


class APIError(OpenAIError):
    def __init__(self, message, body=None, *, request=None):
        super().__init__(message)
        self.message = message
        self.request = request
        self.body = body
        err = body if isinstance(body, dict) else {}
        self.code = err.get("code")
        self.param = err.get("param")
        self.type = err.get("type")
        self.traceback = None  # a local Python exception's traceback


class APIStatusError(APIError):
    def __init__(self, message, *, status_code, body=None, headers=None):
        super().__init__(message, body)
        self.status_code = status_code
        self.headers = headers or {}
        self.request_id = self.headers.get("x-request-id")


class APIConnectionError(APIError):
    def __init__(self, *, message="Connection error.", request=None):
        super().__init__(message, None, request=request)


class APITimeoutError(APIConnectionError):
    def __init__(self, request=None):
        super().__init__(message="Request timed out.", request=request)


class BadRequestError(APIStatusError):
    pass


class AuthenticationError(APIStatusError):
    pass


class PermissionDeniedError(APIStatusError):
    pass


class NotFoundError(APIStatusError):
    pass


class ConflictError(APIStatusError):
    pass


class UnprocessableEntityError(APIStatusError):
    pass


class RateLimitError(APIStatusError):
    pass


class InternalServerError(APIStatusError):
    pass


_BY_STATUS = {400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError, 404: NotFoundError,
              409: ConflictError, 422: UnprocessableEntityError, 429: RateLimitError}


def make_status_error(status, body, headers=None):
    """The error for an HTTP status and its JSON body ({"error": {...}}), as
    openai-python's _make_status_error picks it; the message is
    "Error code: STATUS - BODY"."""
    err = body.get("error", body) if isinstance(body, dict) else body
    cls = _BY_STATUS.get(status) or (InternalServerError if status >= 500 else APIStatusError)
    return cls(f"Error code: {status} - {body}", status_code=status, body=err, headers=headers)
