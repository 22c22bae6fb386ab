# try/except/else, raise, built-in exception classes with CPython's messages,
# exceptions from the runtime caught by type, re-raising, and an uncaught one.
def safe_div(a: int, b: int) -> float:
    try:
        r = a / b
    except ZeroDivisionError as e:
        print("caught:", e)
        return 0.0
    else:
        print("no error")
    return r


def check(n: int) -> int:
    if n < 0:
        raise ValueError("negative: " + str(n))
    if n == 0:
        raise KeyError("zero")
    return n * 2


def classify(n: int) -> str:
    try:
        v = check(n)
        return f"ok {v}"
    except ValueError as e:
        return f"value error: {e}"
    except (KeyError, IndexError) as e:
        return f"lookup error: {e}"


print(safe_div(7, 2), safe_div(1, 0))
print(classify(5), classify(-3), classify(0))
count = 0
for i in range(5):
    try:
        if i % 2 == 0:
            raise RuntimeError("even")
        count += 1
    except RuntimeError:
        count += 10
print(count)
xs = [1, 2, 3]
try:
    print(xs[10])
except IndexError as e:
    print("index:", e)
try:
    int("nope")
except ValueError as e:
    print("value:", e)
try:
    try:
        raise ValueError("inner")
    except ValueError:
        print("re-raising")
        raise
except Exception as e:
    print("outer got:", e)
check(-1)
