

   
	
# Blank lines, whitespace-only lines and comments at any indentation
# produce no tokens.
    # indented comment

x = 1


