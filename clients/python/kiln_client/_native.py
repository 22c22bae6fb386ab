"""One kiln-compiled library through its C ABI (include/kiln.h), with ctypes.

A library is opened once per process (its module code, which loads the
weights, runs once). ctypes' CDLL releases the GIL for the length of each
native call, so other Python threads run while compiled code works, and
calls from several threads are safe (the module serialises them).

Arguments: a str becomes a kiln str; an object with the buffer protocol
(array.array, memoryview, a numpy array) becomes a kiln_array over its own
memory, without a copy, pinned until the library's release callback says the
last reference is gone (a read-only buffer is copied instead); anything else
crosses as JSON (kiln_from_json). Results: an ndarray comes back as a
KilnArray (one copy out), a str as str, the rest through kiln_to_json.
"""
import ctypes
import json
import os
import struct
import threading

from ._errors import BadRequestError, InternalServerError
from ._types import KilnArray

_KINDS = ["none", "bool", "int", "float", "str", "bytes", "list", "tuple", "dict", "set", "array", "other"]
# kiln_dtype: numpy's name, the struct format of an item
_DTYPES = [("bool", "?"), ("int8", "b"), ("int16", "h"), ("int32", "i"), ("int64", "q"), ("uint8", "B"),
           ("uint16", "H"), ("uint32", "I"), ("uint64", "Q"), ("float16", "e"), ("bfloat16", "H"),
           ("float32", "f"), ("float64", "d")]
# a buffer's struct format (and item size) → kiln_dtype
_FORMATS = {("?", 1): 0, ("b", 1): 1, ("h", 2): 2, ("i", 4): 3, ("l", 4): 3, ("q", 8): 4, ("l", 8): 4,
            ("B", 1): 5, ("H", 2): 6, ("I", 4): 7, ("L", 4): 7, ("Q", 8): 8, ("L", 8): 8, ("e", 2): 9,
            ("f", 4): 11, ("d", 8): 12}

_vp = ctypes.c_void_p
_RELEASE = ctypes.CFUNCTYPE(None, ctypes.c_ssize_t)


