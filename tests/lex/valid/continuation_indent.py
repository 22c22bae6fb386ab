if x:
    \
  y = 2
    z = 3
if x:
  \
    y = 2
  z = 3
x = 1
\
y = 2
if 1:
  x
 \
	# c
  y
x = 1 + \
    2 \
    + 3
s = 'a\
b'
\
\
x = 1
