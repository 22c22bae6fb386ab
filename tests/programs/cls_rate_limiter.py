class TokenBucket:
    def __init__(self, rate: float, capacity: float) -> None:
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.last = 0.0

    def allow(self, now: float, cost: float = 1.0) -> bool:
        self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class SlidingWindow:
    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self.hits: list[float] = []

    def allow(self, now: float) -> bool:
        self.hits = [t for t in self.hits if t > now - self.window]
        if len(self.hits) < self.limit:
            self.hits.append(now)
            return True
        return False


def main() -> None:
    times = [0.0, 0.1, 0.2, 0.3, 0.4, 1.0, 1.05, 1.1, 2.5, 2.6, 2.7, 2.8, 2.9]
    tb = TokenBucket(2.0, 3.0)
    sw = SlidingWindow(3, 1.0)
    for t in times:
        print(f"t={t:<4} bucket={'Y' if tb.allow(t) else 'n'} ({tb.tokens:.2f}) window={'Y' if sw.allow(t) else 'n'}")
    print(TokenBucket(1.0, 5.0).allow(0.0, 6.0))


main()
