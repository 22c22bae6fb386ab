# assert statements that pass, one caught as AssertionError, then a failing one with a message.
def mean(xs: list[float]) -> float:
    assert len(xs) > 0, "mean of empty list"
    return sum(xs, 0.0) / len(xs)


print(mean([1.0, 2.0, 4.5]))
try:
    mean([])
except AssertionError as e:
    print("caught:", e)
x = 5
assert x == 5
assert x > 0 and x < 10, f"x out of range: {x}"
print("all good")
assert x % 2 == 0, f"x={x} is odd"
print("not reached")
