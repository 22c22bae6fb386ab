# error: 3: invalid syntax. Perhaps you forgot a comma?
d = {
    'a': 1
    'b': 2
}
