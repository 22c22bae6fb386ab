import json

PRICES = '{"tiny": {"in": 0.1, "out": 0.4}, "large": {"in": 2.5, "out": 10.0}}'

CALLS = [
    ("tiny", 1200, 300), ("large", 800, 1500), ("tiny", 50, 20),
    ("large", 12000, 400), ("tiny", 999, 1001), ("unknown", 10, 10),
]


def cost(prices: dict, model: str, tin: int, tout: int) -> float:
    p = prices[model]
    return tin / 1_000_000 * float(p["in"]) + tout / 1_000_000 * float(p["out"])


def main() -> None:
    prices = json.loads(PRICES)
    per_model: dict[str, float] = {}
    tokens: dict[str, int] = {}
    skipped = 0
    for model, tin, tout in CALLS:
        if model not in prices:
            skipped += 1
            continue
        c = cost(prices, model, tin, tout)
        per_model[model] = per_model.get(model, 0.0) + c
        tokens[model] = tokens.get(model, 0) + tin + tout
        print(f"{model:<6} in={tin:>6,} out={tout:>6,} ${c:.6f}")
    for m in sorted(per_model):
        print(f"{m}: {tokens[m]:,} tokens, ${per_model[m]:.4f}")
    total = 0.0
    for v in per_model.values():
        total += v
    print(f"total ${total:.4f}, skipped {skipped}")
    print(json.dumps({m: round(v, 6) for m, v in per_model.items()}, sort_keys=True))


main()
