# -*- coding: latin-1 -*-
# A coding declaration on line 1 selects ISO-8859-1: every byte is one
# character, so 0xE9 below is é and 0xFF is ÿ.
s = "café ÿ µ À"
b = b"ascii only in bytes"
naïve = 1  # a non-ASCII identifier, in latin-1 too
