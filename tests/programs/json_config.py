import json

text = '{"model": "mini", "hidden_size": 384, "layers": [1, 2, 3], "eps": 1e-12, "tags": {"a": true, "b": null}}'
cfg = json.loads(text)
print(cfg["model"], cfg["hidden_size"] * 2, cfg["layers"][1], cfg["eps"])
hidden = int(cfg["hidden_size"])
eps = float(cfg["eps"])
print(hidden + 1, eps * 2)
print(cfg.get("missing"), cfg.get("missing", 7), cfg.get("model"))
for k in cfg:
    print(k, cfg[k])
print(sorted(cfg.keys()), len(cfg["layers"]), "tags" in cfg)
print(json.dumps(cfg))
print(json.dumps(cfg, indent=2, sort_keys=True))
print(json.dumps({"x": [1, 2.5, "é"]}, ensure_ascii=False, separators=(",", ":")))
data = {"name": "kiln", "sizes": [1, 2, 3]}
with open("/tmp/kiln_test_json.json", "w") as f:
    json.dump(data, f, indent=1)
with open("/tmp/kiln_test_json.json") as f:
    back = json.load(f)
print(back["sizes"], back == json.loads(json.dumps(data)))
try:
    json.loads("{bad")
except ValueError as e:
    print("error:", e)
try:
    print(cfg["nope"])
except KeyError as e:
    print("key:", e)
try:
    print(cfg["layers"]["x"])
except TypeError as e:
    print("type:", e)
print(int(cfg["model"]))
