"""tasks_oop: a round-robin scheduler of job objects, written with classes.
Jobs are instances of subclasses that override `step` (dynamic dispatch on
every tick); they hold their state in fields, pass messages through a shared
mailbox object, and spawn follow-up jobs. Prints how many jobs ran, the
ticks, and checksums of what they computed.
"""
from typing import Optional

ROUNDS = 150
JOBS = 400


class Message:
    def __init__(self, sender: int, value: int, next: Optional["Message"]) -> None:
        self.sender = sender
        self.value = value
        self.next = next


class Mailbox:
    def __init__(self) -> None:
        self.head: Optional[Message] = None
        self.count = 0

    def post(self, sender: int, value: int) -> None:
        self.head = Message(sender, value, self.head)
        self.count += 1

    def take(self) -> Optional[Message]:
        m = self.head
        if m is not None:
            self.head = m.next
            self.count -= 1
        return m


class Job:
    def __init__(self, ident: int, work: int) -> None:
        self.ident = ident
        self.work = work
        self.acc = 0

    def step(self, box: Mailbox) -> int:
        self.work -= 1
        return self.work

    def result(self) -> int:
        return self.acc


class Counter(Job):
    def step(self, box: Mailbox) -> int:
        self.acc = (self.acc * 7 + self.work) % 10007
        self.work -= 1
        return self.work


class Producer(Job):
    def __init__(self, ident: int, work: int, seed: int) -> None:
        super().__init__(ident, work)
        self.seed = seed

    def step(self, box: Mailbox) -> int:
        self.seed = (self.seed * 1103515245 + 12345) % 2147483648
        box.post(self.ident, self.seed % 1000)
        self.acc += 1
        self.work -= 1
        return self.work


class Consumer(Job):
    def step(self, box: Mailbox) -> int:
        m = box.take()
        if m is not None:
            self.acc = (self.acc + m.value * (m.sender % 13 + 1)) % 1000003
            self.work -= 1
        else:
            self.work -= 2
        return self.work

    def result(self) -> int:
        return self.acc * 3


class Splitter(Job):
    def __init__(self, ident: int, work: int, depth: int) -> None:
        super().__init__(ident, work)
        self.depth = depth
        self.children: list[Job] = []

    def step(self, box: Mailbox) -> int:
        if self.depth > 0 and self.work % 5 == 0:
            self.children.append(Counter(self.ident * 10 + len(self.children), self.depth + 3))
        self.work -= 1
        return self.work

    def result(self) -> int:
        total = 0
        for c in self.children:
            while c.step(Mailbox()) > 0:
                pass
            total += c.result()
        return total


class Scheduler:
    def __init__(self) -> None:
        self.ready: list[Job] = []
        self.done: list[Job] = []
        self.box = Mailbox()
        self.ticks = 0

    def add(self, job: Job) -> None:
        self.ready.append(job)

    def run(self) -> None:
        while self.ready:
            still: list[Job] = []
            for job in self.ready:
                self.ticks += 1
                if job.step(self.box) > 0:
                    still.append(job)
                else:
                    self.done.append(job)
            self.ready = still


def one_round(r: int) -> tuple[int, int, int]:
    s = Scheduler()
    for i in range(JOBS):
        kind = (i + r) % 4
        if kind == 0:
            s.add(Counter(i, 20 + i % 17))
        elif kind == 1:
            s.add(Producer(i, 15 + i % 11, i * 31 + r))
        elif kind == 2:
            s.add(Consumer(i, 25 + i % 7))
        else:
            s.add(Splitter(i, 12 + i % 9, i % 4))
    s.run()
    checksum = 0
    for job in s.done:
        checksum = (checksum * 31 + job.result()) % 1000000007
    return len(s.done), s.ticks, checksum


def main() -> None:
    jobs = 0
    ticks = 0
    check = 0
    for r in range(ROUNDS):
        n, t, c = one_round(r)
        jobs += n
        ticks += t
        check = (check + c) % 1000000007
    print(jobs, ticks, check)


if __name__ == "__main__":
    main()
