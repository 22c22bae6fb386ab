# error: 2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-18: unknown Unicode character name
s = '\N{NOT A REAL NAME}'
