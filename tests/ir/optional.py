# None merged with a str makes Optional[str].
# expect: func pick(bool) -> Optional[str]
def pick(flag):
    if flag:
        return "yes"
    return None


print(pick(True))
