import numpy as np

a = np.arange(6.0).reshape(2, 3)
print(np.einsum("ij,ij->i", a, a), np.einsum("ij,ij->", a, a), np.einsum("i,i", a[0], a[1]))
print(np.einsum("ij->i", a), np.einsum("ij->j", a), np.einsum("ij->", a), np.einsum("ij->ji", a))
sq = np.arange(9).reshape(3, 3)
print(np.einsum("ii->i", sq), np.einsum("ii", sq), np.einsum("ij,j->i", a, np.array([1.0, 0.0, -1.0])))
print(np.einsum("i,j->ij", np.arange(3), np.arange(4)))
f = np.arange(4, dtype=np.float32)
print(np.einsum("i,i->", f, f), np.einsum("i,i->", f, f).dtype)
try:
    np.einsum("ij,jk->ik", a, a)
except ValueError as e:
    print("ValueError")
