# error: 4: inconsistent use of tabs and spaces in indentation [TabError]
def f():
    if x:
	return 1
