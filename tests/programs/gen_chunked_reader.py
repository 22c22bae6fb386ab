PATH = "/tmp/kiln_corpus_gen_chunked_reader.txt"


def write_file(path: str) -> None:
    with open(path, "w") as f:
        for i in range(12):
            f.write(f"line {i}: " + "ab" * i + "\n")


def read_chunks(path: str, size: int):
    with open(path) as f:
        while True:
            chunk = f.read(size)
            if not chunk:
                break
            yield chunk


def long_lines(path: str, min_len: int):
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if len(line) >= min_len:
                yield line


def main() -> None:
    write_file(PATH)
    sizes = [len(c) for c in read_chunks(PATH, 64)]
    print(sizes, sum(sizes))
    text = "".join(read_chunks(PATH, 17))
    print(text.count("\n"), text[:20].split(":"))
    for line in long_lines(PATH, 25):
        print(line[:30])


main()
