# error: 2: 'literal' is an illegal expression for augmented assignment
1 += x
