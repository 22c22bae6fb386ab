class Window:
    def __init__(self, data: list[int], size: int) -> None:
        if size <= 0:
            raise ValueError("size must be positive")
        self.data = data
        self.size = size

    def count(self) -> int:
        return max(0, len(self.data) - self.size + 1)

    def at(self, i: int) -> list[int]:
        if not 0 <= i < self.count():
            raise IndexError(f"window {i} out of range")
        return self.data[i : i + self.size]

    def windows(self):
        for i in range(self.count()):
            yield self.at(i)

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, i: int) -> list[int]:
        return self.at(i)


def main() -> None:
    w = Window([1, 2, 3, 4, 5, 6], 4)
    print(len(w), w[0], w[2])
    print([sum(x) for x in w.windows()])
    print(max(w.windows(), key=lambda x: x[-1] - x[0]))
    empty = Window([1], 3)
    print(len(empty), list(empty.windows()))
    try:
        Window([], 0)
    except ValueError as e:
        print("error:", e)
    print(w[3])


main()
