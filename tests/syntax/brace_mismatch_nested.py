# error: 4: closing parenthesis '}' does not match opening parenthesis '[' on line 3
config = {
    'a': [1, 2,
}
