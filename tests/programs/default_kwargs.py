# Functions with constant defaults called positionally and by keyword, in varied orders.
def greet(name: str, greeting: str = "Hello", punct: str = "!", times: int = 1) -> str:
    out = ""
    for i in range(times):
        if i > 0:
            out += " "
        out += greeting + ", " + name + punct
    return out


def box(w: int, h: int = 2, ch: str = "#", fill: bool = False) -> None:
    for r in range(h):
        if fill or r == 0 or r == h - 1:
            print(ch * w)
        else:
            print(ch + " " * (w - 2) + ch)


print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet("Cy", punct="?"))
print(greet(times=2, name="Di"))
print(greet("Ed", "Yo", ".", 3))
box(4)
box(5, 4)
box(3, ch="*", h=3, fill=True)
box(w=6, h=3, ch="+")
