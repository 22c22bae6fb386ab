# Parameters: positional-only (/), keyword-only (*), defaults, annotations,
# *args/**kwargs, lambdas with every kind, return annotations.
def f0(): pass
def f1(a, b, /): pass
def f2(a, /, b, *, c): pass
def f3(a=1, /, b=2, *args, c, d=4, **kwargs): pass
def f4(*, a): pass
def f5(*args): pass
def f6(**kwargs): pass
def f7(a: int, b: "str" = "x", *args: tuple, c: float = 1.0, **kw: dict) -> None: pass
def f8(a, b=2, /): pass
def f9(a, /, *, b=3): pass
def f10(self, *args: *Ts): pass
def f11(a, b, c=3, d=4, *e, f, g=7, h, **i) -> list[int]: return [a]
def f12(
    a,
    b: int = 1,
    /,
    c=2,
    *,
    d,
    **e,
): pass


l0 = lambda: 0
l1 = lambda a, b=2, *c, d, e=5, **f: (a, b, c, d, e, f)
l2 = lambda a, /, b: 0
l3 = lambda *, k=1: k
l4 = lambda *a, **k: 0
l5 = lambda a=lambda: 1, b=(1, 2), c=[x for x in ()]: a
l6 = lambda x: (yield)
l7 = lambda x: lambda y: x + y
l8 = lambda a, b=1, /, c=2: 0


class C:
    def method(self, /, value, *, flag: bool = False) -> "C":
        return self
