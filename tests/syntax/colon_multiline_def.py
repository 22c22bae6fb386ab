# error: 5: expected ':'
def connect(
    host,
    port,
)
    pass
