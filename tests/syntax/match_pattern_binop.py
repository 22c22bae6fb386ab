# error: 3: imaginary number required in complex literal
match x:
    case 1 + 2:
        pass
