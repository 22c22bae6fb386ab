# error: 2: unterminated string literal (detected at line 2)
s = "first line
second line"
