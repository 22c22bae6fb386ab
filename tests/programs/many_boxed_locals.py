# A function with many boxed locals (emit.c keeps them in one struct, `kl`, released by one
# call at the exit) whose Python names look like the C names of generated values (v1, t0, kl):
# the messages that carry those names must come out unchanged, and every local is released on
# the normal exit, on an exception caught inside, and on one that leaves the function.


class Box:
    def __init__(self, t0: str, v1: list[str]) -> None:
        self.t0 = t0
        self.v1 = v1


def report(words: list[str], fail_at: int) -> str:
    v1 = words[0]
    t0 = words[1].upper()
    kl = "-".join(words)
    v12 = [w * 2 for w in words]
    t3 = {w: len(w) for w in words}
    parts: list[str] = []
    for i, w in enumerate(words):
        v2 = f"{i}:{w}"
        parts.append(v2)
        if i == fail_at:
            raise KeyError(f"v1={v1} t0={t0}")
    box = Box(t0, v12)
    try:
        missing = t3["v3"]
        parts.append(str(missing))
    except KeyError as e:
        parts.append(f"no {e}")
    text = " ".join(parts)
    return f"{v1}|{t0}|{kl}|{box.t0}|{len(box.v1)}|{sorted(t3.items())}|{text}"


def unbound(flag: bool) -> str:
    a = "a" * 2
    b = a + "b"
    c = b + "c"
    d = c + "d"
    e = d + "e"
    f = e + "f"
    g = f + "g"
    h = g + "h"
    if flag:
        v1 = h.upper()
    return v1


for n in range(3):
    print(report(["alpha", "beta", "gamma", "delta"][: n + 2], 99))
try:
    report(["x", "y", "z"], 1)
except KeyError as e:
    print("caught", e)
print(unbound(True))
try:
    print(unbound(False))
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
print(report(["one", "two", "three"], 2))
