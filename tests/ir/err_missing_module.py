# A module that is neither the program's nor provided by kiln is named.
# error: 3: error[K0101]: kiln cannot find the module 'sqlite3': no sqlite3.py next to the program, and kiln does not provide it yet
import sqlite3
print(sqlite3.sqlite_version)
