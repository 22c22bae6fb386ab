# send() into a generator is not supported: the call names the method and the type.
# error: 11: error[K0401]: kiln has no method send for iterator[int] (no op-library row '.send(iterator[int], int)')
def count(n: int):
    i = 0
    while i < n:
        i += 1
        yield i


g = count(3)
g.send(1)
