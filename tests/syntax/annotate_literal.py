# error: 2: illegal target for annotation
1: int = 1
