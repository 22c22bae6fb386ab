# error: 5: positional argument follows keyword argument
connect(
    host='x',
    8080,
)
