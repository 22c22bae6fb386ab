# Tabs and form feeds in indentation. A tab advances to the next multiple
# of 8 columns; a form feed at the start of a line resets the column count.
if True:
	x = 1
	if x:
		y = 2
		z = 3


def f():
    return 1

class C:
    a = 1
    b = 2

def g():
	return [1,
		2,	3]

x = 1  	# trailing tab and comment
y = 2
