# Reads of module-level tables (emit.c, find_borrowed): a read used only by
# list indexing right away takes no reference; one held across a call that
# rebinds the global, returned, stored, or passed on keeps its own, so the
# old table stays alive and unchanged where CPython keeps it.

prio: list[int] = [5, 3, 9, 1]
names: list[str] = ["idle", "work", "disk", "net"]
flags: list[bool] = [False, True, False, True]
weights: list[float] = [0.5, 1.5, 2.5, 3.5]
kept: list[list[int]] = []


def rebind() -> int:
    global prio, names
    prio = [p * 10 for p in prio]
    names = [n.upper() for n in names]
    return len(prio)


def best() -> int:
    b = 0
    for i in range(len(prio)):
        if prio[i] > prio[b] and not flags[i]:
            b = i
    return b


def held_across_call() -> str:
    old = prio
    old_names = names
    n = rebind()
    return f"{old} {old_names} {prio} {names} {n} {old[1] + prio[1]}"


def stored() -> list[int]:
    kept.append(prio)
    return prio


def bump() -> None:
    for i in range(len(weights)):
        weights[i] = weights[i] * 2.0 + prio[i % len(prio)]
        flags[i] = not flags[i]


def missing() -> int:
    return later[0]


print(best(), names[best()])
print(held_across_call())
r = stored()
r.append(4)
print(r, kept, prio)
bump()
print(weights, flags)
try:
    print(prio[len(prio)])
except IndexError as e:
    print("IndexError:", e)
try:
    print(missing())
except NameError as e:
    print("NameError:", e)
later: list[int] = [42]
print(missing())
