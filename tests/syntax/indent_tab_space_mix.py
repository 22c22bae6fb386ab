# error: 4: inconsistent use of tabs and spaces in indentation [TabError]
if x:
	y = 1
        z = 2
