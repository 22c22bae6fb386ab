# error: 4: invalid character '×' (U+00D7)
x = (
    1,
    2 × 3,
)
