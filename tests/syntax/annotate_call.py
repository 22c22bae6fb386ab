# error: 2: illegal target for annotation
f(): int
