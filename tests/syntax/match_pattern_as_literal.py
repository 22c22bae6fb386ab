# error: 3: invalid pattern target
match x:
    case 1 as 2:
        pass
