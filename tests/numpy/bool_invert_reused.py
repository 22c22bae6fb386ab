# ~ of a bool array after other arrays were freed: its result must be whole
# bytes of 0/1 even where the memory it reuses held other values.
import numpy as np

for i in range(4):
    junk = np.arange(40, dtype=np.int64) * 12345 + 7
    keep = np.zeros((5, 8), dtype=bool)
    keep[:, :3 + i] = True
    print(int(junk.sum()), int((~keep).sum()), int((~keep[:, None, :]).astype(np.int64).sum()))
    print(~keep[i])
