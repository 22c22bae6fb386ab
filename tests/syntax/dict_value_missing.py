# error: 2: expression expected after dictionary key and ':'
d = {'a': }
