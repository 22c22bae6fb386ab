# nansum, nanprod, nanmean, nanmax, nanmin, nanargmax, nanargmin: numpy's
# results over arrays with nans, along axes and with keepdims, in float32,
# float64 and integer dtypes; an all-nan slice where numpy gives nan, and
# nanargmax's ValueError on one.
import numpy as np

x = np.array([[1.5, np.nan, 3.25, -2.0], [np.nan, 0.5, 7.0, np.nan], [4.0, 4.0, np.nan, -1.0]])
for a in [x, x.astype(np.float32), x.T, x[:, ::2]]:
    print(a.dtype, np.nansum(a), np.nansum(a, axis=0), np.nansum(a, axis=1, keepdims=True))
    print(np.nanmean(a), np.nanmean(a, axis=0), np.nanmean(a, axis=-1))
    print(np.nanmax(a), np.nanmin(a), np.nanmax(a, axis=1), np.nanmin(a, axis=0, keepdims=True))
    print(np.nanargmax(a), np.nanargmin(a), np.nanargmax(a, axis=0), np.nanargmin(a, axis=1))
    print(np.nanprod(a), np.nanprod(a, axis=1))
    print(type(np.nansum(a)).__name__, type(np.nanmax(a)).__name__, type(np.nanargmax(a)).__name__)

ints = np.arange(12).reshape(3, 4) - 5
print(np.nansum(ints), np.nansum(ints, axis=0), np.nanmean(ints, axis=1), np.nanmax(ints), np.nanargmin(ints, axis=1))
print(np.nansum([1.0, float("nan"), 2.0]), np.nanmax([3, 1, 2]))

# a whole slice of nans: sum 0, prod 1, max nan
y = np.array([[np.nan, np.nan], [1.0, np.nan]])
print(np.nansum(y, axis=1), np.nanprod(y, axis=1))
try:
    print(np.nanargmax(y, axis=1))
except ValueError as e:
    print("ValueError:", e)
try:
    print(np.nanargmin(np.array([np.nan, np.nan])))
except ValueError as e:
    print("ValueError:", e)

# inference glue: a masked mean over padded positions marked nan
scores = np.array([[0.25, 0.75, np.nan], [0.5, np.nan, np.nan]], dtype=np.float32)
print(np.nanmean(scores, axis=1), np.nanmax(scores, axis=1), np.nanargmax(scores, axis=1))
