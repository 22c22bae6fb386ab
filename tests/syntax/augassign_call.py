# error: 2: 'function call' is an illegal expression for augmented assignment
f() += 1
