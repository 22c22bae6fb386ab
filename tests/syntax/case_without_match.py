# error: 2: invalid syntax
case 1:
    pass
