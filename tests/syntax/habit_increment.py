# error: 2: invalid syntax
i++
