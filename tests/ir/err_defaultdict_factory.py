# A defaultdict whose factory is not a builtin container or number type is refused, named.
# error: 5: error[K0301]: kiln does not support a defaultdict factory other than list, int, float, str, set or dict yet
from collections import defaultdict

d = defaultdict(lambda: 5)
d[1] += 1
