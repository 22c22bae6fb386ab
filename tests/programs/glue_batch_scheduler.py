from dataclasses import dataclass


@dataclass
class Request:
    rid: int
    prompt_len: int
    max_new: int
    generated: int = 0

    @property
    def done(self) -> bool:
        return self.generated >= self.max_new


def schedule(queue: list[Request], max_batch: int, max_tokens: int) -> list[str]:
    log: list[str] = []
    running: list[Request] = []
    step = 0
    while queue or running:
        while queue and len(running) < max_batch:
            tokens = sum(r.prompt_len + r.generated for r in running)
            if tokens + queue[0].prompt_len > max_tokens and running:
                break
            running.append(queue.pop(0))
        for r in running:
            r.generated += 1
        finished = [r.rid for r in running if r.done]
        running = [r for r in running if not r.done]
        log.append(f"step {step}: running={len(running)} finished={finished}")
        step += 1
    return log


def main() -> None:
    reqs = [Request(i, 10 + 7 * i, 2 + i % 4) for i in range(7)]
    for line in schedule(reqs, 3, 80):
        print(line)


main()
