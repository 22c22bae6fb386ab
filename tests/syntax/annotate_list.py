# error: 2: only single target (not list) can be annotated
[a, b]: list = [1, 2]
