class RateLimited(Exception):
    pass


class Client:
    def __init__(self, fail_pattern: list[bool]) -> None:
        self.pattern = fail_pattern
        self.calls = 0
        self.slept: list[float] = []

    def sleep(self, s: float) -> None:
        self.slept.append(s)

    def request(self, prompt: str) -> str:
        fail = self.pattern[self.calls % len(self.pattern)]
        self.calls += 1
        if fail:
            raise RateLimited(f"429 on call {self.calls}")
        return prompt[::-1]


def call_with_backoff(c: Client, prompt: str, retries: int, base: float) -> str:
    delay = base
    for attempt in range(retries + 1):
        try:
            return c.request(prompt)
        except RateLimited as e:
            if attempt == retries:
                raise
            print(f"  attempt {attempt + 1}: {e}; sleeping {delay:.2f}s")
            c.sleep(delay)
            delay = min(delay * 2, 8.0)
    return ""


def main() -> None:
    c = Client([True, True, False])
    print(call_with_backoff(c, "hello", 5, 0.5))
    print(c.calls, c.slept, sum(c.slept))
    c2 = Client([True])
    try:
        call_with_backoff(c2, "x", 4, 1.5)
    except RateLimited as e:
        print("gave up:", e, c2.slept)
    call_with_backoff(Client([True, False, True, True]), "abc", 1, 0.1)
    call_with_backoff(Client([True]), "abc", 1, 0.1)


main()
