# math's functions are builtins named "math.f" whichever way they are imported
# (math.sqrt, from math import hypot); int arguments promote where the row says
# float; math.pi is a constant, and pi from `from math import pi` a global.
# expect: const 3.141592653589793 : float
# expect: builtin math.sqrt v0 : float
# expect: builtin math.hypot v0, v1, v3 : float
# expect: builtin math.floor v1 : int
# expect: global pi : float
import math
from math import hypot, pi


def f(x: int, y: float) -> float:
    return math.sqrt(x) + hypot(x, y, 2) + math.floor(y) + pi + math.pi


print(f(2, 1.5))
