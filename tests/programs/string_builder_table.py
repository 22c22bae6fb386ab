# Build a multiplication table and a justified text table with center/ljust/rjust and join.
n = 6
header = "   |"
for j in range(1, n + 1):
    header += str(j).rjust(4)
print(header)
print("-" * len(header))
for i in range(1, n + 1):
    row = str(i).rjust(3) + "|"
    for j in range(1, n + 1):
        row += str(i * j).rjust(4)
    print(row)
cols = ["Name", "Qty", "Note"]
data = [["widget", "4", "blue"], ["gizmo", "12", ""], ["thingamajig", "1", "fragile!"]]
widths = [0, 0, 0]
for r in data:
    for k in range(3):
        if len(r[k]) > widths[k]:
            widths[k] = len(r[k])
for k in range(3):
    if len(cols[k]) > widths[k]:
        widths[k] = len(cols[k])
print(" | ".join([cols[0].center(widths[0]), cols[1].center(widths[1]), cols[2].center(widths[2])]))
for r in data:
    print(" | ".join([r[0].ljust(widths[0]), r[1].rjust(widths[1]), r[2].ljust(widths[2], ".")]))
