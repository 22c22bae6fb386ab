"""Module docstring: classes with bases, keywords, metaclasses, nested
classes, class bodies with all statement kinds, docstrings everywhere."""


class Empty:
    pass


class Docstring:
    """A class docstring."""


class Bases(Base, Mixin, metaclass=Meta, flag=True, **options):
    attr = 1
    annotated: int
    annotated_with_value: str = "x"

    def __init__(self) -> None:
        """A method docstring."""
        self.value: int = 0
        self.other = self.value

    class Nested:
        def method(self):
            return Bases.Nested

    if attr:
        conditional = 1

    for i in range(3):
        pass

    try:
        import fast
    except ImportError:
        fast = None


class Star(*bases, **kw):
    ...


class Generic(Base[int], list["str"]):
    x = [y for y in range(3)]


class Call(base()): pass
