def utf8_len(s: str) -> int:
    return len(s.encode("utf-8"))


def to_hex(s: str) -> str:
    return " ".join(f"{b:02x}" for b in s.encode())


def main() -> None:
    for s in ["abc", "café", "日本語", "🙂!", ""]:
        print(repr(s), len(s), utf8_len(s), to_hex(s), s.encode())
    print("hello".encode("ascii"), "ÿé".encode("latin-1"), "x".encode("UTF8"))
    data = bytes([104, 105, 0, 255])
    print(data, len(data), bytes([]), bytes(range(65, 70)).decode())
    print(bytes("é".encode("utf-8")).decode("utf-8"))
    path = "models/encoders/mini.safetensors"
    print(path.rsplit("/", 1), path.rsplit(".", 1)[1], path.rsplit("/"), "a b  c ".rsplit())
    print("k=v=w".rsplit("=", 1), "x".rsplit(",", 3), "1,2,3,4".rsplit(",", 2))
    for bad in ["naïve", "a😀😀b"]:
        try:
            print(bad.encode("ascii"))
        except UnicodeEncodeError as e:
            print("error:", e)
    try:
        print("€".encode("latin-1"))
    except UnicodeError as e:
        print("error:", e)
    try:
        print("x".encode("klingon"))
    except LookupError as e:
        print("error:", e)
    try:
        print(bytes([1, 256]))
    except ValueError as e:
        print("error:", e)
    print(bytes([300]))


main()
