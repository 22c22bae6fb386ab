# pop() from an empty set raises KeyError('pop from an empty set').
s = {"only"}
print(s.pop())
print(s)
s.pop()
