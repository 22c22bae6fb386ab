# The smallest program: its stripped executable size is a goal of `make bench`.
print("hello, world")
