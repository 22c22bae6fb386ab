# Slices of lists and strs (with steps, negative bounds), and more list methods.
xs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
print(xs[2:5], xs[:3], xs[7:], xs[::2], xs[::-1], xs[-3:], xs[1:-1:3], xs[5:2], xs[:])
s = "kiln compiles python"
print(s[:4], s[5:13], s[-6:], s[::-1], s[::3], s[100:], "héllo wörld"[1:8:2])
words = s.split()
print(words[1:], " ".join(words[::-1]))
ys = xs[:5]
ys.insert(0, -1)
ys.insert(100, 99)
ys.remove(3)
ys.extend([7, 8])
zs = ys.copy()
ys.clear()
print(ys, zs, [0] * 3, [1, 2] * 2, len(xs * 0))
zs.remove(42)
