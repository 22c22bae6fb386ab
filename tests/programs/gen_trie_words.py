class Trie:
    def __init__(self) -> None:
        self.children: dict[str, "Trie"] = {}
        self.end = False
        self.count = 0

    def insert(self, word: str) -> None:
        node = self
        for ch in word:
            if ch not in node.children:
                node.children[ch] = Trie()
            node = node.children[ch]
            node.count += 1
        node.end = True

    def find(self, prefix: str) -> "Trie":
        node = self
        for ch in prefix:
            if ch not in node.children:
                return Trie()
            node = node.children[ch]
        return node


def words(node: Trie, prefix: str):
    if node.end:
        yield prefix
    for ch in sorted(node.children):
        yield from words(node.children[ch], prefix + ch)


def main() -> None:
    t = Trie()
    for w in ["tea", "ten", "team", "to", "toast", "in", "inn", "tea"]:
        t.insert(w)
    print(list(words(t, "")))
    for p in ["te", "to", "i", "x", ""]:
        print(repr(p), list(words(t.find(p), p)), t.find(p).count)


main()
