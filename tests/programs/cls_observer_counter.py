class Metric:
    def __init__(self, name: str) -> None:
        self.name = name
        self.values: list[float] = []

    def observe(self, v: float) -> None:
        self.values.append(v)

    def summary(self) -> str:
        if not self.values:
            return f"{self.name}: no data"
        s = sorted(self.values)
        n = len(s)
        p50 = s[n // 2]
        p95 = s[min(n - 1, int(n * 0.95))]
        mean = 0.0
        for v in s:
            mean += v
        mean /= n
        return f"{self.name}: n={n} mean={mean:.2f} p50={p50} p95={p95} max={s[-1]}"


class Registry:
    def __init__(self) -> None:
        self.metrics: dict[str, Metric] = {}

    def get(self, name: str) -> Metric:
        if name not in self.metrics:
            self.metrics[name] = Metric(name)
        return self.metrics[name]

    def report(self) -> list[str]:
        return [self.metrics[k].summary() for k in sorted(self.metrics)]


def main() -> None:
    reg = Registry()
    for i in range(40):
        reg.get("latency_ms").observe(float((i * 37) % 50 + 5))
        if i % 3 == 0:
            reg.get("tokens").observe(float(100 + i))
    reg.get("errors")
    for line in reg.report():
        print(line)
    print(len(reg.metrics), reg.get("tokens") is reg.get("tokens"))


main()
