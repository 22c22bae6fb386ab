# Classes are defined at module level.
# error: 5: error[K0301]: kiln does not support classes defined inside functions or statements yet
def make() -> int:
    # a local class
    class Local:
        pass

    return 1


print(make())
