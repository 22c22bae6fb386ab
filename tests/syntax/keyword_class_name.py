# error: 2: invalid syntax
class def:
    pass
