# error: 5: f-string: invalid conversion character: expected 's', 'r', or 'a'
x = 1
s = f"""
value: {x!q}
"""
