# A generator expression kiln cannot run as a loop (passed to a function of
# the program) is refused, naming the consumers it supports.
# error: 8: kiln does not support generator expressions other than iterated by a for loop
def f(items):
    return items


print(f(x for x in range(3)))
