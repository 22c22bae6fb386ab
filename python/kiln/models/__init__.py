"""kiln.models: model architectures in numpy + kiln.nn, loading model
folders as published. CPython runs them as they are; kiln compiles them with
the program that imports them."""
