# error: 3: unterminated string literal (detected at line 3)
# -*- coding: latin-1 -*-
s = 'é
x = 1
