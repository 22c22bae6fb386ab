ACCENTS = {"á": "a", "à": "a", "é": "e", "è": "e", "ê": "e", "í": "i", "ó": "o", "ö": "o", "ú": "u", "ü": "u", "ñ": "n", "ç": "c"}


def strip_accents(s: str) -> str:
    return "".join(ACCENTS.get(ch, ch) for ch in s)


def collapse_ws(s: str) -> str:
    return " ".join(s.split())


def normalize(s: str, lower: bool = True, accents: bool = True) -> str:
    if lower:
        s = s.lower()
    if accents:
        s = strip_accents(s)
    s = s.replace("\t", " ").replace("\u00a0", " ")
    return collapse_ws(s)


def is_cjk(ch: str) -> bool:
    cp = ord(ch)
    return 0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF


def pad_cjk(s: str) -> str:
    out = []
    for ch in s:
        if is_cjk(ch):
            out.append(" " + ch + " ")
        else:
            out.append(ch)
    return "".join(out)


def main() -> None:
    samples = ["  Héllo\tWÖRLD  ", "Crème  Brûlée", "Niño\u00a0año", "mixed 中文 text", "ÇA VA?"]
    for s in samples:
        print(repr(normalize(s)), repr(normalize(s, lower=False)), repr(normalize(s, accents=False)))
    print(pad_cjk("我爱Python和C").split())
    print([hex(ord(c)) for c in "é中"], chr(0x4E2D), is_cjk("a"))


main()
