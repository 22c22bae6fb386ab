# error: 2: invalid syntax
await = 1
