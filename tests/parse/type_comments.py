# Type comments (PEP 484) are plain comments to ast.parse() without
# type_comments=True: the dump has no type_comment fields and no TypeIgnores.
x = []  # type: list[int]
def f(a, b):
    # type: (int, str) -> None
    pass
def g(
    a,  # type: int
    b,  # type: str
):
    # type: (...) -> None
    pass
for i in []:  # type: int
    pass
with open("f") as fh:  # type: IO[str]
    pass
import os  # type: ignore
y = 1  # type: ignore[assignment]
