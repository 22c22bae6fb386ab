# A conditional expression narrows the variable its test checks, as an if
# statement does: x if x is not None else d, isinstance in either arm.
from typing import Optional, Union


def greet(name: Optional[str] = None) -> str:
    return "hello " + (name if name is not None else "world")


def size(v: Optional[list[int]]) -> int:
    return 0 if v is None else len(v)


def show(v: Union[int, str]) -> str:
    return v.upper() if isinstance(v, str) else str(v + 1)


print(greet(), greet("kiln"), size(None), size([1, 2]), show("ab"), show(41))
