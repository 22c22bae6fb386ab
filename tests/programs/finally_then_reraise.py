# The finally block runs, then the exception goes on to the caller.
def risky(n):
    try:
        print("dividing", n)
        return 10 // n
    finally:
        print("finally", n)


print(risky(5))
print(risky(0))
