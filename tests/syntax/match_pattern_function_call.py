# error: 3: invalid syntax
match x:
    case f(1)():
        pass
