# Module-level globals read by functions, and updated through the global statement.
counter = 0
history: list[int] = []
LIMIT = 3


def bump(k: int) -> int:
    global counter
    counter += k
    history.append(counter)
    return counter


def over_limit() -> bool:
    return len(history) > LIMIT


for i in range(1, 6):
    bump(i)
    if over_limit():
        print("over limit at", i)
        break
print(counter, history)
