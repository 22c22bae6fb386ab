class MinHeap:
    def __init__(self) -> None:
        self.items: list[tuple[int, str]] = []

    def push(self, pri: int, name: str) -> None:
        self.items.append((pri, name))
        i = len(self.items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if self.items[i] < self.items[parent]:
                self.items[i], self.items[parent] = self.items[parent], self.items[i]
                i = parent
            else:
                break

    def pop(self) -> tuple[int, str]:
        if not self.items:
            raise IndexError("pop from empty heap")
        top = self.items[0]
        last = self.items.pop()
        if self.items:
            self.items[0] = last
            i = 0
            n = len(self.items)
            while True:
                l = 2 * i + 1
                r = l + 1
                small = i
                if l < n and self.items[l] < self.items[small]:
                    small = l
                if r < n and self.items[r] < self.items[small]:
                    small = r
                if small == i:
                    break
                self.items[i], self.items[small] = self.items[small], self.items[i]
                i = small
        return top

    def __len__(self) -> int:
        return len(self.items)


def main() -> None:
    h = MinHeap()
    for p, n in [(5, "e"), (1, "a"), (3, "c"), (1, "aa"), (4, "d"), (2, "b")]:
        h.push(p, n)
    print(len(h), h.items[0])
    out = []
    while len(h):
        out.append(h.pop())
    print(out)
    h.pop()


main()
