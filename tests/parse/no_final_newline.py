# No newline at the end of the file: the lexer must still end the last
# statement (NEWLINE) and close the block (DEDENT).
x = 1
if x:
    y = 2