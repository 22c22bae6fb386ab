# error: 2: f-string expression part cannot include a backslash
s = f'{"\n".join(lines)}'
