from dataclasses import dataclass


@dataclass
class ModelSpec:
    name: str
    kind: str
    dim: int
    local: bool


REGISTRY: dict[str, ModelSpec] = {}


def register(name: str, kind: str, dim: int, local: bool = True) -> None:
    if name in REGISTRY:
        raise KeyError(f"duplicate model {name}")
    REGISTRY[name] = ModelSpec(name, kind, dim, local)


def resolve(name: str) -> str:
    spec = REGISTRY.get(name)
    if spec is None:
        return f"remote:{name}"
    if spec.local:
        return f"local:{spec.name}.so ({spec.kind}, dim={spec.dim})"
    return f"remote:{spec.name}"


def main() -> None:
    register("minilm", "embedding", 384)
    register("bge-small", "embedding", 384)
    register("gemma-embed", "embedding", 768)
    register("gpt-4o", "chat", 0, local=False)
    for n in ["minilm", "gemma-embed", "gpt-4o", "llama-3"]:
        print(n, "->", resolve(n))
    dims = sorted({s.dim for s in REGISTRY.values() if s.kind == "embedding"})
    print(dims)
    by_kind: dict[str, list[str]] = {}
    for s in REGISTRY.values():
        by_kind.setdefault(s.kind, []).append(s.name)
    print(by_kind)
    try:
        register("minilm", "embedding", 384)
    except KeyError as e:
        print("error:", e)
    print(len(REGISTRY), all(s.dim >= 0 for s in REGISTRY.values()))


main()
