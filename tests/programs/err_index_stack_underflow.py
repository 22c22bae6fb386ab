# Error path: a postfix evaluator whose stack runs dry. Earlier inputs are
# fine or recovered from; the last one pops an empty list and the uncaught
# IndexError ends the program (traceback through two functions).
def apply(stack: list[int], tok: str) -> None:
    if tok == "+":
        b = stack.pop()
        a = stack.pop()
        stack.append(a + b)
    elif tok == "*":
        b = stack.pop()
        a = stack.pop()
        stack.append(a * b)
    elif tok == "-":
        b = stack.pop()
        a = stack.pop()
        stack.append(a - b)
    elif tok == "neg":
        stack.append(-stack.pop())
    elif tok == "dup":
        stack.append(stack[-1])
    else:
        stack.append(int(tok))


def evaluate(expr: str) -> int:
    stack: list[int] = []
    for tok in expr.split():
        apply(stack, tok)
        print(f"    {tok:>4} -> {stack}")
    return stack[-1]


cases = ["2 3 + 4 *", "5 dup * 1 -", "7 neg 3 +", "1 +", "dup", "10 2 - 3 -"]
results: dict[str, int] = {}
for expr in cases:
    print("eval:", expr)
    try:
        results[expr] = evaluate(expr)
        print("  =", results[expr])
    except IndexError as e:
        print("  stack underflow:", e)
print(results)
items = [10, 20, 30]
print(items[-1], items[-3], items[2])
try:
    print(items[3])
except IndexError as e:
    print("IndexError:", e)
try:
    print("abc"[5])
except IndexError as e:
    print("IndexError:", e)
try:
    print((1, 2)[2])
except IndexError as e:
    print("IndexError:", e)
print("final:", evaluate("4 5 * + 6"))
