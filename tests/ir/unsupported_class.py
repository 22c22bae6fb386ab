# Constructs not compiled yet are refused with their name and position.
# error: 3: kiln does not support classes other than exception classes (class E(ValueError): pass) yet
class A:
    pass
