"""A pure-Python stand-in for the `safetensors` package, for CPython only.

This machine cannot install the real package; the tests run kiln's
compiled programs beside CPython with this module on PYTHONPATH. kiln itself
never uses it: compiled code reads safetensors files natively
(runtime/safetensors.c). It implements the part of the API kiln provides.
"""


class SafetensorError(Exception):
    pass
