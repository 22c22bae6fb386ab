# error: 2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape
s = '\x4'
