# error: 2: did you forget parentheses around the comprehension target?
pairs = [x, y for x, y in items]
