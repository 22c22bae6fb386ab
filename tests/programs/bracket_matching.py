# Balanced bracket checker using a list as a stack, reporting the position of the first error.
def check(s: str) -> str:
    stack: list[str] = []
    pos: list[int] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for i in range(len(s)):
        c = s[i]
        if c in "([{":
            stack.append(c)
            pos.append(i)
        elif c in ")]}":
            if len(stack) == 0:
                return f"unexpected {c!r} at {i}"
            top = stack.pop()
            p = pos.pop()
            if top != pairs[c]:
                return f"mismatch {top!r}@{p} vs {c!r}@{i}"
    if len(stack) > 0:
        return f"unclosed {stack[len(stack) - 1]!r} at {pos[len(pos) - 1]}"
    return "ok"


for s in ["()", "([]{})", "(]", "((", "a(b[c]d)e", "}{", "{[()()]}", "", "([)]"]:
    print(repr(s), check(s))
