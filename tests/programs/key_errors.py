# KeyError from dict lookups with str and int keys, get() defaults, and an uncaught KeyError.
ages: dict[str, int] = {"ann": 31, "ben": 27}
for name in ["ann", "cal", "ben", ""]:
    try:
        print(name, ages[name])
    except KeyError as e:
        print("missing", e)
print(ages.get("cal", -1), ages.get("ann", -1))
squares: dict[int, int] = {}
for i in range(5):
    squares[i] = i * i
try:
    print(squares[7])
except KeyError as e:
    print("KeyError", e)
except Exception:
    print("wrong handler")
print(squares, len(squares))
print(ages["zed"])
