USERS = "/tmp/kiln_corpus_files_tsv_join_users.tsv"
ORDERS = "/tmp/kiln_corpus_files_tsv_join_orders.tsv"


def write(path: str, rows: list[list[str]]) -> None:
    with open(path, "w") as f:
        f.write("\n".join("\t".join(r) for r in rows) + "\n")


def read(path: str) -> list[list[str]]:
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def main() -> None:
    write(USERS, [["1", "ann", "uk"], ["2", "bob", "us"], ["3", "cy", "uk"]])
    write(ORDERS, [["100", "1", "9.99"], ["101", "3", "25.00"], ["102", "1", "3.50"], ["103", "4", "1.00"]])
    users = {r[0]: (r[1], r[2]) for r in read(USERS)}
    per_country: dict[str, float] = {}
    for oid, uid, amount in read(ORDERS):
        if uid not in users:
            print("orphan order", oid)
            continue
        name, country = users[uid]
        print(oid, name, country, amount)
        per_country[country] = per_country.get(country, 0.0) + float(amount)
    for c, total in sorted(per_country.items()):
        print(f"{c}: {total:.2f}")


main()
