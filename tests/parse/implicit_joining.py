# Line joining: implicit inside (), [] and {}, with comments and blank lines
# inside; explicit backslash continuation, including in the middle of an
# expression and before a keyword; continuation lines at any indentation.
total = (1 +
         2 +  # a comment inside brackets

         3)
items = [
    1,
        2,
  3,  # odd indentation is fine inside brackets
]
mapping = {
    "a": 1,

    # a comment line
    "b": 2,
}
call = f(
    a,
    b=1,
)
x = 1 + \
    2
if a and \
   b:
    pass
y = \
    3
with open("a") as f, \
     open("b") as g:
    pass
assert x, \
    "message"


def f(
    a,  # first
    b,
):
    return (
        a
        +
        b
    )


value = [
    x
    for x in range(3)
    if x
]
z = 1 \
    if x \
    else 2
