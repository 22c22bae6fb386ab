# error: 2: expected ':'
class Point(Base)
    x = 0
