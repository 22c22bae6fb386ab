# A set of ints cannot take a str (CPython could, but its set would print
# differently from any kiln set[int]): a compile error naming the row.
# error: 5: error[K0401]: kiln has no method add for set[int]
s = {1, 2}
s.add("three")
print(s)
