# error: 2: var-positional argument cannot have default value
def f(*args=()):
    pass
