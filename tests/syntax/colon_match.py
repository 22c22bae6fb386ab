# error: 2: expected ':'
match command
    case 1:
        pass
