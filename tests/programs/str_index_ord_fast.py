# s[i], ord(c), len(s), iteration, != and truth of strs: the inline ASCII
# fast paths and their slow paths (negative indexes, out of range, non-ASCII
# text, several characters given to ord) against CPython.


def checksum(text: str) -> int:
    h = 0
    for i in range(0, len(text), 3):
        h = (h * 131 + ord(text[i])) % 1000000007
    return h


def char_sum(text: str) -> int:
    h = 0
    for ch in text:
        h = (h * 31 + ord(ch)) % 1000003
    return h


def escape(s: str) -> str:
    out: list[str] = []
    for i in range(len(s)):
        c = s[i]
        if c == '"':
            out.append('\\"')
        elif c != "\\" and ord(c) >= 32:
            out.append(c)
        else:
            out.append(f"\\u{ord(c):04x}")
    return "".join(out)


texts = ["plain ascii text", "caf\u00e9 cr\u00e8me br\u00fbl\u00e9e", "", "x",
         "\u00fcber \u2014 dash \U0001f600 emoji", "tab\there \"quoted\" back\\slash",
         "a" * 40 + "\u00e9" + "b" * 40, "\x00\x01\x7f\x80"]
for t in texts:
    print(len(t), checksum(t), char_sum(t), escape(t))
    if t:
        print(t[0], t[-1], t[len(t) // 2], t[-len(t)], ord(t[-1]), bool(t), t != "x", str(t) == t)
    else:
        print("empty", bool(t), t != "", not t)

s = "hello"
for i in [-5, -1, 0, 4]:
    print(i, s[i], ord(s[i]))
for i in [5, -6, 100, -100]:
    try:
        print(s[i])
    except IndexError as e:
        print("IndexError", e)
u = "\u00e9t\u00e9"
for i in [-3, -1, 0, 2]:
    print(i, u[i], ord(u[i]))
for i in [3, -4]:
    try:
        print(u[i])
    except IndexError as e:
        print("IndexError", e)
for bad in ["", "ab", "\u00e9\u00e9"]:
    try:
        print(ord(bad))
    except TypeError as e:
        print("TypeError", e)
print(ord("\u00e9"), ord("\U0001f600"), chr(ord("A") + 1), len("\U0001f600\u00e9a"))
mixed = ""
for ch in "abc\u00e9\u4e2d\U0001f600z":
    mixed += ch + "|"
print(mixed, len(mixed))
count = 0
for ch in "a,b,,c":
    if ch != ",":
        count += 1
print(count)
