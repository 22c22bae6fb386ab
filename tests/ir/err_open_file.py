# open()'s mode decides the file's type (text or binary), so it must be a constant.
# error: 4: error[K0301]: kiln does not support open() with a mode that is not a constant string yet
mode = "r"
with open("data.txt", mode) as fh:
    print(fh.read())
