# error: 2: unterminated triple-quoted string literal (detected at line 3)
s = '''abc
def
