# A builtin called with argument types it has no row for.
count = 5
# error: 4: error[K0401]: kiln does not support len(int) yet (no op-library row)
print(len(count))
