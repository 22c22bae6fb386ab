# error: 2: invalid non-printable character U+200B
print("hi")​
