"""scheduler: a richards-like operating-system simulation without classes.
Six tasks (an idle task, a worker, two handlers and two devices) pass packets
to each other through per-task queues; a priority scheduler runs the most
urgent runnable task. Tasks and packets are rows of parallel lists, and a
task's behaviour is chosen by its kind. Prints the counts of packets sent and
of tasks held, and a checksum of what the devices "wrote".
"""

IDLE = 0
WORKER = 1
HANDLER_A = 2
HANDLER_B = 3
DEVICE_A = 4
DEVICE_B = 5
NONE = -1
KIND_DEVICE = 0
KIND_WORK = 1
IDLE_COUNT = 50000
ROUNDS = 10

# tasks, indexed by task id
t_prio: list[int] = []
t_link: list[int] = []      # the next task in decreasing priority
t_queue: list[int] = []     # the first packet waiting for the task
t_waiting: list[bool] = []
t_held: list[bool] = []
t_v1: list[int] = []        # task-local state
t_v2: list[int] = []

# packets, indexed by packet id
p_link: list[int] = []
p_owner: list[int] = []
p_kind: list[int] = []
p_a1: list[int] = []
p_data: list[list[int]] = []

# [packets sent, holds, device checksum]
stats: list[int] = [0, 0, 0]


def reset() -> int:
    """Empties every table and builds the initial system; returns the first task."""
    for t in [t_prio, t_link, t_queue, t_v1, t_v2, p_link, p_owner, p_kind, p_a1]:
        t.clear()
    t_waiting.clear()
    t_held.clear()
    p_data.clear()
    for i in range(len(stats)):
        stats[i] = 0
    prios = [0, 1000, 2000, 3000, 4000, 5000]
    for tid in range(6):
        t_prio.append(prios[tid])
        t_link.append(tid - 1)
        t_queue.append(NONE)
        t_waiting.append(tid != IDLE)
        t_held.append(False)
        t_v1.append(NONE)
        t_v2.append(NONE)
    t_v1[IDLE] = 1  # the idle task's random seed
    t_v2[IDLE] = IDLE_COUNT  # and how many more times it runs
    t_v1[WORKER] = HANDLER_A  # the handler the worker sent to last
    t_v2[WORKER] = 0  # the last letter the worker wrote
    # a handler keeps its work packets in v1 and its device packets in v2;
    # a device keeps the packet it is "writing" in v1
    for _ in range(2):
        p = new_packet(WORKER, KIND_WORK)
        t_queue[WORKER] = append_packet(p, t_queue[WORKER])
    for h in [HANDLER_A, HANDLER_B]:
        for _ in range(3):
            p = new_packet(h, KIND_DEVICE)
            t_queue[h] = append_packet(p, t_queue[h])
    return DEVICE_B


def new_packet(owner: int, kind: int) -> int:
    p_link.append(NONE)
    p_owner.append(owner)
    p_kind.append(kind)
    p_a1.append(0)
    p_data.append([0, 0, 0, 0])
    return len(p_link) - 1


def append_packet(p: int, head: int) -> int:
    """Appends packet p to the list that starts at head; returns the new head."""
    p_link[p] = NONE
    if head == NONE:
        return p
    q = head
    while p_link[q] != NONE:
        q = p_link[q]
    p_link[q] = p
    return head


def release(cur: int, tid: int) -> int:
    t_held[tid] = False
    if t_prio[tid] > t_prio[cur]:
        return tid
    return cur


def hold_self(cur: int) -> int:
    stats[1] += 1
    t_held[cur] = True
    return t_link[cur]


def wait(cur: int) -> int:
    t_waiting[cur] = True
    return cur


def send(cur: int, p: int, dest: int) -> int:
    stats[0] += 1
    p_owner[p] = cur
    t_queue[dest] = append_packet(p, t_queue[dest])
    if not t_held[dest] and t_prio[dest] > t_prio[cur]:
        return dest
    return cur


def run_idle(cur: int) -> int:
    t_v2[cur] -= 1
    if t_v2[cur] == 0:
        return hold_self(cur)
    seed = t_v1[cur]
    if seed & 1 == 0:
        t_v1[cur] = seed >> 1
        return release(cur, DEVICE_A)
    t_v1[cur] = (seed >> 1) ^ 0xD008
    return release(cur, DEVICE_B)


def run_worker(cur: int, pkt: int) -> int:
    if pkt == NONE:
        return wait(cur)
    if t_v1[cur] == HANDLER_A:
        dest = HANDLER_B
    else:
        dest = HANDLER_A
    t_v1[cur] = dest
    p_a1[pkt] = 0
    data = p_data[pkt]
    for i in range(4):
        t_v2[cur] += 1
        if t_v2[cur] > 26:
            t_v2[cur] = 1
        data[i] = t_v2[cur]
    return send(cur, pkt, dest)


def run_handler(cur: int, pkt: int) -> int:
    if pkt != NONE:
        if p_kind[pkt] == KIND_WORK:
            t_v1[cur] = append_packet(pkt, t_v1[cur])
        else:
            t_v2[cur] = append_packet(pkt, t_v2[cur])
    w = t_v1[cur]
    if w != NONE:
        count = p_a1[w]
        if count >= 4:
            t_v1[cur] = p_link[w]
            return send(cur, w, p_owner[w])
        d = t_v2[cur]
        if d != NONE:
            t_v2[cur] = p_link[d]
            p_a1[d] = p_data[w][count]
            p_a1[w] = count + 1
            if cur == HANDLER_A:
                return send(cur, d, DEVICE_A)
            return send(cur, d, DEVICE_B)
    return wait(cur)


def run_device(cur: int, pkt: int) -> int:
    if pkt == NONE:
        p = t_v1[cur]
        if p == NONE:
            return wait(cur)
        t_v1[cur] = NONE
        return send(cur, p, p_owner[p])
    t_v1[cur] = pkt
    stats[2] = (stats[2] * 31 + p_a1[pkt] * (cur + 1)) % 1000000007
    return hold_self(cur)


def schedule(first: int) -> int:
    """Runs tasks until none is runnable; returns how many task runs it made."""
    runs = 0
    cur = first
    while cur != NONE:
        if t_held[cur] or (t_waiting[cur] and t_queue[cur] == NONE):
            cur = t_link[cur]
            continue
        pkt = t_queue[cur]
        if pkt != NONE:
            t_queue[cur] = p_link[pkt]
            p_link[pkt] = NONE
        t_waiting[cur] = False
        runs += 1
        if cur == IDLE:
            cur = run_idle(cur)
        elif cur == WORKER:
            cur = run_worker(cur, pkt)
        elif cur == HANDLER_A or cur == HANDLER_B:
            cur = run_handler(cur, pkt)
        else:
            cur = run_device(cur, pkt)
    return runs


def main() -> None:
    for rnd in range(ROUNDS):
        first = reset()
        runs = schedule(first)
        if rnd == 0 or rnd == ROUNDS - 1:
            print(f"round {rnd}: {runs} task runs, {stats[0]} packets sent,"
                  f" {stats[1]} holds, checksum {stats[2]}")


if __name__ == "__main__":
    main()
