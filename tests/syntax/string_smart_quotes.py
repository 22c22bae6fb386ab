# error: 2: invalid character '“' (U+201C)
print(“hello”)
