# error: 2: f-string: expressions nested too deeply
s = f'{x:{y:{z}}}'
