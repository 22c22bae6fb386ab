if x:
    y = '''a
b'''
    z = r'\
'
w = 1
