# Error path: exponential growth models in floats. Powers that leave the
# double range raise OverflowError (caught), multiplication quietly reaches
# inf, and converting an infinite population back to int is the uncaught
# OverflowError at the end.
def compound(principal: float, rate: float, years: int) -> float:
    return principal * (1.0 + rate) ** years


def doubling_time(rate: float) -> int:
    x = 1.0
    years = 0
    while x < 2.0:
        x *= 1.0 + rate
        years += 1
    return years


for rate in [0.01, 0.05, 0.07, 0.25]:
    print(f"rate {rate:.2f}: doubles in {doubling_time(rate)} years;"
          f" 1000 after 30y = {compound(1000.0, rate, 30):.2f}")
for years in [100, 1000, 3000, 5000]:
    try:
        v = compound(1.0, 0.5, years)
        print(f"1.5 ** {years} = {v:.6e}")
    except OverflowError as e:
        print(f"1.5 ** {years}: OverflowError: {e}")
for base, exp in [(10.0, 308), (10.0, 309), (-10.0, 309), (2.0, -1080), (0.5, -2000)]:
    try:
        print(base, "**", exp, "=", base ** exp)
    except OverflowError as e:
        print(base, "**", exp, "-> OverflowError:", e)
population = 2.0
generation = 0
history: list[float] = []
while population != float("inf"):
    population = population * population
    generation += 1
    history.append(population)
print("squaring reached inf after", generation, "generations")
print("last finite:", history[-2], "then", history[-1])
print("as ints:", [int(h) for h in history[:5]])
for text in ["1e308", "1e309", "-1e400", "nan"]:
    f = float(text)
    print(text, "->", f, f == f, f > 1e308)
try:
    print(int(float("-inf")))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(round(float("inf")))
except OverflowError as e:
    print("OverflowError:", e)
print("rounded finite:", round(1234.5678, 2), round(-2.5), round(1e15 + 0.5))
print("final population as int:", int(population))
