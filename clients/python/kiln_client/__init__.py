"""kiln_client: an OpenAI-style client over kiln-compiled libraries, and over
any OpenAI-compatible server, with one API in openai-python's shape.
Standard library only (ctypes, urllib).

    from kiln_client import Kiln
    client = Kiln(models={"glove-100d": "build/embed.so"}, base_url="https://api.openai.com/v1")
    r = client.embeddings.create(model="glove-100d", input=["a", "b"])      # local
    r.data[0].embedding
    for chunk in client.chat.completions.create(model="gpt-4o-mini", messages=m, stream=True):   # remote
        print(chunk.choices[0].delta.content or "", end="")

Model resolution: the `models` map (name → library path), then
`<models_dir>/<name>.so` (models_dir: the argument, else KILN_MODELS_DIR,
else ~/.cache/kiln/models), then, when base_url is set, the remote server
(urllib, Bearer api_key). What a library serves follows from its manifest,
as in the Node client (clients/node/index.mjs): an embedding function
(list[str] → float vectors), a `chat` generator function, `count_tokens`
for usage, and any function through predictions.create.
"""
import base64
import json
import math
import os
import secrets
import struct
import time
import urllib.error
import urllib.request

from ._errors import (APIConnectionError, APIError, APIStatusError, APITimeoutError, AuthenticationError,
                      BadRequestError, ConflictError, InternalServerError, NotFoundError, OpenAIError,
                      PermissionDeniedError, RateLimitError, UnprocessableEntityError, make_status_error)
from ._native import Library
from ._types import KilnArray, KilnObject, Page

__all__ = ["Kiln", "KilnArray", "KilnObject", "Stream", "OpenAIError", "APIError", "APIStatusError",
           "APIConnectionError", "APITimeoutError", "BadRequestError", "AuthenticationError",
           "PermissionDeniedError", "NotFoundError", "ConflictError", "UnprocessableEntityError",
           "RateLimitError", "InternalServerError"]

_NOT_GIVEN = object()


def _bad(message, param=None):
    body = {"message": message, "type": "invalid_request_error", "param": param, "code": None}
    return BadRequestError(f"Error code: 400 - {{'error': {body!r}}}", status_code=400, body=body)


def _not_found(message):
    body = {"message": message, "type": "invalid_request_error", "param": "model", "code": "model_not_found"}
    return NotFoundError(f"Error code: 404 - {{'error': {body!r}}}", status_code=404, body=body)


def _new_id(prefix):
    return f"{prefix}-{secrets.token_urlsafe(12)}"


class Stream:
    """chat.completions.create(stream=True): an iterator of chunks; close()
    (or leaving a with block) ends it early."""

    def __init__(self, chunks, close):
        self._chunks = chunks
        self._close = close

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._chunks)

    def close(self):
        self._close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Namespace:
    def __init__(self, **kw):
        self.__dict__.update(kw)


