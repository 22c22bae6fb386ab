# Constructs not compiled yet are refused with their name and position.
# error: 3: kiln does not support classes yet
class A:
    pass
