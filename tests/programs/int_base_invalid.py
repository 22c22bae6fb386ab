# An invalid literal for int() with an explicit base, uncaught.
s = "1f"
print(int(s, 16))
print(int("xyz", 16))
