import numpy as np

a = np.arange(6).reshape(2, 3)
b = np.arange(6, 12).reshape(2, 3)
print(np.concatenate([a, b]))
print(np.concatenate([a, b], axis=1))
print(np.concatenate((a, b, a), axis=-1).shape)
print(np.concatenate([np.arange(3), np.arange(2)]))
print(np.concatenate([a, b.astype(np.float32)]).dtype)
print(np.concatenate([np.ones(2, dtype=np.uint8), np.ones(2, dtype=np.int8)]).dtype)
try:
    np.concatenate([a, np.ones((2, 2))])
except ValueError as e:
    print(e)
try:
    np.concatenate([a, b], axis=2)
except np.AxisError as e:
    print(e)
