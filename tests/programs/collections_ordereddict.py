# collections.OrderedDict: a dict with move_to_end and popitem(last=)
from collections import OrderedDict

od = OrderedDict()
print(od)
for k, v in [("a", 1), ("b", 2), ("c", 3), ("d", 4)]:
    od[k] = v
print(od, len(od), od["b"])
od.move_to_end("a")
print(od)
od.move_to_end("d", last=False)
print(od)
od.move_to_end("c", False)
print(list(od.keys()), list(od.values()))
print(od.popitem(), od)
print(od.popitem(last=False), od)
print(od.popitem(False), od)
# an LRU cache
cache = OrderedDict()
for key in [1, 2, 3, 1, 4, 2, 5]:
    if key in cache:
        cache.move_to_end(key)
    else:
        cache[key] = key * key
        if len(cache) > 3:
            cache.popitem(last=False)
    print(cache)
d = {"x": 1, "y": 2}
print(d.popitem(), d)
try:
    od.move_to_end("zz")
except KeyError as e:
    print("KeyError", e)
try:
    OrderedDict().popitem()
except KeyError as e:
    print("KeyError", e)
od2 = OrderedDict([("x", 1.5), ("y", 2.5)])
od2.move_to_end("x")
print(od2, OrderedDict({"k": [1], "j": [2]}), OrderedDict([(c, i) for i, c in enumerate("ab")]))
print(dict(od2), list(od2.items()))
