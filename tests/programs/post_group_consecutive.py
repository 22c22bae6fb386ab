def group_runs(labels: list[str]) -> list[tuple[str, int, int]]:
    runs: list[tuple[str, int, int]] = []
    start = 0
    for i in range(1, len(labels) + 1):
        if i == len(labels) or labels[i] != labels[start]:
            runs.append((labels[start], start, i))
            start = i
    return runs


def smooth_short(labels: list[str], min_len: int) -> list[str]:
    runs = group_runs(labels)
    out = labels[:]
    for k, (lab, s, e) in enumerate(runs):
        if e - s < min_len and 0 < k < len(runs) - 1 and runs[k - 1][0] == runs[k + 1][0]:
            for i in range(s, e):
                out[i] = runs[k - 1][0]
    return out


def main() -> None:
    frames = list("SSSSMMSSSMMMMMMSMMMSSS")
    print(group_runs(frames))
    sm = smooth_short(frames, 2)
    print("".join(sm))
    print(group_runs(sm))
    print(group_runs([]), group_runs(["x"]))


main()
