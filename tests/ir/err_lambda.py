# A closure over a variable of a function two levels out is refused, naming the variable.
# error: 6: kiln does not support closures over a variable of a function two levels out yet ('n')
def a(n: int) -> int:
    def b() -> int:
        def c() -> int:
            return n
        return c()
    return b()


print(a(1))
