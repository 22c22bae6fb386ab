# error: 3: invalid syntax
match x:
    case 1 if:
        pass
