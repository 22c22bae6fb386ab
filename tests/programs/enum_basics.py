from enum import Enum, auto


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Mode(Enum):
    TRAIN = auto()
    EVAL = auto()


class Role(Enum):
    USER = "user"
    ASSISTANT = "assistant"


def describe(c: Color) -> str:
    if c is Color.RED:
        return "warm"
    return "cool"


print(Color.RED, repr(Color.GREEN), Color.BLUE.name, Color.BLUE.value)
print(Color(2), Color(2) is Color.GREEN, describe(Color.RED), describe(Color.BLUE))
print([c.name for c in Color], len(list(Color)))
print(Mode.TRAIN.value, Mode.EVAL.value, Mode.EVAL)
print(Role("user"), Role.ASSISTANT.value)
counts = {Color.RED: 0, Color.BLUE: 5}
counts[Color.RED] += 2
print(counts[Color.RED], Color.RED == Color.RED, Color.RED == Color.GREEN)
try:
    Color(7)
except ValueError as e:
    print(e)
