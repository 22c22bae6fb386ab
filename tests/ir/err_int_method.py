# A method the op library has no row for names the receiver's type.
n = 255
# error: 4: error[K0401]: kiln has no method bit_length for int (no op-library row '.bit_length(int)')
print(n.bit_length())
