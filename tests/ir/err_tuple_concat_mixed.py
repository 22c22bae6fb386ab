# Repeating a tuple of mixed item types a run-time number of times is refused.
def rep(t: tuple[int, str], k: int) -> None:
    print(t * k)
# error: 3: error[K0406]: kiln cannot repeat a tuple[int, str] into a tuple of known item types


rep((1, "a"), 2)
