# error: 3: expected ':'
match command:
    case 1
        pass
