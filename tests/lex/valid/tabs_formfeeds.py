if x:
	y = 1
	if y:
		z = 2
w = 3
if a:
        b = 1
        c = 2
class A:
    def f(): pass
