import json

FLAGS = '{"new_tokenizer": {"enabled": true, "rollout": 50}, "fast_path": {"enabled": false, "rollout": 100}, "beta_ui": {"enabled": true, "rollout": 10, "allow": ["ann", "bob"]}}'


def bucket(user: str) -> int:
    h = 0
    for ch in user:
        h = (h * 131 + ord(ch)) % 1000003
    return h % 100


def is_on(flags: dict, name: str, user: str) -> bool:
    if name not in flags:
        return False
    f = flags[name]
    if not f["enabled"]:
        return False
    if "allow" in f and user in f["allow"]:
        return True
    return bucket(user) < int(f["rollout"])


def main() -> None:
    flags = json.loads(FLAGS)
    users = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]
    print({u: bucket(u) for u in users})
    for name in ["new_tokenizer", "fast_path", "beta_ui", "missing"]:
        on = [u for u in users if is_on(flags, name, u)]
        print(f"{name:<14} {len(on)}/{len(users)} {on}")


main()
