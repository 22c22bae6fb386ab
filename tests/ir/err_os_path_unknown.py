# A function of the submodule os.path that kiln lacks, reached through os.
# error: 4: error[K0103]: kiln does not provide os.path.getmtime() yet (it provides part of the module os.path)
import os
print(os.path.getmtime("x"))
