# Decorators: names, attributes, calls, arbitrary expressions (PEP 614), stacks,
# on functions, async functions and classes.
import functools


@staticmethod
def plain():
    pass


@functools.lru_cache(maxsize=None)
@functools.wraps(plain)
def stacked(a, b=2):
    return a + b


@(lambda f: f)
def lambda_decorated():
    ...


@registry["handlers"][0].register
def subscripted():
    pass


@a if b else c
def conditional():
    pass


@x := make_decorator()
def walrus_decorated():
    pass


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0

    @property
    def norm(self) -> float:
        return (self.x**2 + self.y**2) ** 0.5

    @norm.setter
    def norm(self, value):
        raise AttributeError("read-only")

    @classmethod
    async def create(cls, *args, **kwargs):
        return cls(*args, **kwargs)
