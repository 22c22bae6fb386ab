# Error path: a grading function assigns its result only on some branches.
# Python decides at compile time that the name is local, so reading it on the
# other path raises UnboundLocalError — caught once, then uncaught.
total = 0


def grade(score: int) -> str:
    if score >= 90:
        letter = "A"
    elif score >= 80:
        letter = "B"
    elif score >= 70:
        letter = "C"
    elif score >= 0 and score < 50:
        letter = "F"
    return letter


def bump(n: int) -> int:
    if n > 100:
        total = n
    return total + n


def describe(scores: list[int]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in scores:
        g = grade(s)
        counts[g] = counts.get(g, 0) + 1
        print(f"  {s:3d} -> {g}")
    return counts


print(describe([95, 85, 72, 40, 91, 3]))
for s in [99, 75, 65]:
    try:
        print(s, grade(s))
    except UnboundLocalError as e:
        print(s, "UnboundLocalError:", e)
print("bump(500):", bump(500))
try:
    print("bump(5):", bump(5))
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
except NameError as e:
    print("never: NameError handler")
total = 7
print("global total is", total)
result = describe([88, 100, 77, 55, 90])
print(result)
