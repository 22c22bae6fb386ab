# Error path: cleaning up a session table. Mutating a dict while iterating
# over it raises RuntimeError; the safe patterns (iterate over a copy of the
# keys, build a new dict) work, and a last careless loop fails uncaught.
sessions: dict[str, int] = {"s1": 5, "s2": 0, "s3": 12, "s4": 0, "s5": 3}
print("sessions:", sessions)
try:
    for sid in sessions:
        if sessions[sid] == 0:
            sessions.pop(sid)
except RuntimeError as e:
    print("RuntimeError:", e)
print("after failed cleanup:", sessions)
for sid in list(sessions):
    if sessions[sid] == 0:
        sessions.pop(sid)
        print("removed", sid)
print("after safe cleanup:", sessions)
renewed = {sid: ttl + 10 for sid, ttl in sessions.items() if ttl > 4}
print("renewed:", renewed)
for sid in sessions:
    sessions[sid] = sessions[sid] - 1
print("values may change during iteration:", sessions)
try:
    for sid in sessions:
        sessions[sid + "x"] = 1
except RuntimeError as e:
    print("RuntimeError:", e)
print("size now:", len(sessions), sorted(sessions))
tags = {"red", "green", "blue"}
try:
    for t in tags:
        tags.add(t.upper())
except RuntimeError as e:
    print("RuntimeError:", e)
print(len(tags) > 3)
queue = [1, 2, 3]
for q in queue:
    if q < 3:
        queue.append(q + 10)
print("lists may grow while iterated:", queue)
counts: dict[int, int] = {1: 1, 2: 2}
for k in list(counts.keys()):
    counts[k * 10] = k
print(counts)
expiring: dict[str, int] = {"a": 1, "b": 2, "c": 3}
for name, ttl in expiring.items():
    print("checking", name, ttl)
    if ttl == 2:
        expiring["d"] = 4
print("not reached", expiring)
