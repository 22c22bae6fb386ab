# partial() needs the function's parameters at compile time: a builtin is refused.
from functools import partial

parse_bin = partial(int, base=2)
# error: 4: error[K0302]: kiln does not support partial() of anything but a top-level def or a lambda yet
print(parse_bin("101"))
