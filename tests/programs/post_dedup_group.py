def dedup(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for it in items:
        key = it.strip().lower()
        if key in seen:
            continue
        seen.add(key)
        out.append(it.strip())
    return out


def group_by_len(words: list[str]) -> dict[int, list[str]]:
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return groups


def count(words: list[str]) -> dict[str, int]:
    c: dict[str, int] = {}
    for w in words:
        c[w] = c.get(w, 0) + 1
    return c


def main() -> None:
    raw = ["Apple", "banana", " apple", "Cherry", "BANANA", "date", "cherry ", "fig"]
    uniq = dedup(raw)
    print(uniq)
    g = group_by_len(uniq)
    for k in sorted(g):
        print(k, g[k])
    text = "the cat sat on the mat the end"
    c = count(text.split())
    common = sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))
    print(common[:3])
    print(dedup(["b", "a", "B", "c"]))
    first_letter: dict[str, set[str]] = {}
    for w in uniq:
        first_letter.setdefault(w[0].lower(), set()).add(w.lower())
    for k, v in sorted(first_letter.items()):
        print(k, sorted(v))


main()
