# An operation with no op-library row names the callee and the inferred types.
# error: 4: error[K0401]: kiln does not support '-' on (str, int) yet
s = "abc"
print(s - 1)
