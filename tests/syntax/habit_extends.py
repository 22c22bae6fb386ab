# error: 2: invalid syntax
class A extends B:
    pass