class Kiln:
    def __init__(self, *, models=None, models_dir=None, base_url=None, api_key=None, timeout=600.0):
        self._models = dict(models or {})
        self.models_dir = models_dir or os.environ.get("KILN_MODELS_DIR") or os.path.join(
            os.path.expanduser("~"), ".cache", "kiln", "models")
        self.base_url = base_url.rstrip("/") if base_url else None
        self.api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        self.timeout = timeout
        self.embeddings = _Namespace(create=self._embeddings)
        self.chat = _Namespace(completions=_Namespace(create=self._chat))
        self.predictions = _Namespace(create=self._predictions)
        self.models = _Namespace(list=self._list_models, retrieve=self._retrieve_model)

    # ---------------------------------------------------------- resolution

    def _local(self, model):
        """The Library that serves model, or None when it goes remote."""
        if not isinstance(model, str) or not model:
            raise _bad("you must provide a model parameter", "model")
        path = self._models.get(model)
        if path is None and "/" not in model and os.sep not in model:
            candidate = os.path.join(self.models_dir, model + ".so")
            if os.path.exists(candidate):
                path = candidate
        if path is None:
            if self.base_url:
                return None
            raise _not_found(f"The model '{model}' does not exist: no entry in models, no "
                             f"{os.path.join(self.models_dir, model + '.so')}, and no base_url")
        if not os.path.exists(path):
            raise _not_found(f"The model '{model}' maps to {path}, which does not exist")
        return Library.open(path)

    def _remote(self, method, route, body=None, stream=False):
        headers = {"Content-Type": "application/json", "Accept": "text/event-stream" if stream else "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base_url + route, data=data, headers=headers, method=method)
        try:
            return urllib.request.urlopen(req, timeout=self.timeout)
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = raw.decode("utf-8", "replace")
            raise make_status_error(e.code, parsed, dict(e.headers.items())) from None
        except TimeoutError:
            raise APITimeoutError(req) from None
        except (urllib.error.URLError, OSError) as e:
            raise APIConnectionError(message=f"Connection error: {e}", request=req) from None

    def _remote_json(self, method, route, body=None):
        with self._remote(method, route, body) as res:
            return json.loads(res.read())

    # ---------------------------------------------------------- embeddings

    def _embeddings(self, *, model, input, encoding_format="float", dimensions=_NOT_GIVEN, **extra):
        lib = self._local(model)
        if lib is None:
            body = dict(extra, model=model, input=input, encoding_format=encoding_format)
            if dimensions is not _NOT_GIVEN:
                body["dimensions"] = dimensions
            return KilnObject(self._remote_json("POST", "/embeddings", body))
        texts = [input] if isinstance(input, str) else input
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
            raise _bad("'input' must be a non-empty string or list of strings", "input")
        if encoding_format not in ("float", "base64"):
            raise _bad(f"'encoding_format' must be 'float' or 'base64', not {encoding_format!r}", "encoding_format")
        dims = None if dimensions is _NOT_GIVEN or dimensions is None else dimensions
        if dims is not None and not (isinstance(dims, int) and not isinstance(dims, bool) and dims > 0):
            raise _bad("'dimensions' must be a positive integer", "dimensions")
        fn = _embedding_function(lib)
        if fn is None:
            raise _bad(f"model '{model}' has no embedding function (list[str] -> float vectors)", "model")
        args = [texts]
        takes = next((i for i, p in enumerate(fn["params"]) if p["name"] == "dimensions"), -1)
        if takes > 0:
            while len(args) < takes:
                args.append(fn["params"][len(args)].get("default"))
            args.append(dims if dims is not None else fn["params"][takes].get("default"))
        block = lib.call(fn["name"], args, block=True)
        rows, cols = block.shape if len(block.shape) == 2 else (len(texts), 0)
        flat = block.data.cast("B").cast(block.data.format) if rows and cols else []
        keep = min(dims, cols) if dims is not None and takes < 0 else cols
        data = []
        for i in range(rows):
            v = [float(x) for x in flat[i * cols:i * cols + keep]]
            if keep < cols:  # Matryoshka truncation, renormalised, as OpenAI's dimensions does
                n = math.sqrt(sum(x * x for x in v)) or 1.0
                v = [x / n for x in v]
            emb = base64.b64encode(struct.pack(f"<{len(v)}f", *v)).decode() if encoding_format == "base64" else v
            data.append({"object": "embedding", "index": i, "embedding": emb})
        tokens = _prompt_tokens(lib, texts)
        return KilnObject({"object": "list", "data": data, "model": model,
                           "usage": {"prompt_tokens": tokens, "total_tokens": tokens}})

    # ---------------------------------------------------------------- chat

    def _chat(self, *, model, messages, stream=False, max_tokens=None, max_completion_tokens=None,
              temperature=None, stream_options=None, **extra):
        lib = self._local(model)
        if lib is None:
            body = dict(extra, model=model, messages=messages, stream=stream)
            for k, v in (("max_tokens", max_tokens), ("max_completion_tokens", max_completion_tokens),
                         ("temperature", temperature), ("stream_options", stream_options)):
                if v is not None:
                    body[k] = v
            if not stream:
                return KilnObject(self._remote_json("POST", "/chat/completions", body))
            res = self._remote("POST", "/chat/completions", body, stream=True)
            return Stream((KilnObject(c) for c in _sse(res)), res.close)
        if not isinstance(messages, list) or not messages:
            raise _bad("'messages' must be a non-empty list", "messages")
        msgs = []
        for i, m in enumerate(messages):
            if not isinstance(m, dict) or not isinstance(m.get("role"), str):
                raise _bad(f"messages[{i}] must have a role", f"messages[{i}].role")
            c = m.get("content")
            if isinstance(c, list):
                c = "".join(p.get("text", "") for p in c if isinstance(p, dict) and p.get("type") == "text")
            elif c is None:
                c = ""
            elif not isinstance(c, str):
                raise _bad(f"messages[{i}].content must be a string or text parts", f"messages[{i}].content")
            msgs.append({"role": m["role"], "content": c})
        fn = lib.functions.get("chat")
        if fn is None or not fn["streams"]:
            raise _bad(f"model '{model}' has no chat generator function", "model")
        limit = max_completion_tokens if max_completion_tokens is not None else max_tokens
        given = {"messages": msgs, "max_tokens": limit, "temperature": temperature}
        for p in fn["params"][3:]:
            if extra.get(p["name"]) is not None:
                given[p["name"]] = extra[p["name"]]
        last = max((i for i, p in enumerate(fn["params"]) if given.get(p["name"]) is not None), default=-1)
        args = []
        for p in fn["params"][:last + 1]:
            v = given.get(p["name"])
            if v is None:
                if "default" not in p:
                    raise _bad(f"'{p['name']}' is required by model '{model}'", p["name"])
                v = p["default"]
            args.append(v)
        cid, created = _new_id("chatcmpl"), int(time.time())
        prompt = _prompt_tokens(lib, [m["content"] for m in msgs])
        cap = limit if limit is not None else math.inf
        if not stream:
            items = lib.stream("chat", args)
            pieces = []
            for piece in items:
                pieces.append(piece)
                if len(pieces) >= cap:  # a function without a max_tokens parameter is cut here
                    break
            items.close()
            n = len(pieces)
            return KilnObject({
                "id": cid, "object": "chat.completion", "created": created, "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "".join(pieces), "refusal": None, "annotations": []},
                             "logprobs": None, "finish_reason": "length" if n >= cap else "stop"}],
                "usage": {"prompt_tokens": prompt, "completion_tokens": n, "total_tokens": prompt + n}})
        include_usage = bool((stream_options or {}).get("include_usage"))
        items = lib.stream("chat", args)

        def chunk(delta, finish):
            return KilnObject({"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                               "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]})

        def chunks():
            n = 0
            try:
                yield chunk({"role": "assistant", "content": "", "refusal": None}, None)
                for piece in items:
                    n += 1
                    yield chunk({"content": piece}, None)
                    if n >= cap:  # a function without a max_tokens parameter is cut here
                        break
                yield chunk({}, "length" if n >= cap else "stop")
                if include_usage:
                    yield KilnObject({"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                                      "choices": [], "usage": {"prompt_tokens": prompt, "completion_tokens": n,
                                                               "total_tokens": prompt + n}})
            finally:
                items.close()

        gen = chunks()
        return Stream(gen, lambda: (gen.close(), items.close()))

    # --------------------------------------------------------- predictions

    def _predictions(self, *, model, inputs=None, function=None):
        """Calls any exported function: inputs are its arguments, a list
        (positional) or a dict (by parameter name)."""
        lib = self._local(model)
        if lib is None:
            body = {"model": model, "inputs": inputs if inputs is not None else []}
            if function is not None:
                body["function"] = function
            return KilnObject(self._remote_json("POST", "/predictions", body))
        fns = lib.manifest["functions"]
        name = function if function is not None else (fns[0]["name"] if len(fns) == 1 else None)
        fn = lib.functions.get(name)
        if fn is None:
            if name is None:
                raise _bad(f"model '{model}' exports {len(fns)} functions "
                           f"({', '.join(f['name'] for f in fns)}): name one with 'function'", "function")
            raise _bad(f"model '{model}' has no exported function '{name}'", "function")
        args = inputs if inputs is not None else []
        if isinstance(args, dict):
            names = [p["name"] for p in fn["params"]]
            unknown = [k for k in args if k not in names]
            if unknown:
                raise _bad(f"{fn['name']}() got an unexpected keyword argument '{unknown[0]}'", "inputs")
            last = max((i for i, n in enumerate(names) if n in args), default=-1)
            args = [args[p["name"]] if p["name"] in args else p.get("default") for p in fn["params"][:last + 1]]
        elif not isinstance(args, (list, tuple)):
            raise _bad("'inputs' must be a list of arguments or a dict of them by name", "inputs")
        if fn["streams"]:
            items = lib.stream(fn["name"], list(args))
            output = list(items)
        else:
            output = lib.call(fn["name"], list(args))
        return KilnObject({"id": _new_id("pred"), "object": "prediction", "created": int(time.time()),
                           "model": model, "function": fn["name"], "output": output})

    # -------------------------------------------------------------- models

    def _local_models(self):
        names = dict(self._models)
        try:
            for f in sorted(os.listdir(self.models_dir)):
                if f.endswith(".so") and f[:-3] not in names:
                    names[f[:-3]] = os.path.join(self.models_dir, f)
        except OSError:
            pass
        return [{"id": k, "object": "model", "created": int(os.stat(p).st_mtime), "owned_by": "kiln"}
                for k, p in names.items() if os.path.exists(p)]

    def _list_models(self):
        data = self._local_models()
        if self.base_url:
            seen = {m["id"] for m in data}
            data += [m for m in self._remote_json("GET", "/models").get("data", []) if m["id"] not in seen]
        return Page({"object": "list", "data": data})

    def _retrieve_model(self, model):
        for m in self._local_models():
            if m["id"] == model:
                return KilnObject(m)
        if self.base_url:
            return KilnObject(self._remote_json("GET", "/models/" + urllib.request.quote(model, safe="")))
        raise _not_found(f"The model '{model}' does not exist")


