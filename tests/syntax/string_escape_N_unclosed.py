# error: 2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-6: malformed \N character escape
s = '\N{DASH'
