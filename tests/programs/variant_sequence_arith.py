# Sequences held as dynamic values: + concatenates and * repeats tuples, bytes and strs.
def pick(k: int) -> object:
    if k == 0:
        return (1, "a")
    if k == 1:
        return b"xy"
    return "s"

def main() -> None:
    for k in range(3):
        v = pick(k)
        print(v * 2, 2 * v, v + v)

main()
