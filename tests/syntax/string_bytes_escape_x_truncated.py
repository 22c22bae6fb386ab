# error: 2: (value error) invalid \x escape at position 0
b = b'\x1'
