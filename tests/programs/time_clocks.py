# time: the clocks move forward (never asserting durations), sleep, ns
# counters are ints, and sleep's errors.
import time
from time import perf_counter

t0 = time.time()
p0 = time.perf_counter()
n0 = time.perf_counter_ns()
m0 = time.monotonic()
time.sleep(0.01)
time.sleep(0)
t1 = time.time()
p1 = perf_counter()
n1 = time.perf_counter_ns()
m1 = time.monotonic()
print(t1 >= t0, p1 >= p0, n1 >= n0, m1 >= m0)
print(p1 - p0 >= 0.0, isinstance(n1, int), isinstance(t0, float))
print(t0 > 1.6e9, time.time_ns() > 1600000000 * 10**9, time.monotonic_ns() >= 0)
print(time.process_time() >= 0.0)
total = 0
start = time.perf_counter()
for i in range(10000):
    total += i
elapsed = time.perf_counter() - start
print(total, elapsed >= 0.0)
try:
    time.sleep(-1)
except ValueError as e:
    print("ValueError:", e)
time.sleep(-0.5)
