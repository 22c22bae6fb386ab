PATH = "/tmp/kiln_corpus_files_log_tail.log"


def write_log(path: str, n: int) -> None:
    levels = ["INFO", "DEBUG", "WARN", "ERROR"]
    with open(path, "w") as f:
        for i in range(n):
            lvl = levels[(i * 7) % 4]
            f.write(f"2024-01-01T00:00:{i:02d} {lvl} request {i} took {(i * 37) % 100}ms\n")


def tail(path: str, n: int) -> list[str]:
    with open(path) as f:
        lines = f.read().splitlines()
    return lines[-n:]


def level_counts(path: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            counts[parts[1]] = counts.get(parts[1], 0) + 1
    return counts


def slow_requests(path: str, limit: int) -> list[int]:
    out: list[int] = []
    with open(path) as f:
        for line in f:
            ms = int(line.rsplit(" ", 1)[1].rstrip("ms\n"))
            if ms > limit:
                out.append(int(line.split()[3]))
    return out


def main() -> None:
    write_log(PATH, 20)
    for line in tail(PATH, 3):
        print(line)
    print(sorted(level_counts(PATH).items()))
    print(slow_requests(PATH, 80))
    with open(PATH) as f:
        first = f.readline()
        second = f.readline()
    print(repr(first), len(second))


main()
