# error: 2: bytes can only contain ASCII literal characters
b = b'café'
