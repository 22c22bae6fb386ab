# Error path: a deployment pre-flight check. Warnings go to stderr with
# print(file=sys.stderr), SystemExit raised with None or a code is caught and
# inspected along the way, and the final sys.exit("message") prints the
# message on stderr and exits with status 1.
import sys

CHECKS = [
    ("disk space", 82, 90),
    ("memory", 71, 85),
    ("open files", 950, 1000),
    ("error rate", 7, 5),
    ("latency ms", 240, 200),
]


def run_checks() -> list[str]:
    failed: list[str] = []
    for name, value, limit in CHECKS:
        pct = 100 * value // limit
        state = "FAIL" if value > limit else ("WARN" if pct >= 90 else "ok")
        print(f"{name:<12}{value:>6} / {limit:<6}{pct:>4}%  {state}")
        if state == "WARN":
            print(f"warning: {name} at {pct}% of limit", file=sys.stderr)
        if state == "FAIL":
            failed.append(name)
    return failed


def confirm(answer: str) -> None:
    if answer == "yes":
        return
    if answer == "":
        sys.exit()
    sys.exit(f"aborted by operator ({answer!r})")


for answer in ["yes", "", "no"]:
    try:
        confirm(answer)
        print(f"confirm({answer!r}) returned normally")
    except SystemExit as e:
        print(f"confirm({answer!r}) -> SystemExit {e!r}")
failed = run_checks()
print("failed checks:", failed)
score = sum(1 for name, value, limit in CHECKS if value <= limit)
print(f"score {score}/{len(CHECKS)}")
if not failed:
    print("all clear")
    sys.exit(0)
print("summary written", end="\n\n")
sys.exit("pre-flight failed: " + ", ".join(failed))
