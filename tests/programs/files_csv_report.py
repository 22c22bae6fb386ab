PATH = "/tmp/kiln_corpus_files_csv_report.csv"

DATA = [
    ("name", "dept", "salary"),
    ("ann", "eng", "120000"),
    ("bob", "eng", "95000"),
    ("cy", "ops", "70000"),
    ("dee", "sales", "65000"),
    ("eve", "ops", "82000"),
]


def write_csv(path: str) -> None:
    with open(path, "w") as f:
        for row in DATA:
            f.write(",".join(row) + "\n")


def read_csv(path: str) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    with open(path) as f:
        header = f.readline().strip().split(",")
        for line in f:
            vals = line.strip().split(",")
            rows.append(dict(zip(header, vals)))
    return rows


def main() -> None:
    write_csv(PATH)
    rows = read_csv(PATH)
    print(len(rows), rows[0])
    totals: dict[str, int] = {}
    counts: dict[str, int] = {}
    for r in rows:
        d = r["dept"]
        totals[d] = totals.get(d, 0) + int(r["salary"])
        counts[d] = counts.get(d, 0) + 1
    out = PATH + ".summary"
    with open(out, "w") as f:
        for d in sorted(totals):
            f.write(f"{d}\t{counts[d]}\t{totals[d] / counts[d]:.1f}\n")
    with open(out) as f:
        print(f.read(), end="")
    with open(out) as f:
        lines = f.readlines()
    print(len(lines), repr(lines[-1]))
    top = max(rows, key=lambda r: int(r["salary"]))
    print("top earner:", top["name"])


main()
