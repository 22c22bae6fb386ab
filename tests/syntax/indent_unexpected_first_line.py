# error: 2: unexpected indent [IndentationError]
    import os
