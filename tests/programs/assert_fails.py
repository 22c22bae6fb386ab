# An uncaught AssertionError with a message ends the program with status 1.
total = 0
for i in range(5):
    total += i
assert total == 10
assert total > 100, f"total is only {total}"
