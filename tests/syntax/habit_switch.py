# error: 2: invalid syntax
switch x:
    case 1:
        pass
