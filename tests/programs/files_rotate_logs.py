BASE = "/tmp/kiln_corpus_files_rotate_logs"


def write_lines(path: str, lines: list[str]) -> None:
    with open(path, "w") as f:
        for line in lines:
            f.write(line + "\n")


def read_lines(path: str) -> list[str]:
    try:
        with open(path) as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []


def rotate(base: str, keep: int) -> None:
    for i in range(keep - 1, 0, -1):
        older = read_lines(f"{base}.{i}")
        if older:
            write_lines(f"{base}.{i + 1}", older)
    write_lines(f"{base}.1", read_lines(base))
    write_lines(base, [])


def main() -> None:
    for i in range(1, 5):
        write_lines(f"{BASE}.{i}", [])
    for gen in range(4):
        write_lines(BASE, [f"gen{gen} line{j}" for j in range(gen + 1)])
        rotate(BASE, 3)
    for i in range(0, 5):
        path = BASE if i == 0 else f"{BASE}.{i}"
        print(path[-8:], read_lines(path))


main()
