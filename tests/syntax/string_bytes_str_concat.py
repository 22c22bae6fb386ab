# error: 2: cannot mix bytes and nonbytes literals
s = b'a' 'b'
