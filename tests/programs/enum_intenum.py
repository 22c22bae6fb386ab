# enum.IntEnum: members print as their ints (Python 3.11), repr as members,
# compare, hash and compute with ints and with each other; int() and
# float() of a member; lookup by value; auto() numbering.
import enum
from enum import IntEnum, auto


class Level(IntEnum):
    LOW = 1
    MID = 2
    HIGH = 3


class Priority(enum.IntEnum):
    BACKGROUND = auto()
    NORMAL = auto()
    URGENT = 10


def bump(p: Priority) -> int:
    return p + 1


print(Level.MID, repr(Level.MID), f"{Level.HIGH}", str(Level.LOW), Level.MID.name, Level.MID.value)
print(Level.MID + 1, 1 + Level.MID, Level.HIGH - Level.LOW, Level.MID * 3, Level.HIGH // 2, Level.HIGH / 2)
print(Level.HIGH > Level.LOW, Level.MID == 2, 2 == Level.MID, Level.MID != 3, Level.LOW < 2, Level.LOW >= Level.MID)
print(int(Level.HIGH), float(Level.MID), Level(3), repr(Level(1)), hash(Level.MID) == hash(2))
print([lv.name for lv in Level], [int(p) for p in Priority], bump(Priority.URGENT), Priority.NORMAL)
print(sorted([Level.HIGH, Level.LOW, Level.MID]), Level.HIGH | 4, Level.MID & 3)
counts = {Level.LOW: 0, Level.HIGH: 5}
print(counts[Level.HIGH], Level.MID in (2, 3), 2 in [Level.LOW, Level.MID], Level.LOW in {1: "x"}, 5 in (Level.LOW,))
try:
    Level(7)
except ValueError as e:
    print("ValueError:", e)
print(Level["MID"], repr(Priority["URGENT"]), Priority["NORMAL"] + 0)
try:
    Level["NOPE"]
except KeyError as e:
    print("KeyError:", e)
