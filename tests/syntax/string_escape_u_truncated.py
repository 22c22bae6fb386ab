# error: 2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-3: truncated \uXXXX escape
s = '\u12'
