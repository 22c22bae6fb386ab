# Error path: a command-line-style checker that validates a batch of file
# records and exits with a status code from sys.exit(n): finally blocks run
# on the way out, SystemExit can be caught and inspected, and the last
# sys.exit(3) ends the program with exit status 3 and nothing on stderr.
import sys

FILES = [("main.py", 120, "ok"), ("util.py", 0, "empty"), ("big.py", 9000, "ok"),
         ("bad.py", 15, "syntax"), ("notes.txt", 40, "ok")]
LIMIT = 5000
problems: list[str] = []


def check(name: str, lines: int, status: str) -> int:
    if not name.endswith(".py"):
        print(f"  skip {name}")
        return 0
    if status == "syntax":
        problems.append(f"{name}: syntax error")
        return 2
    if lines == 0:
        problems.append(f"{name}: empty file")
        return 1
    if lines > LIMIT:
        problems.append(f"{name}: {lines} lines > {LIMIT}")
        return 1
    print(f"  ok {name} ({lines} lines)")
    return 0


def run(batch: list[tuple[str, int, str]]) -> int:
    worst = 0
    try:
        for name, lines, status in batch:
            worst = max(worst, check(name, lines, status))
            if worst >= 2:
                print("  stopping early")
                sys.exit(worst + 10)
    finally:
        print(f"  finally: {len(problems)} problem(s) so far")
    return worst


print("batch 1:")
print("worst:", run(FILES[:3]))
print("batch 2:")
try:
    run(FILES)
except SystemExit as e:
    print("caught SystemExit with code", e)
for code in [0, 1, 255]:
    try:
        sys.exit(code)
    except SystemExit as e:
        print("sys.exit(", code, ") raised SystemExit:", repr(e))
print("problems:")
for p in problems:
    print(" -", p)
status = 3 if problems else 0
print("exiting with", status)
try:
    sys.exit(status)
finally:
    print("cleanup runs before exit")
print("not reached")
