"""kiln's Python package: what compiled programs import from kiln.

Under CPython these modules are plain numpy code; kiln compiles calls of
them to native kernels (see docs/architecture.md, "Tensors").
"""
