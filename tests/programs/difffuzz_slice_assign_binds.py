# Found by tests/difffuzz (seed 356 of the first runs): a slice assignment into an
# empty list did not give the list its item type, so kiln took it for a list
# that is always empty and skipped a loop over it.
def main() -> None:
    v9 = [v * 2 for v in set()]
    v9[0:0] = [7]
    for x in v9[:]:
        print("item", x)
    a = []
    a[1:] = ["s", "t"]
    print(a, [w.upper() for w in a])
    f: list[float] = [1.5]
    f[0:1] = [2.5, 3.5]
    print(f, sum(f))


main()
a = []
a[0:0] = [5]
for x in a:
    print("global item", x)
