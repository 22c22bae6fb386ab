PATH = "/tmp/kiln_corpus_files_append_modes.txt"


def main() -> None:
    with open(PATH, "w") as f:
        n = f.write("first\n")
        n += f.write("second\n")
    print("wrote", n)
    with open(PATH, "a") as f:
        f.write("third\n")
    with open(PATH) as f:
        lines = f.readlines()
    print(lines)
    with open(PATH) as f:
        print(f.readline().strip(), "|", f.read().replace("\n", "/"))
    f = open(PATH)
    data = f.read()
    f.close()
    print(len(data), data.count("\n"), data.endswith("\n"))
    with open(PATH, "w") as f:
        f.write("no newline at end")
    with open(PATH) as f:
        print([line for line in f])
    with open(PATH, "r") as f:
        print(f.read(2), f.read(3), f.read(), repr(f.read()))
    try:
        open("/tmp/kiln_corpus_missing_dir/x.txt")
    except FileNotFoundError as e:
        print("error:", e)
    try:
        with open(PATH) as f:
            f.write("x")
    except Exception as e:
        print("write error:", e)


main()
