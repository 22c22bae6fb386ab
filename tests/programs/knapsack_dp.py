# Knapsack problems by dynamic programming: 0/1 knapsack with the chosen
# items reconstructed, unbounded knapsack, coin change (ways and fewest
# coins), and a brute-force cross-check over all subsets with bit masks.
ITEMS = [("tent", 5, 60), ("stove", 3, 50), ("food", 4, 70), ("camera", 2, 30),
         ("books", 6, 40), ("water", 3, 45), ("radio", 1, 15)]


def knapsack(items: list[tuple[str, int, int]], cap: int) -> tuple[int, list[str]]:
    n = len(items)
    best = [[0] * (cap + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        name, w, v = items[i - 1]
        for c in range(cap + 1):
            best[i][c] = best[i - 1][c]
            if w <= c and best[i - 1][c - w] + v > best[i][c]:
                best[i][c] = best[i - 1][c - w] + v
    chosen: list[str] = []
    c = cap
    for i in range(n, 0, -1):
        if best[i][c] != best[i - 1][c]:
            chosen.append(items[i - 1][0])
            c -= items[i - 1][1]
    chosen.reverse()
    return best[n][cap], chosen


def brute(items: list[tuple[str, int, int]], cap: int) -> int:
    top = 0
    for mask in range(1 << len(items)):
        w = 0
        v = 0
        for i in range(len(items)):
            if mask >> i & 1:
                w += items[i][1]
                v += items[i][2]
        if w <= cap and v > top:
            top = v
    return top


def unbounded(items: list[tuple[str, int, int]], cap: int) -> list[int]:
    best = [0] * (cap + 1)
    for c in range(1, cap + 1):
        for name, w, v in items:
            if w <= c:
                best[c] = max(best[c], best[c - w] + v)
    return best


def coin_ways(coins: list[int], total: int) -> int:
    ways = [1] + [0] * total
    for coin in coins:
        for t in range(coin, total + 1):
            ways[t] += ways[t - coin]
    return ways[total]


def fewest_coins(coins: list[int], total: int) -> int:
    inf = total + 1
    need = [0] + [inf] * total
    for t in range(1, total + 1):
        for coin in coins:
            if coin <= t and need[t - coin] + 1 < need[t]:
                need[t] = need[t - coin] + 1
    return need[total] if need[total] != inf else -1


for cap in [0, 4, 7, 10, 15, 24]:
    value, chosen = knapsack(ITEMS, cap)
    weight = sum(w for n, w, v in ITEMS if n in chosen)
    check = brute(ITEMS, cap)
    print(f"cap {cap:2d}: value {value:3d} weight {weight:2d} {chosen} brute={check} ok={check == value}")
print("unbounded:", unbounded(ITEMS, 12))
for coins, total in [([1, 2, 5], 11), ([2], 3), ([1, 5, 10, 25], 63), ([3, 7], 20), ([9, 6, 5, 1], 11)]:
    print(f"coins {coins} total {total}: {coin_ways(coins, total)} ways, fewest {fewest_coins(coins, total)}")
ratio = sorted([(-v / w, n) for n, w, v in ITEMS])
print("by value density:", [(n, round(-r, 2)) for r, n in ratio])
greedy = 0
room = 8
for r, n in ratio:
    for name, w, v in ITEMS:
        if name == n and w <= room:
            room -= w
            greedy += v
print("greedy at 8:", greedy, "optimal:", knapsack(ITEMS, 8)[0])