def _sig(lib, name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


class Library:
    _open = {}
    _lock = threading.Lock()

    @classmethod
    def open(cls, path):
        key = os.path.realpath(path)
        with cls._lock:
            lib = cls._open.get(key)
            if lib is None:
                lib = cls._open[key] = cls(key)
            return lib

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        P = ctypes.POINTER
        self.f = f = type("Fns", (), {})()
        f.manifest = _sig(lib, "kiln_manifest", ctypes.c_char_p)
        f.open = _sig(lib, "kiln_open", _vp, P(_vp))
        f.call = _sig(lib, "kiln_call", ctypes.c_int, _vp, ctypes.c_char_p, P(_vp), ctypes.c_size_t, P(_vp), P(_vp))
        f.call_stream = _sig(lib, "kiln_call_stream", ctypes.c_int, _vp, ctypes.c_char_p, P(_vp), ctypes.c_size_t,
                             P(_vp), P(_vp))
        f.stream_next = _sig(lib, "kiln_stream_next", ctypes.c_int, _vp, P(_vp), P(_vp))
        f.stream_close = _sig(lib, "kiln_stream_close", None, _vp)
        f.err_type = _sig(lib, "kiln_error_type", ctypes.c_char_p, _vp)
        f.err_message = _sig(lib, "kiln_error_message", ctypes.c_char_p, _vp)
        f.err_traceback = _sig(lib, "kiln_error_traceback", ctypes.c_char_p, _vp)
        f.err_free = _sig(lib, "kiln_error_free", None, _vp)
        f.free = _sig(lib, "kiln_free", None, _vp)
        f.str = _sig(lib, "kiln_str", _vp, ctypes.c_char_p, ctypes.c_size_t)
        f.from_json = _sig(lib, "kiln_from_json", _vp, ctypes.c_char_p, ctypes.c_size_t, P(_vp))
        f.array = _sig(lib, "kiln_array", _vp, ctypes.c_int, ctypes.c_int, P(ctypes.c_int64), _vp, _RELEASE,
                       ctypes.c_ssize_t)
        f.array_copy = _sig(lib, "kiln_array_copy", _vp, ctypes.c_int, ctypes.c_int, P(ctypes.c_int64), _vp)
        f.release = _sig(lib, "kiln_release", None, _vp)
        f.kind = _sig(lib, "kiln_kind_of", ctypes.c_int, _vp)
        f.as_str = _sig(lib, "kiln_as_str", _vp, _vp, P(ctypes.c_size_t))
        f.to_json = _sig(lib, "kiln_to_json", _vp, _vp, P(_vp))
        f.as_array = _sig(lib, "kiln_as_array", _vp, _vp, P(_vp))
        f.arr_dtype = _sig(lib, "kiln_array_dtype", ctypes.c_int, _vp)
        f.arr_ndim = _sig(lib, "kiln_array_ndim", ctypes.c_int, _vp)
        f.arr_shape = _sig(lib, "kiln_array_shape", P(ctypes.c_int64), _vp)
        f.arr_size = _sig(lib, "kiln_array_size", ctypes.c_size_t, _vp)
        f.arr_data = _sig(lib, "kiln_array_data", _vp, _vp)
        self.lib = lib
        self.path = path
        self.manifest = json.loads(f.manifest().decode())
        self.functions = {fn["name"]: fn for fn in self.manifest["functions"]}
        # buffers lent to the library, by id, until it releases them
        self.pinned = {}
        self._pin_lock = threading.Lock()
        self._next_pin = 1
        self._release_cb = _RELEASE(self._unpin)
        err = _vp()
        self.module = f.open(ctypes.byref(err))
        if not self.module:
            raise self._error(err)

    def _unpin(self, pin):
        with self._pin_lock:
            self.pinned.pop(pin, None)

    def _error(self, err):
        """The kiln_error as an openai-shaped error (ValueError and TypeError,
        bad input, are 400s; the rest 500s), with Python's traceback."""
        f = self.f
        etype = f.err_type(err).decode()
        msg = f.err_message(err).decode()
        tb = f.err_traceback(err).decode()
        f.err_free(err)
        text = f"{etype}: {msg}" if msg else etype
        body = {"message": text, "type": etype, "param": None, "code": None}
        status = 400 if etype in ("ValueError", "TypeError") else 500
        cls = BadRequestError if status == 400 else InternalServerError
        e = cls(f"Error code: {status} - {{'error': {body!r}}}", status_code=status, body=body)
        e.traceback = tb
        return e

    # ------------------------------------------------------------ values

    def _value(self, x):
        f = self.f
        if isinstance(x, str):
            b = x.encode("utf-8", "surrogatepass")
            return f.str(b, len(b))
        if isinstance(x, KilnArray):
            x = x.data
        if not isinstance(x, (bytes, bytearray)) and _has_buffer(x):
            m = memoryview(x)
            fmt = m.format.lstrip("@=<")
            dt = _FORMATS.get((fmt, m.itemsize))
            if dt is None or not m.c_contiguous:
                raise BadRequestError(f"kiln: a buffer of format {m.format!r} (or not C-contiguous) has no array form",
                                      status_code=400, body={"message": "bad buffer", "type": "invalid_request_error"})
            shape = (ctypes.c_int64 * max(m.ndim, 1))(*m.shape)
            if m.readonly:
                data = bytes(m)
                return f.array_copy(dt, m.ndim, shape, data)
            ptr = ctypes.addressof(ctypes.c_char.from_buffer(m)) if m.nbytes else None
            if ptr is None:
                return f.array_copy(dt, m.ndim, shape, None)
            with self._pin_lock:
                pin = self._next_pin
                self._next_pin += 1
                self.pinned[pin] = m
            v = f.array(dt, m.ndim, shape, ptr, self._release_cb, pin)
            if not v:
                self._unpin(pin)
            return v
        try:
            text = json.dumps(x, allow_nan=True).encode()
        except TypeError as e:
            raise BadRequestError(f"kiln: {e}", status_code=400,
                                  body={"message": str(e), "type": "invalid_request_error"}) from None
        err = _vp()
        v = f.from_json(text, len(text), ctypes.byref(err))
        if not v:
            raise self._error(err)
        return v

    def _args(self, args):
        values = []
        try:
            for a in args:
                v = self._value(a)
                if not v:
                    raise BadRequestError("kiln: an argument could not be made (invalid UTF-8, a bad array, memory)",
                                          status_code=400, body={"message": "bad argument", "type": "invalid_request_error"})
                values.append(v)
        except BaseException:
            for v in values:
                self.f.release(v)
            raise
        return (_vp * max(len(values), 1))(*values), values

    def _result(self, v, block=False):
        f = self.f
        kind = _KINDS[f.kind(v)]
        if kind == "str":
            n = ctypes.c_size_t()
            p = f.as_str(v, ctypes.byref(n))
            return ctypes.string_at(p, n.value).decode("utf-8", "surrogatepass")
        if kind == "array" or (block and kind == "list"):
            err = _vp()
            a = f.as_array(v, ctypes.byref(err))
            if not a:
                raise self._error(err)
            try:
                name, fmt = _DTYPES[f.arr_dtype(a)]
                ndim, size = f.arr_ndim(a), f.arr_size(a)
                shape = [f.arr_shape(a)[i] for i in range(ndim)]
                nbytes = size * struct.calcsize(fmt)
                raw = bytearray(ctypes.string_at(f.arr_data(a), nbytes)) if nbytes else bytearray()
                data = memoryview(raw).cast("B").cast(fmt, shape) if ndim and size else memoryview(raw).cast(fmt)
                return KilnArray(name, shape, data)
            finally:
                f.release(a)
        err = _vp()
        p = f.to_json(v, ctypes.byref(err))
        if not p:
            raise self._error(err)
        text = ctypes.string_at(p).decode()
        f.free(p)
        return json.loads(text)

    # ------------------------------------------------------------- calls

    def call(self, func, args, block=False):
        """func(*args); with block, a list of float vectors comes back as one KilnArray."""
        arr, values = self._args(args)
        result, err = _vp(), _vp()
        try:
            rc = self.f.call(self.module, func.encode(), arr, len(values), ctypes.byref(result), ctypes.byref(err))
        finally:
            for v in values:
                self.f.release(v)
        if rc != 0:
            raise self._error(err)
        try:
            return self._result(result, block)
        finally:
            self.f.release(result)

    def stream(self, func, args):
        """A generator function's items, one native step per item."""
        arr, values = self._args(args)
        handle, err = _vp(), _vp()
        try:
            rc = self.f.call_stream(self.module, func.encode(), arr, len(values), ctypes.byref(handle),
                                    ctypes.byref(err))
        finally:
            for v in values:
                self.f.release(v)
        if rc != 0:
            raise self._error(err)
        return _Items(self, handle)


class _Items:
    """The items of a kiln_stream; close() (or the end) closes it."""

    def __init__(self, lib, handle):
        self.lib, self.handle = lib, handle

    def __iter__(self):
        return self

    def __next__(self):
        if self.handle is None:
            raise StopIteration
        item, err = _vp(), _vp()
        rc = self.lib.f.stream_next(self.handle, ctypes.byref(item), ctypes.byref(err))
        if rc == 0:
            self.close()
            raise StopIteration
        if rc < 0:
            self.close()
            raise self.lib._error(err)
        try:
            return self.lib._result(item)
        finally:
            self.lib.f.release(item)

    def close(self):
        if self.handle is not None:
            self.lib.f.stream_close(self.handle)
            self.handle = None

    def __del__(self):
        self.close()


def _has_buffer(x):
    try:
        memoryview(x)
        return True
    except TypeError:
        return False

