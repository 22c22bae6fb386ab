import numpy as np

logits = np.array([[0.1, 2.0, 0.3, -1.0], [1.5, 0.2, 0.2, 3.0], [0.0, 0.0, 5.0, 0.0]], dtype=np.float32)
ids = logits.argmax(axis=-1)
print(ids, ids.dtype)
vocab = ["<pad>", "hello", "world", "!"]
print(" ".join(vocab[int(i)] for i in ids))
conf = logits.max(axis=-1) - logits.mean(axis=-1)
print(conf, conf.dtype)
keep = conf > 1.5
print(ids[keep], np.flatnonzero(keep), np.argwhere(keep))
