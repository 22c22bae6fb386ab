# error: 3: expected an indented block after 'for' statement on line 2 [IndentationError]
for i in x:
print(i)
