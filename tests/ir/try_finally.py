# finally runs on every way out: lowered after the try, at the return, and
# for an exception (taken, handled while the body runs, then pending again).
# expect: excfetch
# expect: excbegin
# expect: reraise v
def f(x):
    try:
        if x:
            return 1
    finally:
        print("done")
    return 2


print(f(0), f(1))
