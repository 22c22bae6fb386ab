PATH = "/tmp/kiln_corpus_files_kv_store.db"


class KVStore:
    def __init__(self, path: str) -> None:
        self.path = path
        self.data: dict[str, str] = {}

    def load(self) -> int:
        self.data = {}
        try:
            with open(self.path) as f:
                for line in f:
                    k, sep, v = line.rstrip("\n").partition("\t")
                    if sep:
                        self.data[k] = v
        except FileNotFoundError:
            return -1
        return len(self.data)

    def save(self) -> None:
        with open(self.path, "w") as f:
            for k in sorted(self.data):
                f.write(f"{k}\t{self.data[k]}\n")

    def set(self, k: str, v: str) -> None:
        self.data[k] = v

    def delete(self, k: str) -> bool:
        return self.data.pop(k, None) is not None


def main() -> None:
    missing = KVStore("/tmp/kiln_corpus_definitely_missing_dir/x.db")
    print("missing:", missing.load())
    s = KVStore(PATH)
    s.set("model", "minilm")
    s.set("dim", "384")
    s.set("note", "tabs\\tescaped")
    s.save()
    t = KVStore(PATH)
    print(t.load(), t.data)
    print(t.delete("dim"), t.delete("dim"))
    t.save()
    print(s.load(), sorted(s.data))
    with open(PATH) as f:
        print(repr(f.read()))


main()
