# error: 2: expected ':'
class Point
    x = 0
