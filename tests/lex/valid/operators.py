a + b - c * d / e // f % g ** h @ i
a << b >> c & d | e ^ ~f
a < b > c <= d >= e == f != g
a += 1; a -= 1; a *= 1; a /= 1; a //= 1; a %= 1; a **= 1; a @= b
a <<= 1; a >>= 1; a &= 1; a |= 1; a ^= 1
def f(a, b=1, *c, d: int = 2, **e) -> None: ...
(x := 1); y = {1: [2, (3,)]}; z = a.b[c:d:e]
@decorator
class C: pass
