# error: 3: assignment to yield expression not possible
def g():
    yield = 1
