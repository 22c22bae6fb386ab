def main() -> None:
    vals = [0.0, 1.0, -2.5, 3.14159265, 1234567.891, 1e-7, 2.5e10]
    for v in vals:
        print(f"{v!r:>14} |{v:10.3f}|{v:<12.4e}|{v:^12g}|{v:+.2%}|")
    for n in [0, 7, -42, 255, 65535, 10**12]:
        print(f"{n:>14,d} {n:#o} {n:#x} {n:#b}" if n < 256 else f"{n:>14,d} {n:_x} {n:e}")
    s = "kiln"
    print(f"[{s:>8}] [{s:<8}] [{s:^8}] [{s:*^9}] [{s!r}] [{s:.2}]")
    print("{:>6}|{:<6}|{:^6}".format("a", "b", "c"), "{0}{1}{0}".format("x", "y"), "{name}-{n:03d}".format(name="id", n=7))
    print("%5.1f%% done, %d/%d, %s" % (42.123, 3, 7, "ok"), "%-6s|%6s|" % ("l", "r"), "%x %o %e" % (255, 8, 12345.678))
    print(format(0.1 + 0.2, ".17g"), format(1 / 3, ".3"), round(2.675, 2), format(-0.0, "f"))


main()
