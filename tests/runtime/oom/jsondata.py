"""json.loads and json.dumps under allocation failure."""
import json


def main() -> None:
    doc = '{"name": "kiln", "tags": ["a", "b\\u00e9"], "n": [1, 2.5, null, true], "nested": {"k": {"x": -3}}}'
    v = json.loads(doc)
    print(v["name"], v["tags"], v["nested"]["k"]["x"])
    print(json.dumps(v, sort_keys=True))
    print(json.dumps([{"i": i, "sq": i * i} for i in range(5)], indent=2))


main()
