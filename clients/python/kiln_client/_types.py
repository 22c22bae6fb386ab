"""Response objects: attribute access over the JSON shape, as openai-python's
pydantic models give it (r.data[0].embedding, chunk.choices[0].delta.content),
with model_dump(), to_dict() and to_json()."""
import json


class KilnObject:
    """A JSON object with its fields as attributes (nested ones too)."""

    def __init__(self, fields):
        for k, v in fields.items():
            object.__setattr__(self, k, _wrap(v))

    def __getattr__(self, name):
        # a field the object leaves out reads as None, as openai-python's
        # optional fields do (the last chunk's delta.content)
        if name.startswith("_"):
            raise AttributeError(name)
        return None

    def model_dump(self):
        return {k: _unwrap(v) for k, v in self.__dict__.items()}

    to_dict = model_dump

    def to_json(self, indent=2):
        return json.dumps(self.model_dump(), indent=indent)

    def __getitem__(self, key):
        return self.__dict__[key]

    def __eq__(self, other):
        return isinstance(other, KilnObject) and self.model_dump() == other.model_dump()

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inner})"


def _wrap(v):
    if isinstance(v, dict):
        return KilnObject(v)
    if isinstance(v, list):
        return [_wrap(x) for x in v]
    return v


def _unwrap(v):
    if isinstance(v, KilnObject):
        return v.model_dump()
    if isinstance(v, list):
        return [_unwrap(x) for x in v]
    if isinstance(v, KilnArray):
        return {"dtype": v.dtype, "shape": list(v.shape), "data": v.tolist()}
    return v


class KilnArray:
    """An ndarray result: numpy's dtype name, its shape, and its items in a
    shaped memoryview (a copy out of the library's memory; numpy users:
    np.asarray(a.data))."""

    def __init__(self, dtype, shape, data):
        self.dtype = dtype
        self.shape = tuple(shape)
        self.data = data

    def tolist(self):
        return self.data.tolist()

    def __repr__(self):
        return f"KilnArray(dtype={self.dtype!r}, shape={self.shape!r})"


class Page(KilnObject):
    """models.list()'s page: .data, and iteration over it."""

    def __iter__(self):
        return iter(self.data)
