# CPython's compiler rejects break outside a loop; so does kiln.
# error: 3: 'break' outside loop
break
