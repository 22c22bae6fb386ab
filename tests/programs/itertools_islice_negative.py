# islice with a negative start: ValueError, uncaught
from itertools import islice

print(list(islice(range(10), 2, 5)))
print(list(islice(range(10), -2, 5)))
