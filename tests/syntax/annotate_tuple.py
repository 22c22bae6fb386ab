# error: 2: only single target (not tuple) can be annotated
a, b: int = 1, 2
