import json


class Backend:
    def __init__(self, name: str, latencies: list[int], fail_every: int) -> None:
        self.name = name
        self.latencies = latencies
        self.fail_every = fail_every
        self.calls = 0

    def ping(self) -> int:
        self.calls += 1
        if self.fail_every and self.calls % self.fail_every == 0:
            raise ConnectionError(f"{self.name} unreachable")
        return self.latencies[self.calls % len(self.latencies)]


def check(backends: list[Backend], rounds: int) -> dict[str, dict[str, object]]:
    report: dict[str, dict[str, object]] = {}
    for b in backends:
        ok = 0
        worst = 0
        errors: list[str] = []
        for _ in range(rounds):
            try:
                ms = b.ping()
                ok += 1
                worst = max(worst, ms)
            except ConnectionError as e:
                errors.append(str(e))
        status = "up" if ok == rounds else "degraded" if ok else "down"
        report[b.name] = {"status": status, "ok": ok, "worst_ms": worst, "errors": len(errors)}
    return report


def main() -> None:
    bs = [Backend("local", [3, 5, 4], 0), Backend("remote", [80, 120, 95], 3), Backend("flaky", [10], 1)]
    rep = check(bs, 6)
    print(json.dumps(rep, indent=2))
    print(sorted(name for name in rep if rep[name]["status"] != "up"))


main()
