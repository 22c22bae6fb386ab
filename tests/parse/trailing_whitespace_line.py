# A whitespace-only line at the end of a block, after the last statement.
def f():
    return 1
    
