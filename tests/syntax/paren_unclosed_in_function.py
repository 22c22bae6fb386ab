# error: 3: '(' was never closed
def f():
    data = load(
        'file.txt'
    return data
