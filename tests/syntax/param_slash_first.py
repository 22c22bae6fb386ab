# error: 2: at least one argument must precede /
def f(/, a):
    pass
