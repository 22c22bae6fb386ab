# Backtracking search: all N-Queens solutions with set-based conflict checks,
# a board printout, permutations and subset sums by recursion, and a small
# word-ladder-free maze solver with a step counter.
calls = 0


def queens(n: int, row: int, cols: list[int], used: set[int], d1: set[int], d2: set[int],
           out: list[list[int]]) -> None:
    global calls
    calls += 1
    if row == n:
        out.append(cols[:])
        return
    for c in range(n):
        if c in used or (row - c) in d1 or (row + c) in d2:
            continue
        cols.append(c)
        used.add(c)
        d1.add(row - c)
        d2.add(row + c)
        queens(n, row + 1, cols, used, d1, d2, out)
        cols.pop()
        used.remove(c)
        d1.remove(row - c)
        d2.remove(row + c)


def permutations(items: list[str], k: int, acc: list[str], out: list[str]) -> None:
    if len(acc) == k:
        out.append("".join(acc))
        return
    for i in range(len(items)):
        if items[i] in acc:
            continue
        acc.append(items[i])
        permutations(items, k, acc, out)
        acc.pop()


def subset_sums(nums: list[int], i: int, target: int, chosen: list[int], out: list[list[int]]) -> None:
    if target == 0:
        out.append(chosen[:])
        return
    if i == len(nums) or target < 0:
        return
    chosen.append(nums[i])
    subset_sums(nums, i + 1, target - nums[i], chosen, out)
    chosen.pop()
    subset_sums(nums, i + 1, target, chosen, out)


MAZE = ["S.#......", ".##.####.", "....#....", "##.##.##.", "...#...#E"]


def solve(r: int, c: int, seen: set[tuple[int, int]], path: list[tuple[int, int]]) -> bool:
    if r < 0 or c < 0 or r >= len(MAZE) or c >= len(MAZE[0]) or MAZE[r][c] == "#" or (r, c) in seen:
        return False
    seen.add((r, c))
    path.append((r, c))
    if MAZE[r][c] == "E":
        return True
    for dr, dc in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
        if solve(r + dr, c + dc, seen, path):
            return True
    path.pop()
    return False


for n in range(1, 9):
    sols: list[list[int]] = []
    calls = 0
    queens(n, 0, [], set(), set(), set(), sols)
    print(f"{n} queens: {len(sols)} solutions, {calls} calls, first {sols[0] if sols else None}")
sols = []
queens(6, 0, [], set(), set(), set(), sols)
for row in range(6):
    print(" ".join("Q" if sols[0][row] == c else "." for c in range(6)))
perms: list[str] = []
permutations(["a", "b", "c", "d"], 3, [], perms)
print(len(perms), perms[:8])
found: list[list[int]] = []
subset_sums([8, 6, 7, 5, 3, 10, 9], 0, 15, [], found)
print("subsets summing to 15:", found)
path: list[tuple[int, int]] = []
print("maze solved:", solve(0, 0, set(), path), "steps:", len(path))
grid = [list(row) for row in MAZE]
for r, c in path[1:-1]:
    grid[r][c] = "*"
for cells in grid:
    print("".join(cells))
