# Indexing non-ASCII strs by code point: forwards, backwards, jumping about, after the str grew
# in place, in short strs and in long ones (past the sparse index's stride and past 65536 bytes).
def walk(s: str) -> str:
    out: list[str] = []
    for i in range(len(s)):
        out.append(s[i])
    return "".join(out)


def back(s: str) -> str:
    out: list[str] = []
    for i in range(len(s) - 1, -1, -1):
        out.append(s[i])
    return "".join(out)


def hops(s: str, step: int) -> list[str]:
    out: list[str] = []
    i = 0
    n = len(s)
    for _ in range(3 * n):
        out.append(s[i])
        i = (i + step) % n
    return out


short = "caf\u00e9 cr\u00e8me \u2014 \u00fcber"
print(walk(short) == short, back(short) == short[::-1], hops(short, 5)[:12])
print(short[3], short[-1], short[10], short[-7], ord(short[11]))
long_text = ("\u00e9t\u00e9 \u2014 na\u00efve r\u00e9sum\u00e9 \U0001f600 " * 40).strip()
print(len(long_text), walk(long_text) == long_text, back(long_text) == long_text[::-1])
print(hops(long_text, 37)[:20], hops(long_text, 31)[-5:])
print(long_text[100], long_text[-100], long_text[33], long_text[31:35], long_text[64])
grown = "\u00e9"
for k in range(70):
    first = grown[len(grown) - 1]
    grown += chr(0x100 + k) + "x"
    if k % 10 == 0:
        print(k, first, grown[len(grown) - 2], grown[1], len(grown))
print(walk(grown) == grown, grown[-3:], grown[40])
huge = "\u00e9" * 40000 + "abc" + "\u2014" * 5
print(len(huge), huge[40000], huge[40001], huge[40003], huge[-1], huge[39999], huge[20000])
total = 0
for i in range(39990, 40008):
    total = total * 7 + ord(huge[i])
print(total)
for i in [0, 1, 65535, 65536, 39999, 40000]:
    print(i, ord(huge[i]) if i < len(huge) else -1, end="; ")
print()
try:
    print(short[len(short)])
except IndexError as e:
    print("IndexError:", e)
mixed = "".join([chr(0x61 + k % 26) if k % 3 else chr(0xe0 + k % 20) if k % 2 else chr(0x2010 + k % 9) for k in range(5000)])
acc = 0
for i in range(0, len(mixed), 7):
    acc = (acc * 131 + ord(mixed[i])) % 1000000007
for i in range(len(mixed) - 1, 0, -13):
    acc = (acc * 131 + ord(mixed[i])) % 1000000007
print(len(mixed), acc, mixed[4999], mixed[31], mixed[32], mixed[33], mixed[2048])
# every step from 1 to 40 over text of 1- to 4-byte characters: the k-th
# character found inside a word of bytes, from the cursor or a stride's start
wide = "".join([chr(0x61 + k % 26) if k % 5 == 0 else chr(0xe0 + k % 20) if k % 5 == 1
                else chr(0x2010 + k % 9) if k % 5 == 2 else chr(0x1f600 + k % 30) if k % 5 == 3
                else "xy"[k % 2] for k in range(3000)])
sums: list[int] = []
for step in range(1, 41):
    acc = 0
    for i in range(step % 5, len(wide), step):
        acc = (acc * 31 + ord(wide[i])) % 1000000007
    sums.append(acc)
print(len(wide), sums)
