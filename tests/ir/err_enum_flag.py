# enum.Flag is refused at its base, naming the enum bases kiln supports.
from enum import Flag


# error: 6: error[K0301]: kiln does not support this enum base (Enum and IntEnum are supported) yet (in class 'Perm')
class Perm(Flag):
    READ = 1
    WRITE = 2


print(Perm.READ | Perm.WRITE)
