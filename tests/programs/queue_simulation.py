# A round-robin scheduler using lists as queues (pop(0)/append) with per-task remaining work.
names = ["A", "B", "C", "D"]
work = [5, 2, 7, 3]
queue: list[int] = []
for i in range(len(names)):
    queue.append(i)
quantum = 2
t = 0
finished: list[str] = []
while len(queue) > 0:
    i = queue.pop(0)
    run = min(quantum, work[i])
    work[i] -= run
    t += run
    if work[i] == 0:
        finished.append(f"{names[i]}@{t}")
    else:
        queue.append(i)
print(" ".join(finished))
print("total time", t, work)
