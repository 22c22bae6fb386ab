# error: 3: (unicode error) 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
x = 1
s = 'ÿ'
