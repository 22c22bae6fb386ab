# An int does not silently become a float in a list[float]: CPython would keep
# the int (annotations are not enforced), so kiln refuses rather than differ.
# error: 5: error[K0401]: kiln has no method append for list[float]
xs: list[float] = [0.5]
xs.append(1)
