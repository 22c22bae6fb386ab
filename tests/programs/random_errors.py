# random: the errors random.py raises, caught, then an uncaught IndexError
# from choice([]). Also a simulation (dice histogram, a Monte Carlo pi) and
# from-imports, which must follow the same sequence as CPython.
import random
from random import randint, choice, shuffle as mix


def attempt(label: str, lo: int, hi: int) -> None:
    try:
        print(label, random.randint(lo, hi))
    except ValueError as e:
        print(label, "ValueError:", e)


def ranges() -> None:
    for args in [(0, 0), (5, 3), (-2, -9)]:
        try:
            print(random.randrange(args[0], args[1]))
        except ValueError as e:
            print("ValueError:", e)
    try:
        print(random.randrange(0))
    except ValueError as e:
        print("ValueError:", e)
    try:
        print(random.randrange(1, 10, 0))
    except ValueError as e:
        print("ValueError:", e)
    try:
        print(random.randrange(10, 1, 2))
    except ValueError as e:
        print("ValueError:", e)
    try:
        print(random.sample([1, 2, 3], 4))
    except ValueError as e:
        print("ValueError:", e)
    try:
        print(random.choice(""))
    except IndexError as e:
        print("IndexError:", e)
    try:
        print(random.getrandbits(-1))
    except ValueError as e:
        print("ValueError:", e)


def dice(n: int) -> list[int]:
    counts = [0] * 13
    for _ in range(n):
        counts[randint(1, 6) + randint(1, 6)] += 1
    return counts


def monte_carlo_pi(n: int) -> float:
    inside = 0
    for _ in range(n):
        x = random.random()
        y = random.random()
        if x * x + y * y <= 1.0:
            inside += 1
    return 4.0 * inside / n


random.seed(2024)
attempt("ok", 1, 10)
attempt("same", 7, 7)
attempt("empty", 5, 3)
ranges()
print(dice(1000))
print(monte_carlo_pi(20000))
deck = [f"{r}{s}" for s in "SHDC" for r in ["A", "K", "Q", "J", "10"]]
mix(deck)
print(deck[:5], choice(deck))
words: list[str] = []
print(random.choice(words))
