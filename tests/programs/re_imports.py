# The module under other names: from re import ..., import re as ...; a
# class of the program with its own sub() method is left alone.
from re import compile, error, findall, sub as resub
import re as regex


class Text:
    def __init__(self, s: str) -> None:
        self.s = s

    def sub(self, f, n: int) -> str:
        return self.s[:n] + f(self.s[n:])


try:
    compile("(")
except error as e:
    print("error:", e)
try:
    regex.compile("[")
except (ValueError, regex.error) as e:
    print("error:", e)
print(findall(r"\d", "a1b2"), resub(r"\s", "_", "a b"), regex.split(",", "x,y"))
t = Text("hello")
print(t.sub(lambda rest: rest.upper(), 2))
print(regex.sub("l", lambda m: "L", "hello"), resub("o", lambda m: "0", "foo"))
