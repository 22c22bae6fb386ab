# A tiny RPN calculator over tokens from str.split, with error reporting through exceptions.
def apply(op: str, a: int, b: int) -> int:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a // b
    if op == "%":
        return a % b
    raise ValueError("unknown operator " + op)


def rpn(expr: str) -> int:
    stack: list[int] = []
    for tok in expr.split():
        if tok in ["+", "-", "*", "/", "%"]:
            if len(stack) < 2:
                raise IndexError("stack underflow at " + tok)
            b = stack.pop()
            a = stack.pop()
            stack.append(apply(tok, a, b))
        elif tok == "dup":
            stack.append(stack[len(stack) - 1])
        else:
            stack.append(int(tok))
    if len(stack) != 1:
        raise ValueError(f"bad stack size {len(stack)}")
    return stack.pop()


exprs = ["3 4 +", "5 1 2 + 4 * + 3 -", "2 dup * dup *", "7 0 /", "1 +", "1 2", "4 x +", "10 3 %", "-7 2 /"]
for e in exprs:
    try:
        print(f"{e!r} = {rpn(e)}")
    except ZeroDivisionError as err:
        print(f"{e!r}: division by zero ({err})")
    except IndexError as err:
        print(f"{e!r}: index error ({err})")
    except ValueError as err:
        print(f"{e!r}: value error ({err})")
