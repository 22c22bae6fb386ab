def shift_char(ch: str, k: int) -> str:
    if "a" <= ch <= "z":
        return chr((ord(ch) - 97 + k) % 26 + 97)
    if "A" <= ch <= "Z":
        return chr((ord(ch) - 65 + k) % 26 + 65)
    return ch


def vigenere(text: str, key: str, sign: int) -> str:
    out = []
    j = 0
    for ch in text:
        if ch.isalpha():
            out.append(shift_char(ch, sign * (ord(key[j % len(key)].lower()) - 97)))
            j += 1
        else:
            out.append(ch)
    return "".join(out)


def crack_caesar(cipher: str) -> tuple[int, str]:
    best = (-1, 0, "")
    for k in range(26):
        plain = "".join(shift_char(c, -k) for c in cipher)
        score = sum(plain.lower().count(w) for w in ["the", "and", "is", "of"])
        if score > best[0]:
            best = (score, k, plain)
    return best[1], best[2]


def main() -> None:
    msg = "The quick brown fox is the king of the jungle and the sea!"
    enc = "".join(shift_char(c, 7) for c in msg)
    print(enc)
    print(crack_caesar(enc))
    v = vigenere(msg, "Lemon", 1)
    print(v)
    print(vigenere(v, "Lemon", -1) == msg)


main()
