"""n-queens: count the ways to place n queens on an n x n board so that no two
attack each other, by backtracking one row at a time with lists of booleans
for the columns and both diagonals taken. Also records the first solution
found (columns by row) for each n.
"""

N_MAX = 12


def place(row: int, n: int, cols: list[bool], diag1: list[bool], diag2: list[bool],
          board: list[int], first: list[int]) -> int:
    if row == n:
        if len(first) == 0:
            for c in board:
                first.append(c)
        return 1
    found = 0
    for c in range(n):
        d1 = row + c
        d2 = row - c + n - 1
        if cols[c] or diag1[d1] or diag2[d2]:
            continue
        cols[c] = True
        diag1[d1] = True
        diag2[d2] = True
        board[row] = c
        found += place(row + 1, n, cols, diag1, diag2, board, first)
        cols[c] = False
        diag1[d1] = False
        diag2[d2] = False
    return found


def queens(n: int, first: list[int]) -> int:
    cols: list[bool] = [False] * n
    diag1: list[bool] = [False] * (2 * n - 1)
    diag2: list[bool] = [False] * (2 * n - 1)
    board: list[int] = [0] * n
    return place(0, n, cols, diag1, diag2, board, first)


def main() -> None:
    total = 0
    for n in range(1, N_MAX + 1):
        first: list[int] = []
        count = queens(n, first)
        total += count
        print(f"{n:2d} queens: {count:6d} solutions, first {first}")
    print(f"total: {total}")


if __name__ == "__main__":
    main()
