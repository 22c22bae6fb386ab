# Set methods: add, discard, remove, pop, clear, update, union,
# intersection, difference, symmetric_difference, issubset, issuperset,
# isdisjoint, copy and the *_update forms.
s = {5, 6}
s.add(7)
s.add(5)
s.discard(6)
s.discard(42)
s.remove(7)
print(s)
s.update([1, 2, 3])
s.update({9})
print(s)
print(s.union({100}), s.union([200, 201]))
print(s.intersection({1, 9, 77}), s.intersection([2, 3]))
print(s.difference({1}), s.difference([2, 3, 5]))
print(s.symmetric_difference({1, 50}))
print(s.issubset({1, 2, 3, 5, 9, 10}), s.issubset(range(20)), {1}.issubset([2]))
print(s.issuperset({1, 2}), s.issuperset([1, 99]), s.isdisjoint({77}), s.isdisjoint([1]))
t = s.copy()
t.add(1000)
print(s, t, len(s), len(t))
u = {1, 2, 3, 4}
u.intersection_update({2, 3, 9})
print(u)
u.difference_update([3])
print(u)
u.symmetric_difference_update({2, 8})
print(u)
popped = []
while u or len(popped) < 1:
    popped.append(u.pop())
print(popped, u)
t.clear()
print(t, len(t))
names = set()
for w in "the quick brown the lazy the end".split():
    names.add(w)
print(sorted(names), len(names))
fs = frozenset([3, 1, 2])
print(fs, fs.union([4]), fs.copy(), fs.issubset({1, 2, 3}), len(fs), 2 in fs)
print(frozenset(), frozenset("aa"))
