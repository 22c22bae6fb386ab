RESULTS = [
    ("bert", "sst2", 0.91), ("bert", "mnli", 0.84), ("gpt", "sst2", 0.88),
    ("gpt", "mnli", 0.80), ("t5", "sst2", 0.93), ("t5", "mnli", 0.87), ("bert", "qnli", 0.90),
]


def by_model(rows: list[tuple[str, str, float]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for model, task, acc in rows:
        if model not in out:
            out[model] = []
        out[model].append(acc)
    return out


def pivot(rows: list[tuple[str, str, float]]) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    for model, task, acc in rows:
        table.setdefault(task, {})[model] = acc
    return table


def main() -> None:
    groups = by_model(RESULTS)
    for m, accs in sorted(groups.items()):
        avg = sum(accs, 0.0) / len(accs)
        print(f"{m:<5} n={len(accs)} mean={avg:.3f} best={max(accs)} worst={min(accs)}")
    table = pivot(RESULTS)
    models = sorted({m for m, _, _ in RESULTS})
    print("task".ljust(6) + "".join(m.rjust(7) for m in models))
    for task in sorted(table):
        row = table[task]
        cells = [f"{row[m]:7.2f}" if m in row else "      -" for m in models]
        print(task.ljust(6) + "".join(cells))
    winners = {t: max(r, key=lambda m: r[m]) for t, r in table.items()}
    print(winners)


main()
