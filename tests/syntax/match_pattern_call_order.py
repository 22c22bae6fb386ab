# error: 3: positional patterns follow keyword patterns
match p:
    case Point(x=1, 2):
        pass
