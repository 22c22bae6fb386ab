def total(*nums: int) -> int:
    s = 0
    for n in nums:
        s += n
    return s


def describe(name: str, *tags: str, sep: str = ", ", upper: bool = False) -> str:
    out = name + ": " + sep.join(list(tags))
    if upper:
        out = out.upper()
    return out


def config(prefix: str, **opts: int) -> str:
    parts: list[str] = []
    for k in opts:
        parts.append(prefix + k + "=" + str(opts[k]))
    return ";".join(parts)


def kwonly(a: int, *, b: int, c: int = -3) -> int:
    return a * 100 + b * 10 + c


print(total(), total(1), total(1, 2, 3))
print(describe("x"), describe("y", "a", "b"), describe("z", "p", "q", sep="|", upper=True))
print(config("--"), config("-", depth=3, width=4))


def log(*parts: str, **fields: float) -> None:
    line = " ".join(list(parts))
    for k, v in fields.items():
        line += f" {k}={v:.2f}"
    print(line)


log("start")
log("step", "one", loss=0.25, acc=0.875)
log(lr=0.001)
print(total(10, 20))
