# error: 2: 'list' is an illegal expression for augmented assignment
[a] += [1]
