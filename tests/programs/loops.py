# while/for with break, continue and else clauses.
def find(limit: int, target: int) -> int:
    i = 0
    while i < limit:
        if i == target:
            break
        i += 1
    else:
        return -1
    return i


count = 0
for k in range(20):
    if k % 3 == 0:
        continue
    if k > 15:
        break
    count += k
else:
    count = -1000
print(count, find(10, 4), find(3, 9))
for j in range(10, 0, -3):
    print(j, end=" ")
print()
n = 0
while True:
    n += 1
    if n * n > 50:
        break
print("n =", n, sep="")
