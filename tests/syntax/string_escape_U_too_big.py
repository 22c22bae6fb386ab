# error: 2: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-9: illegal Unicode character
s = '\U00110000'
