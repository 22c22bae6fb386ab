# error: 2: 'starred' is an illegal expression for augmented assignment
*a += 1
