# Nested functions (closures) come later.
# error: 4: kiln does not support nested functions yet
def outer():
    def inner():
        return 1
    return inner()
