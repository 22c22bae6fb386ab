# error: 2: Missing parentheses in call to 'exec'. Did you mean exec(...)?
exec "x = 1"
