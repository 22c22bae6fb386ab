# error: 2: invalid decimal literal
1abc = 2
