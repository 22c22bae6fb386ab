# CPython's compiler rejects break outside a loop; so does kiln.
# error: 3: error[K0011]: 'break' outside loop
break
