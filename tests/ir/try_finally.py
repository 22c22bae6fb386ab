# finally is not compiled yet; kiln says so instead of miscompiling.
# error: 4: kiln does not support finally yet
x = 1
try:
    x = 2
finally:
    print(x)
