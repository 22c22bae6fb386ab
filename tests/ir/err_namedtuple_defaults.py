# collections.namedtuple's keyword arguments are refused where they stand.
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"], defaults=[0])
# error: 4: error[K0302]: kiln does not support namedtuple() keyword arguments (defaults=, rename=) yet
print(Point(1))
