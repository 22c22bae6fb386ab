# error: 5: closing parenthesis ')' does not match opening parenthesis '[' on line 2
matrix = [
    [1, 2],
    [3, 4],
)
