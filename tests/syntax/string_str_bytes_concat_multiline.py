# error: 3: cannot mix bytes and nonbytes literals
s = ('a'
     b'b')
