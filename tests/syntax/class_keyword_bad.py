# error: 2: invalid syntax
class A(metaclass=M=1):
    pass
