# A module that is neither next to the program nor provided by kiln.
# error: 3: error[K0101]: kiln cannot find the module 'nosuchmodule': no nosuchmodule.py next to the program, and kiln does not provide it yet
import nosuchmodule
