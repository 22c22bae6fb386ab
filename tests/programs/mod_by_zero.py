# CPython's message for integer modulo by zero.
x = 10
y = 0
print(x % y)
