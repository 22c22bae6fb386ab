def table(headers: list[str], rows: list[list[str]], align: str) -> str:
    widths = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))
    def_line = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    lines = [def_line]
    lines.append("| " + " | ".join(h.center(w) for h, w in zip(headers, widths)) + " |")
    lines.append(def_line.replace("-", "="))
    for r in rows:
        cells = []
        for c, w, a in zip(r, widths, align):
            cells.append(c.ljust(w) if a == "l" else c.rjust(w) if a == "r" else c.center(w))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append(def_line)
    return "\n".join(lines)


def main() -> None:
    rows = [["minilm", "384", "22.7M", "0.81"], ["bge-small", "384", "33.4M", "0.83"], ["gemma", "768", "308M", "0.86"]]
    print(table(["model", "dim", "params", "score"], rows, "lrrc"))
    print(table(["x"], [], "l"))
    print(f"{'left':<10}|{'right':>10}|{'mid':^10}|")
    print(f"{3.14159:>10.3f}|{42:<6d}|{-7:+d}|{1234567:,}|{0.5:%}|{255:#x}|{255:08b}")


main()
