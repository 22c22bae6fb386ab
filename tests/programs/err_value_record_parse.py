# Error path: parsing "name:age:score" records with int()/float() and manual
# validation, collecting good rows and reporting bad ones; a final strict
# parse lets a ValueError escape uncaught.
RECORDS = ["ada:36:91.5", "alan:41:88", "grace:x:77.0", "edsger:72:", "barbara:29:95.25",
           "ken:45:inf", "dennis:-3:70", "bjarne:38:12e1", "linus:27:1_000"]


class BadRecord(ValueError):
    pass


def parse(rec: str) -> tuple[str, int, float]:
    parts = rec.split(":")
    if len(parts) != 3:
        raise BadRecord(f"{rec!r}: expected 3 fields")
    name = parts[0]
    age = int(parts[1])
    if age < 0:
        raise BadRecord(f"{rec!r}: negative age {age}")
    score = float(parts[2])
    if score != score or score in (float("inf"), float("-inf")):
        raise BadRecord(f"{rec!r}: score must be finite")
    return name, age, score


good: list[tuple[str, int, float]] = []
for rec in RECORDS:
    try:
        row = parse(rec)
    except BadRecord as e:
        print("bad record:", e)
        continue
    except ValueError as e:
        print("unparsable:", rec, "->", e)
        continue
    good.append(row)
    print(f"ok: {row[0]:<8} age {row[1]:3d} score {row[2]:7.2f}")
print(len(good), "good rows")
ages = [a for n, a, s in good]
print("ages:", ages, "oldest:", max(ages), "youngest:", min(ages))
best = good[0]
for row in good:
    if row[2] > best[2]:
        best = row
print("best:", best)
for text in ["42", " 7 ", "-0", "0x1f", "3.5", "", "1e3"]:
    try:
        print(repr(text), "->", int(text))
    except ValueError as e:
        print(repr(text), "->", e)
print(int("0x1f", 16), int("777", 8), float("  -2.5e-3 "))
print("strict:", parse("tony:50:abc"))
