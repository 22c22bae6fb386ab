# error: 4: invalid syntax
@property

value = 1
