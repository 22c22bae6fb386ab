class StackError(Exception):
    pass


class Machine:
    def __init__(self) -> None:
        self.stack: list[int] = []
        self.steps = 0

    def push(self, v: int) -> None:
        self.stack.append(v)

    def pop(self) -> int:
        if not self.stack:
            raise StackError("pop from empty stack")
        return self.stack.pop()

    def run(self, program: str) -> int:
        for tok in program.split():
            self.steps += 1
            if tok.lstrip("-").isdigit():
                self.push(int(tok))
            elif tok == "+":
                self.push(self.pop() + self.pop())
            elif tok == "*":
                self.push(self.pop() * self.pop())
            elif tok == "-":
                b = self.pop()
                self.push(self.pop() - b)
            elif tok == "dup":
                v = self.pop()
                self.push(v)
                self.push(v)
            elif tok == "swap":
                b = self.pop()
                a = self.pop()
                self.push(b)
                self.push(a)
            else:
                raise StackError(f"unknown word {tok!r}")
        return self.pop()


def main() -> None:
    progs = ["1 2 +", "3 dup * 4 -", "2 3 swap -", "5 -7 *", "1 +", "2 frob", "10 2 3 * -"]
    for p in progs:
        m = Machine()
        try:
            print(f"{p!r:>14} => {m.run(p)} in {m.steps} steps, left {m.stack}")
        except StackError as e:
            print(f"{p!r:>14} => error: {e}")
    Machine().run("1 2 3 + + +")


main()
