# error: 2: f-string: unmatched '['
s = f'{d['key']}'
