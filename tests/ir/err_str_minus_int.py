# An operation no op-library row matches names the operator and the types inferred.
name = "kiln"
# error: 4: error[K0401]: kiln does not support '-' on (str, int) yet (no op-library row)
print(name - 1)
