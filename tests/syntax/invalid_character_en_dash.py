# error: 2: invalid character '–' (U+2013)
x = 5 – 3
