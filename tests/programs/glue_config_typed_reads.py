import json

CONFIG = """
{
  "model": {"name": "mini-encoder", "dim": 384, "layers": 6, "dropout": 0.1},
  "tokenizer": {"lowercase": true, "max_length": 128, "special": ["[CLS]", "[SEP]", "[PAD]"]},
  "batch_size": 16,
  "labels": ["neg", "neu", "pos"]
}
"""


def read_int(section: dict, key: str, default: int) -> int:
    if key in section:
        return int(section[key])
    return default


def read_str(section: dict, key: str, default: str) -> str:
    if key in section:
        return str(section[key])
    return default


def main() -> None:
    cfg = json.loads(CONFIG)
    model = cfg["model"]
    tok = cfg["tokenizer"]
    name = read_str(model, "name", "unknown")
    dim = read_int(model, "dim", 128)
    layers = read_int(model, "layers", 2)
    heads = read_int(model, "heads", 12)
    dropout = float(model["dropout"])
    print(f"model={name} dim={dim} layers={layers} heads={heads} dropout={dropout}")
    print("head_dim:", dim // heads)
    max_len = int(tok["max_length"])
    lower = bool(tok["lowercase"])
    print("max_len", max_len, "lower", lower)
    specials: list[str] = []
    for s in tok["special"]:
        specials.append(str(s))
    print("specials:", ", ".join(specials))
    labels = [str(x) for x in cfg["labels"]]
    label2id: dict[str, int] = {}
    for i, lab in enumerate(labels):
        label2id[lab] = i
    print(label2id)
    bs = int(cfg["batch_size"])
    total = 1000
    steps = (total + bs - 1) // bs
    print("steps per epoch:", steps)
    print("params approx:", layers * 12 * dim * dim)


main()
