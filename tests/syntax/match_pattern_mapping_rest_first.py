# error: 3: invalid syntax
match x:
    case {**rest, 'a': 1}:
        pass
