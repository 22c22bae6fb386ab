# error: 2: iterable argument unpacking follows keyword argument unpacking
f(**kwargs, *args)
