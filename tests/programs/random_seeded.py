# random: the Mersenne Twister sequences CPython gives after seed(n) (0, 42,
# 12345, negative and multi-word seeds), through random, randint, randrange,
# shuffle, choice of a list/str/tuple, sample (pool and set paths), uniform,
# gauss (its cached second value), getrandbits.
import random

def show(seed: int) -> None:
    random.seed(seed)
    print(seed, [random.random() for _ in range(3)])
    print([random.randint(1, 6) for _ in range(10)])
    print([random.randrange(10) for _ in range(5)], random.randrange(5, 50, 7), random.randrange(100, 0, -3))
    xs = list(range(10))
    random.shuffle(xs)
    print(xs)
    print(random.choice(["a", "b", "c"]), random.choice("hello"), random.choice((1, 2, 3)))
    print(random.sample(xs, 4), random.sample(list(range(1000)), 8))
    print(random.uniform(1.0, 2.0), random.uniform(-5, 5))
    print(random.gauss(0.0, 1.0), random.gauss(10.0, 2.0), random.gauss(), random.gauss(3.0))
    print(random.getrandbits(40), random.randint(-(2**62), 2**62))

for s in [0, 42, 12345, -7, 2**40 + 3, 9223372036854775807]:
    show(s)
