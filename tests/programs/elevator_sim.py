# An elevator simulation driven by a deterministic LCG: passengers arrive at
# random floors, one car runs the SCAN policy (keep going while there are
# requests ahead), boarding with a capacity limit; wait times are reported.
state = 42


def lcg(n: int) -> int:
    global state
    state = (state * 1664525 + 1013904223) % 4294967296
    return (state >> 8) % n


FLOORS = 8
CAPACITY = 4
waiting: dict[int, list[tuple[int, int, int]]] = {f: [] for f in range(FLOORS)}
riders: list[tuple[int, int, int]] = []
done: list[tuple[int, int, int]] = []
floor = 0
direction = 1
next_id = 0
moves = 0
log: list[str] = []

for tick in range(60):
    if tick < 40 and lcg(3) == 0:
        src = lcg(FLOORS)
        dst = lcg(FLOORS - 1)
        if dst >= src:
            dst += 1
        waiting[src].append((next_id, dst, tick))
        log.append(f"t{tick}: p{next_id} waits at {src} for {dst}")
        next_id += 1
    leaving = [r for r in riders if r[1] == floor]
    for r in leaving:
        riders.remove(r)
        done.append((r[0], r[2], tick))
    boarded = 0
    queue = waiting[floor]
    while queue and len(riders) < CAPACITY:
        riders.append(queue.pop(0))
        boarded += 1
    if leaving or boarded:
        log.append(f"t{tick}: floor {floor} -{len(leaving)} +{boarded} riders {[r[0] for r in riders]}")
    targets = [r[1] for r in riders] + [f for f in range(FLOORS) if waiting[f]]
    if not targets:
        continue
    ahead = [t for t in targets if (t - floor) * direction > 0]
    if not ahead:
        direction = -direction
        ahead = [t for t in targets if (t - floor) * direction > 0]
    if ahead:
        floor += direction
        moves += 1

for line in log:
    print(line)
print("served:", len(done), "of", next_id, "still riding:", [r[0] for r in riders],
      "still waiting:", sum(len(q) for q in waiting.values()))
waits = [end - start for pid, start, end in done]
if waits:
    print(f"trip times: min {min(waits)} max {max(waits)} mean {sum(waits) / len(waits):.2f}")
    slow = sorted([(end - start, pid) for pid, start, end in done], reverse=True)[:3]
    print("slowest:", [f"p{pid}:{t}" for t, pid in slow])
print("moves:", moves, "final floor:", floor, "direction:", "up" if direction > 0 else "down")
hist = [0] * 6
for w in waits:
    hist[min(w // 5, 5)] += 1
for i, n in enumerate(hist):
    label = f"{i * 5}-{i * 5 + 4}" if i < 5 else "25+"
    print(f"{label:>6} {'#' * n}")
print("state:", state)
