# An inventory simulation: orders against stock with dicts of sets and
# lists, comprehension reports, try/finally bookkeeping and errors caught.
stock = {"apple": 5, "pear": 2, "plum": 0, "fig": 7}
tags = {"apple": {"red", "fruit"}, "pear": {"green", "fruit"}, "plum": {"purple", "fruit"}, "fig": {"purple"}}
orders = [("apple", 2), ("plum", 1), ("pear", 3), ("kiwi", 1), ("fig", 7), ("apple", 3)]
log = []
filled = []
failed = {}
for item, qty in orders:
    try:
        have = stock[item]
        if have < qty:
            raise ValueError(f"only {have} {item}")
        stock[item] = have - qty
        filled.append((item, qty))
    except KeyError as e:
        failed[item] = "unknown " + str(e)
    except ValueError as e:
        failed[item] = str(e)
    finally:
        log.append(item)
print(filled)
print(failed)
print(log, len(log) == len(orders))
print({k: v for k, v in stock.items() if v == 0})
purple = {name for name, t in tags.items() if "purple" in t}
print(sorted(purple))
all_tags = set()
for t in tags.values():
    all_tags |= t
print(sorted(all_tags))
by_tag = {t: sorted(n for n, ts in tags.items() if t in ts) for t in sorted(all_tags)}
print(by_tag)
restock = [name for name in sorted(stock) if stock[name] < 2]
print(restock, sum(stock.values()), max(stock))
common = tags["apple"] & tags["pear"]
either = tags["plum"] ^ tags["fig"]
print(sorted(common), sorted(either), tags["fig"] <= tags["plum"], tags["fig"] < tags["plum"])
