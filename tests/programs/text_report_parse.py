# Parse "name: score" lines, skipping malformed ones via ValueError, and print a formatted report.
data = """alice: 91
bob: 78
  carol : 85
dave: n/a
eve 99
frank: 100
: 12
grace: -5"""
names: list[str] = []
scores: list[int] = []
errors = 0
for line in data.split("\n"):
    parts = line.split(":")
    try:
        if len(parts) != 2:
            raise ValueError(f"no colon in {line!r}")
        name = parts[0].strip()
        if name == "":
            raise ValueError("empty name")
        score = int(parts[1])
        if score < 0 or score > 100:
            raise ValueError(f"score out of range: {score}")
        names.append(name)
        scores.append(score)
    except ValueError as e:
        errors += 1
        print("skip:", e)
print("-" * 20)
for i in range(len(names)):
    bar = "*" * (scores[i] // 10)
    print(f"{names[i]:<8}{scores[i]:>4} {bar}")
print("-" * 20)
avg = sum(scores) / len(scores)
print(f"n={len(scores)} errors={errors} avg={avg:.2f} max={max(scores)} min={min(scores)}")
