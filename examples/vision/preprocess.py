"""Image preprocessing for a vision model, in numpy: read a binary PPM (P6),
resize it with bilinear interpolation (half-pixel centres, as PIL and
torchvision do without antialiasing), scale to [0, 1], normalise with the
ImageNet mean and standard deviation, and lay it out as NCHW float32 — the
input tensor of a ResNet or ViT.

    python3 examples/vision/preprocess.py --sample OUT.ppm W H   (write a test image)
    python3 examples/vision/preprocess.py IMAGE.ppm [SIZE]        (SIZE default 224)
    bash examples/vision/run.sh [IMAGE.ppm] [SIZE]                (compiled by kiln)
"""
import sys

import numpy as np

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)
SPACE = [9, 10, 13, 32]


def read_ppm(path: str) -> np.ndarray:
    """A binary PPM (P6, maxval 255) as an (H, W, 3) uint8 array."""
    with open(path, "rb") as f:
        data = f.read()
    fields: list[str] = []
    pos = 0
    while len(fields) < 4:
        while pos < len(data) and data[pos] in SPACE:
            pos += 1
        if pos < len(data) and data[pos] == 35:  # '#': a comment to the end of the line
            while pos < len(data) and data[pos] != 10:
                pos += 1
            continue
        start = pos
        while pos < len(data) and data[pos] not in SPACE:
            pos += 1
        if start == pos:
            raise ValueError(f"{path}: not a PPM file (header ends early)")
        fields.append(data[start:pos].decode("ascii"))
    if fields[0] != "P6" or fields[3] != "255":
        raise ValueError(f"{path}: only binary PPM (P6) with maxval 255 is read, not {fields[0]} {fields[3]}")
    w, h = int(fields[1]), int(fields[2])
    pixels = data[pos + 1:pos + 1 + w * h * 3]
    if len(pixels) != w * h * 3:
        raise ValueError(f"{path}: {len(pixels)} bytes of pixels, {w * h * 3} expected")
    return np.array(list(pixels), dtype=np.uint8).reshape(h, w, 3)


def write_sample(path: str, w: int, h: int) -> None:
    """A synthetic test image: colour gradients and a square."""
    out: list[int] = []
    for y in range(h):
        for x in range(w):
            inside = w // 4 <= x < 3 * w // 4 and h // 4 <= y < 3 * h // 4
            out += [x * 255 // max(w - 1, 1), y * 255 // max(h - 1, 1), 200 if inside else 30]
    with open(path, "wb") as f:
        f.write(f"P6\n# kiln example\n{w} {h}\n255\n".encode("ascii"))
        f.write(bytes(out))


def source_coords(n_out: int, n_in: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each output index: the two input indices and the weight of the second."""
    src = (np.arange(n_out, dtype=np.float32) + 0.5) * (n_in / n_out) - 0.5
    src = np.clip(src, 0.0, n_in - 1)
    i0 = np.floor(src).astype(np.int64)
    i1 = np.minimum(i0 + 1, n_in - 1)
    return i0, i1, (src - i0).astype(np.float32)


def resize(img: np.ndarray, out_h: int, out_w: int) -> np.ndarray:
    """Bilinear resize of an (H, W, C) image to (out_h, out_w, C) float32."""
    x = img.astype(np.float32)
    y0, y1, wy = source_coords(out_h, img.shape[0])
    x0, x1, wx = source_coords(out_w, img.shape[1])
    top = x[y0][:, x0] * (1 - wx)[None, :, None] + x[y0][:, x1] * wx[None, :, None]
    bottom = x[y1][:, x0] * (1 - wx)[None, :, None] + x[y1][:, x1] * wx[None, :, None]
    return top * (1 - wy)[:, None, None] + bottom * wy[:, None, None]


def preprocess(img: np.ndarray, size: int) -> np.ndarray:
    """(1, 3, size, size) float32, normalised: a vision model's input."""
    x = resize(img, size, size) / 255.0
    x = (x - MEAN) / STD
    return np.ascontiguousarray(x.transpose(2, 0, 1)[None])


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--sample":
        write_sample(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    if len(sys.argv) not in (2, 3):
        print("usage: preprocess IMAGE.ppm [SIZE] | preprocess --sample OUT.ppm W H", file=sys.stderr)
        sys.exit(2)
    img = read_ppm(sys.argv[1])
    size = int(sys.argv[2]) if len(sys.argv) == 3 else 224
    x = preprocess(img, size)
    print("image", img.shape, img.dtype, "-> input", x.shape, x.dtype)
    for c in range(3):
        print(f"channel {c}: mean {x[0, c].mean():.4f} std {x[0, c].std():.4f} "
              f"min {x[0, c].min():.4f} max {x[0, c].max():.4f}")
    print("corner", np.round(x[0, :, 0, 0], 4), "centre", np.round(x[0, :, size // 2, size // 2], 4))


if __name__ == "__main__":
    main()
