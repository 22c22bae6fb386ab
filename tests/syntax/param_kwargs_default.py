# error: 2: var-keyword argument cannot have default value
def f(**kw={}):
    pass
