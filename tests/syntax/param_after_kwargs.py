# error: 2: arguments cannot follow var-keyword argument
def f(**kwargs, a):
    pass
