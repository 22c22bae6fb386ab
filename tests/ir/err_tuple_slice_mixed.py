# A tuple whose items' types differ sliced with bounds known only at run time:
# the result's item types cannot be known, so kiln refuses it.
def tail(t: tuple[int, str], k: int) -> None:
    print(t[k:])
# error: 4: error[K0406]: kiln cannot slice a tuple[int, str] with bounds that are not constants


tail((1, "a"), 1)
