# error: 4: unterminated string literal (detected at line 4)
print(
    'a',
    'b,
    'c',
)