def _embedding_function(lib):
    """One taking list[str] first and returning float vectors, or one named
    embed or generate_embeddings whose result is dynamic ("object")."""
    fns = [f for f in lib.manifest["functions"] if not f["streams"] and f["params"]
           and f["params"][0]["type"] == "list[str]"]
    typed = [f for f in fns if f["returns"] in ("list[list[float]]", "ndarray")]

    def named(cands):
        for name in ("embed", "generate_embeddings"):
            for f in cands:
                if f["name"] == name:
                    return f
        return None

    return named(typed) or (typed[0] if typed else None) or named([f for f in fns if f["returns"] == "object"])


def _prompt_tokens(lib, texts):
    c = lib.functions.get("count_tokens")
    if c and c["params"] and c["params"][0]["type"] == "str" and c["returns"] == "int":
        return sum(lib.call("count_tokens", [t]) for t in texts)
    return sum(len(t.split()) for t in texts)


def _sse(res):
    """The JSON data of each server-sent event, to [DONE]."""
    data = []
    try:
        for raw in res:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
            elif not line and data:
                payload, data = "\n".join(data), []
                if payload == "[DONE]":
                    return
                parsed = json.loads(payload)
                if isinstance(parsed, dict) and "error" in parsed:
                    raise make_status_error(500, parsed)
                yield parsed
    finally:
        res.close()
