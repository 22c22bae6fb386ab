# Lists: displays, indexing (negative too), assignment, append, pop, len,
# for loops over them, printing, and the errors CPython raises.
def total(xs: list[int]) -> int:
    s = 0
    for x in xs:
        s += x
    return s


def squares(n: int) -> list[int]:
    out: list[int] = []
    for i in range(n):
        out.append(i * i)
    return out


nums = [3, 1, 4, 1, 5, 9, 2, 6]
print(nums, len(nums), nums[0], nums[-1], total(nums))
nums[2] = 40
nums[-2] += 100
print(nums, nums.pop(), nums.pop(0), nums)
sq = squares(6)
print(sq, total(sq))
words = ["kiln", "fires", "clay"]
for w in words:
    print(w, len(w))
grid = [[1, 2], [3, 4]]
grid[1][0] = 30
print(grid, grid[1], grid[1][1])
mixed = [1, 2.5, "x", None, True]
print(mixed, [0.1, 0.2], [], [[]] if False else [[], []])
empty: list[float] = []
if not empty:
    empty.append(1.0)
print(empty, empty[0] / 3)
print(nums[len(nums)])
