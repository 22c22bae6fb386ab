# error: 3: cannot assign to literal
x = (
    1,
    2,
) = f()
