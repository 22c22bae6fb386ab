# Generators are refused at their first yield.
# error: 7: kiln does not support generators yet
def count(n: int) -> int:
    i = 0
    while i < n:
        i += 1
        yield i


for k in count(3):
    print(k)
