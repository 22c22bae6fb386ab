# An RPN calculator over floats with named registers, stack words (dup swap
# drop), a history of results, and error recovery that restores the stack.
class RPNError(Exception):
    pass


registers: dict[str, float] = {}
history: list[float] = []


def apply(stack: list[float], word: str) -> None:
    if word in ("+", "-", "*", "/", "^", "max", "min"):
        if len(stack) < 2:
            raise RPNError(f"'{word}' needs 2 values, stack has {len(stack)}")
        b = stack.pop()
        a = stack.pop()
        if word == "+":
            stack.append(a + b)
        elif word == "-":
            stack.append(a - b)
        elif word == "*":
            stack.append(a * b)
        elif word == "/":
            stack.append(a / b)
        elif word == "^":
            stack.append(a ** b)
        elif word == "max":
            stack.append(max(a, b))
        else:
            stack.append(min(a, b))
    elif word == "dup":
        stack.append(stack[-1])
    elif word == "swap":
        stack[-1], stack[-2] = stack[-2], stack[-1]
    elif word == "drop":
        stack.pop()
    elif word == "neg":
        stack.append(-stack.pop())
    elif word == "sqrt":
        x = stack.pop()
        if x < 0:
            raise RPNError(f"sqrt of negative {x}")
        stack.append(x ** 0.5)
    elif word.startswith("!"):
        registers[word[1:]] = stack[-1]
    elif word.startswith("@"):
        if word[1:] not in registers:
            raise RPNError("empty register " + word[1:])
        stack.append(registers[word[1:]])
    else:
        stack.append(float(word))


def evaluate(line: str) -> float:
    stack: list[float] = []
    for word in line.split():
        saved = stack[:]
        try:
            apply(stack, word)
        except (IndexError, ZeroDivisionError) as e:
            stack = saved
            raise RPNError(f"{word!r} failed: {e}") from e
    if len(stack) != 1:
        raise RPNError(f"expected one result, stack is {stack}")
    history.append(stack[0])
    return stack[0]


lines = [
    "3 4 +", "5 1 2 + 4 * + 3 -", "2 0.5 ^", "9 sqrt 16 sqrt +", "1.5 !a 2 * @a +",
    "@a @a * dup +", "1 2 3", "4 +", "1 0 /", "-4 sqrt", "x 1 +", "@zz", "drop",
    "2 10 ^ 1000 -", "7 2 max 3 min", "0.1 0.2 + 10 *", "3 neg 4 swap -", "1e200 1e100 *",
]
for line in lines:
    try:
        print(f"{line:<22} = {evaluate(line)}")
    except RPNError as e:
        print(f"{line:<22} error: {e}")
    except ValueError as e:
        print(f"{line:<22} parse error: {e}")
print("registers:", registers)
print("history:", history)
print(f"sum {sum(history, 0.0):.6f} mean {sum(history, 0.0) / len(history):.6f}")
print("largest:", max(history), "smallest:", min(history))
print("rounded:", [round(h, 2) for h in history])
