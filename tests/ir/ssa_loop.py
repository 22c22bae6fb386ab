# A loop-carried variable gets a phi in the loop head; a for loop is the
# iteration protocol: a cursor made once, then next and item each time round.
# expect: func total(int) -> int
# expect: = phi
# expect: builtin iter.new v
# expect: : cursor[range]
# expect: builtin iter.next
# expect: builtin iter.item
def total(n):
    s = 0
    for i in range(n):
        s += i * i
    return s


print(total(10))
