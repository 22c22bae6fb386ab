# Time to first tensor: load a safetensors file and read one row of its
# first tensor (bench/load.py makes the file and runs this compiled and
# under CPython).
import sys
import time

from safetensors.numpy import load_file


def main() -> None:
    t0 = time.perf_counter()
    w = load_file(sys.argv[1])
    x = w["model.embed_tokens.weight"]
    s = float(x[0].sum())
    t1 = time.perf_counter()
    print(f"{(t1 - t0) * 1000.0:.3f} {len(w)} {s}")


main()
