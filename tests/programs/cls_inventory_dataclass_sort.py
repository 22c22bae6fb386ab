from dataclasses import dataclass, field


@dataclass(order=True)
class Task:
    priority: int
    name: str
    tags: list[str] = field(default_factory=list)


@dataclass
class Queue:
    tasks: list[Task] = field(default_factory=list)

    def push(self, t: Task) -> None:
        self.tasks.append(t)
        self.tasks.sort()

    def pop(self) -> Task:
        return self.tasks.pop(0)

    def __len__(self) -> int:
        return len(self.tasks)


def main() -> None:
    q = Queue()
    q.push(Task(3, "write docs", ["docs"]))
    q.push(Task(1, "fix crash", ["bug", "urgent"]))
    q.push(Task(2, "review", []))
    q.push(Task(1, "deploy"))
    print(len(q), [t.name for t in q.tasks])
    while len(q) > 0:
        t = q.pop()
        print(t.priority, t.name, t.tags)
    print(Task(1, "a") == Task(1, "b"), Task(1, "a") < Task(2, "a"))
    print(Task(5, "x", ["y"]))


main()
