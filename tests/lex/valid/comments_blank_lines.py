# c

   # indented comment
if x:

        # deeper comment
    y = 1
# c
    z = 2
	
