# error: 2: invalid syntax
def async():
    pass
