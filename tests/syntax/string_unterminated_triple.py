# error: 2: unterminated triple-quoted string literal (detected at line 4)
doc = """Start of a docstring

that never ends.
