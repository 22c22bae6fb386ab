# error: 2: invalid syntax
except ValueError:
    pass
