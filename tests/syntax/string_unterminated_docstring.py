# error: 3: unterminated triple-quoted string literal (detected at line 4)
def f():
    """Docstring
    return 1
