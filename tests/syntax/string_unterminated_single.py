# error: 2: unterminated string literal (detected at line 2)
name = 'kiln
