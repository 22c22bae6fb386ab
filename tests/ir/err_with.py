# with statements are refused at the statement.
# error: 3: kiln does not support with statements yet
with open("data.txt") as fh:
    print(fh.read())
