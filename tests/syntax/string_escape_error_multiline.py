# error: 6: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: truncated \xXX escape
x = 1
s = (
    "ok"
    "\x"
)
