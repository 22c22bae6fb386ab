a = ['', "", '''''', """""", 'a\'b', "a\"b", '''a''b''', """a""b"""]
b = [r'\\', R'\d', b'x', B'x', br'x', Br'x', bR'x', BR'x', rb'x', rB'x', Rb'x', RB'x']
c = [u'x', U'x', f'{x}', F'{x}', fr'{x}', Fr'x', fR'x', FR'x', rf'x', rF'x', Rf'x', RF'x']
d = '''line1
line2 ' " x''' + 'a\
b'
e = f'{d["k"]!r:>{width}}' f"{x!s}" f'{x=}' f'{{}}'
g = '\x41\u00e9\U0001F600\N{BULLET}\101\777\q\n\t'
