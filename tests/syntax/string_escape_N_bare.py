# error: 2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: malformed \N character escape
s = '\N'
