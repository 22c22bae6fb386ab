# Error path: module globals that only exist on some paths. A helper reads a
# global defined later in the module, or only when a flag is set; NameError
# (with CPython's "Did you mean" hint) is caught once and escapes at the end.
VERBOSE = False
inventory = {"apples": 12, "pears": 0, "plums": 7}
threshold = 5
if VERBOSE:
    log_prefix = "[debug] "


def log(msg: str) -> None:
    print(log_prefix + msg)


def restock_message(item: str) -> str:
    count = inventory[item]
    if count >= threshold:
        return f"{item}: fine ({count})"
    if count > 0:
        return f"{item}: low ({count})"
    return f"{item}: OUT, order {reorder_amount}"


def summary() -> str:
    total = sum(inventory.values())
    return f"{len(inventory)} items, {total} units"


print(summary())
for item in ["apples", "plums"]:
    print(restock_message(item))
try:
    print(restock_message("pears"))
except NameError as e:
    print("NameError:", e)
reorder_amount = threshold * 4
print(restock_message("pears"))
try:
    log("starting")
except NameError as e:
    print("NameError:", e)
names = sorted(inventory)
lines: list[str] = []
for n in names:
    lines.append(f"{n:<8}{inventory[n]:>4}")
print("\n".join(lines))
log_prefixes = ["[a] ", "[b] "]
print(log_prefixes, len(log_prefixes))
inventory["pears"] = 3
print(summary(), restock_message("pears"))
log("done")
