# error: 2: unexpected character after line continuation character
x = 1 + \ 2
