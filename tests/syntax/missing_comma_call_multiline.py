# error: 3: invalid syntax. Perhaps you forgot a comma?
print(
    'a'
    b
)
