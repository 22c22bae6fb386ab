def kv_bytes(layers: int, heads: int, head_dim: int, seq: int, dtype_bytes: int) -> int:
    return 2 * layers * heads * head_dim * seq * dtype_bytes


def human(n: int) -> str:
    units = ["B", "KiB", "MiB", "GiB", "TiB"]
    x = float(n)
    i = 0
    while x >= 1024 and i < len(units) - 1:
        x /= 1024
        i += 1
    return f"{x:.2f} {units[i]}" if i else f"{n} B"


def max_batch(budget: int, per_seq: int) -> int:
    return budget // per_seq if per_seq else 0


def main() -> None:
    models = [("small", 12, 12, 64), ("medium", 24, 16, 64), ("large", 32, 32, 128)]
    budget = 24 * 1024 ** 3
    for name, layers, heads, hd in models:
        for seq in (512, 4096):
            for dt, nbytes in (("f16", 2), ("q8", 1)):
                per = kv_bytes(layers, heads, hd, seq, nbytes)
                print(f"{name:<6} seq={seq:<5} {dt}: {human(per):>11} per seq, batch<= {max_batch(budget, per)}")
    print(human(0), human(1023), human(1024), human(10 ** 13))


main()
